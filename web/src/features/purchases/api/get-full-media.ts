/** GET /media/{id}?kind=full: the signed URL of the whole file (spends a credit when that is how it was unlocked). */
import { callAnswer, type Answer } from '@/lib/call-result';

export interface FullMedia {
  url: string;
  isPreview: boolean;
  expires?: number | string | null;
}

/** 403 NOT_ENTITLED and 401 come back as answers. */
export function getFullMedia(articleId: number, asGuest = false): Promise<Answer<FullMedia>> {
  return callAnswer<FullMedia>('GET', `/media/${articleId}`, { query: { kind: 'full' }, skipAuth: asGuest });
}
