/**
 * GET /media/{id}?kind=full[&consume=true]: the signed URL of the whole file. Where only a credit unlocks it, the credit
 * is spent only with `consume` (the user confirmed); without it the answer is the preview (isPreview), as /song's.
 */
import type { ApiQuery } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';
import type { FullMedia } from '../types';

export type { FullMedia };

/** 403 NOT_ENTITLED and 401 come back as answers. */
export function getFullMedia(articleId: number, asGuest = false, consume = false): Promise<Answer<FullMedia>> {
  // `consume` goes as the text "true", as before (the document types it as a boolean; the query string is text either way).
  const query: Omit<ApiQuery<'getBackendMediaArticleId'>, 'consume'> & Partial<Record<'consume', 'true'>> = { kind: 'full', ...(consume ? { consume: 'true' as const } : {}) };
  return callAnswer<FullMedia>('GET', `/media/${articleId}`, { query, skipAuth: asGuest });
}
