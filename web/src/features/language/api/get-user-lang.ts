/** GET {backend}/user/checkUserLang: the signed-in user's saved language (returns the error, never throws). */
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-schema';

export type SavedLanguage = ApiData<'getBackendUserCheckUserLang'>;

export async function getUserLang(): Promise<ApiResult<SavedLanguage>> {
  const result = await settle(getApiClient().get<{ data: SavedLanguage }>('/user/checkUserLang'));
  if (!result.ok) console.error('Could not read the saved language', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}
