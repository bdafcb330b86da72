/**
 * GET /media/{id}?kind=full[&consume=true]: the signed URL of the whole file. Where only a credit unlocks it, the credit
 * is spent only with `consume` (the user confirmed); without it the answer is the preview (isPreview), as /song's.
 */
import { callAnswer, type Answer } from '@/lib/call-result';

export interface FullMedia {
  url: string;
  isPreview: boolean;
  expires?: number | string | null;
}

/** 403 NOT_ENTITLED and 401 come back as answers. */
export function getFullMedia(articleId: number, asGuest = false, consume = false): Promise<Answer<FullMedia>> {
  return callAnswer<FullMedia>('GET', `/media/${articleId}`, { query: { kind: 'full', ...(consume ? { consume: 'true' } : {}) }, skipAuth: asGuest });
}
