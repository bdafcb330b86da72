/** POST /game/download {articleId, distributionChannel, deviceId}: a signed, expiring download `uri`; 403 NOT_ENTITLED. */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { DownloadLink } from './download-song';

export function downloadGame(articleId: number, deviceId: string): Promise<Answer<DownloadLink>> {
  return callAnswer<DownloadLink>('POST', '/game/download', { body: { articleId, distributionChannel: DISTRIBUTION_CHANNEL, deviceId } });
}
