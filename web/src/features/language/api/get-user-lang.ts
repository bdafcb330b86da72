/** GET {backend}/user/checkUserLang: the signed-in user's saved language (returns the error, never throws). */
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import type { UserLanguage } from './select-user-lang';

export async function getUserLang(): Promise<ApiResult<UserLanguage>> {
  const result = await settle(getApiClient().get<{ data: UserLanguage }>('/user/checkUserLang'));
  if (!result.ok) console.error('Could not read the saved language', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}
