/** PUT {backend}/user/selectUserLang {selectedLang}: saves the signed-in user's language (returns the error, never throws). */
import type { LanguageCode } from '@/config/languages';
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

/** The saved language choice (null: none yet). */
export type UserLanguage = ApiData<'putBackendUserSelectUserLang'>;

export async function selectUserLang(selectedLang: LanguageCode): Promise<ApiResult<UserLanguage>> {
  const body: ApiBody<'putBackendUserSelectUserLang'> = { selectedLang };
  const result = await settle(getApiClient().put<{ data: UserLanguage }>('/user/selectUserLang', body));
  if (!result.ok) console.error('Could not save the language', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}
