/**
 * POST {backend}/logout {redirectUrl, lang}: revokes the session and answers where the browser goes.
 * The bearer is passed explicitly (the token may be expired; a 401 must not reload the page).
 */
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

export async function requestLogout(redirectUrl: string, lang: string, accessToken: string | null): Promise<string | null> {
  const headers: Record<string, string> = accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
  const body: ApiBody<'postBackendLogout'> = { redirectUrl, lang };
  const response = await getApiClient().post<{ data?: Partial<ApiData<'postBackendLogout'>> }>('/logout', body, { skipAuth: true, headers });
  const url = response.data?.url;
  return typeof url === 'string' && url !== '' ? url : null;
}
