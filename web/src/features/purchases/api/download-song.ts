/** POST /song/download {articleId, distributionChannel, deviceId, collectionId?}: a signed, expiring download `uri`; 403 NOT_ENTITLED. */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import { callAnswer, type Answer } from '@/lib/call-result';

export interface DownloadLink {
  uri: string;
  expires?: number | string | null;
}

export function downloadSong(articleId: number, deviceId: string, collectionId?: number | null): Promise<Answer<DownloadLink>> {
  return callAnswer<DownloadLink>('POST', '/song/download', {
    body: { articleId, distributionChannel: DISTRIBUTION_CHANNEL, deviceId, ...(collectionId ? { collectionId } : {}) },
  });
}
