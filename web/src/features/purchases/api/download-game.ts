/**
 * POST /game/download {articleId, distributionChannel, deviceId, consume?}: a signed, expiring download `uri`; 403
 * NOT_ENTITLED; 409 CONFIRMATION_REQUIRED without `consume` where only a credit would pay for it.
 */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { DownloadLink } from './download-song';

export function downloadGame(articleId: number, deviceId: string, consume = false): Promise<Answer<DownloadLink>> {
  return callAnswer<DownloadLink>('POST', '/game/download', {
    body: { articleId, distributionChannel: DISTRIBUTION_CHANNEL, deviceId, ...(consume ? { consume: true } : {}) },
  });
}
