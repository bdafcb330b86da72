/**
 * POST /game/download {articleId, distributionChannel, deviceId, consume?}: a signed, expiring download `uri`; 403
 * NOT_ENTITLED; 409 CONFIRMATION_REQUIRED without `consume` where only a credit would pay for it.
 */
import { DISTRIBUTION_CHANNEL } from '@/config/env';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { DownloadLink } from '../types';

/** `lang`: the page's language, which the saved file's name is written in (issue 72 item 16). */
export function downloadGame(articleId: number, deviceId: string, consume = false, lang?: string): Promise<Answer<DownloadLink>> {
  const body: ApiBody<'postBackendGameDownload'> = { articleId, distributionChannel: DISTRIBUTION_CHANNEL, deviceId, ...(consume ? { consume: true } : {}) };
  return callAnswer<DownloadLink>('POST', '/game/download', { body, ...(lang ? { query: { lang } } : {}) });
}
