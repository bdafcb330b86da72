/**
 * POST /game/play (signed in: the entitlement decision) or /game/play-free (a free online game, guests too):
 * the game page's URL and the session its scores are posted with. Errors come back as answers.
 */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { PlayAnswer } from '../types';

export function playGame(articleId: number, deviceId: string, free: boolean, asGuest: boolean): Promise<Answer<PlayAnswer>> {
  return callAnswer<PlayAnswer>('POST', free ? '/game/play-free' : '/game/play', {
    body: { articleId, distributionChannel: DISTRIBUTION_CHANNEL, deviceId },
    skipAuth: asGuest,
  });
}
