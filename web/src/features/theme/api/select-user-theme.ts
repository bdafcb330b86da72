/** PUT {backend}/user/selectUserTheme {alternatTheme}: saves the signed-in user's theme (returns the error, never throws). */
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

/** The saved theme choice (null: none yet). */
export type UserTheme = ApiData<'putBackendUserSelectUserTheme'>;

export async function selectUserTheme(alternatTheme: boolean): Promise<ApiResult<UserTheme>> {
  const body: ApiBody<'putBackendUserSelectUserTheme'> = { alternatTheme };
  const result = await settle(getApiClient().put<{ data: UserTheme }>('/user/selectUserTheme', body));
  if (!result.ok) console.error('Could not save the theme', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}
