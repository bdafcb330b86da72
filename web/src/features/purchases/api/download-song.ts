/**
 * POST /song/download {articleId, distributionChannel, deviceId, collectionId?, consume?}: a signed, expiring download
 * `uri`; 403 NOT_ENTITLED; 409 CONFIRMATION_REQUIRED when only a credit would pay for it and `consume` is not true
 * (the user did not confirm spending it: nothing is spent). An album or audiobook's `uri` is one zip of its files.
 */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { DownloadLink } from '../types';

export type { DownloadLink };

/** `lang`: the page's language, which the saved file's name is written in (issue 72 item 16). */
export function downloadSong(articleId: number, deviceId: string, collectionId?: number | null, consume = false, lang?: string): Promise<Answer<DownloadLink>> {
  const body: ApiBody<'postBackendSongDownload'> = {
    articleId,
    distributionChannel: DISTRIBUTION_CHANNEL,
    deviceId,
    ...(collectionId ? { collectionId } : {}),
    ...(consume ? { consume: true } : {}),
  };
  return callAnswer<DownloadLink>('POST', '/song/download', { body, ...(lang ? { query: { lang } } : {}) });
}
