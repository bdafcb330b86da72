/** GET {backend}/user/checkUserTheme: the signed-in user's saved theme (returns the error, never throws). */
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-schema';

export type SavedTheme = ApiData<'getBackendUserCheckUserTheme'>;

export async function getUserTheme(): Promise<ApiResult<SavedTheme>> {
  const result = await settle(getApiClient().get<{ data: SavedTheme }>('/user/checkUserTheme'));
  if (!result.ok) console.error('Could not read the saved theme', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}
