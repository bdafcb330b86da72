/**
 * POST /game/play (signed in: the entitlement decision) or /game/play-free (a free online game, guests too):
 * the game page's URL and the session its scores are posted with. Errors come back as answers; /game/play answers
 * 409 CONFIRMATION_REQUIRED where only a credit would pay and `consume` (the user confirmed spending it) is not set.
 * On the arcade page a game starts through POST /game/arcade-competition (commerce §7): the same play (free games as
 * play-free, paid ones as play) entering the game's competition, with its players and the caller's standing.
 */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { ArcadeAnswer, ArcadeBody, PlayAnswer, PlayBody } from '../types';

export function playGame(articleId: number, deviceId: string, free: boolean, asGuest: boolean, consume = false): Promise<Answer<PlayAnswer>> {
  return callAnswer<PlayAnswer>('POST', free ? '/game/play-free' : '/game/play', {
    body: { articleId, distributionChannel: DISTRIBUTION_CHANNEL, deviceId, ...(consume && !free ? { consume: true } : {}) } satisfies PlayBody,
    skipAuth: asGuest,
  });
}

/** `protocol`: the page's own (http or https), the scheme the game's address is given in. */
export function playArcade(contentId: number, deviceId: string, asGuest: boolean, consume = false): Promise<Answer<ArcadeAnswer>> {
  const protocol = typeof window === 'undefined' ? 'https' : window.location.protocol.replace(':', '');
  return callAnswer<ArcadeAnswer>('POST', '/game/arcade-competition', {
    body: { contentId, protocol, deviceId, ...(consume ? { consume: true } : {}) } satisfies ArcadeBody,
    skipAuth: asGuest,
  });
}
