/**
 * POST /game/play (signed in: the entitlement decision) or /game/play-free (a free online game, guests too):
 * the game page's URL and the session its scores are posted with. Errors come back as answers; /game/play answers
 * 409 CONFIRMATION_REQUIRED where only a credit would pay and `consume` (the user confirmed spending it) is not set.
 */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { PlayAnswer, PlayBody } from '../types';

export function playGame(articleId: number, deviceId: string, free: boolean, asGuest: boolean, consume = false): Promise<Answer<PlayAnswer>> {
  return callAnswer<PlayAnswer>('POST', free ? '/game/play-free' : '/game/play', {
    body: { articleId, distributionChannel: DISTRIBUTION_CHANNEL, deviceId, ...(consume && !free ? { consume: true } : {}) } satisfies PlayBody,
    skipAuth: asGuest,
  });
}
