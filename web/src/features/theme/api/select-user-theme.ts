/** PUT {backend}/user/selectUserTheme {alternatTheme}: saves the signed-in user's theme (returns the error, never throws). */
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';

export interface UserTheme {
  alternatTheme: boolean;
}

export async function selectUserTheme(alternatTheme: boolean): Promise<ApiResult<UserTheme>> {
  const result = await settle(getApiClient().put<{ data: UserTheme }>('/user/selectUserTheme', { alternatTheme }));
  if (!result.ok) console.error('Could not save the theme', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}
