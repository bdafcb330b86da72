/** GET {backend}/media/{articleId}?kind=preview|full: a playable URL (previews public, full files signed). */
import { getApiClient } from '@/lib/api-client';
import type { MediaUrl } from '../types';

/**
 * `asGuest`: ask without the session (a free game for a guest), so a 401 is an answer for the
 * caller rather than the page reload a lost session causes.
 */
export async function getMediaUrl(articleId: number, kind: 'preview' | 'full', asGuest = false): Promise<MediaUrl> {
  const response = await getApiClient().get<{ data: MediaUrl }>(`/media/${articleId}`, { query: { kind }, skipAuth: asGuest });
  return response.data;
}
