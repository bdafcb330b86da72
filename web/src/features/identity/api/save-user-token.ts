/**
 * POST {backend}/userToken {accessToken}: the server keeps the access token in the HttpOnly
 * `user_token` cookie, so the next page's first paint already knows the user. An empty token
 * clears it.
 */
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

export async function saveUserToken(accessToken: string): Promise<void> {
  const body: ApiBody<'postBackendUserToken'> = { accessToken };
  await getApiClient().post<{ data: ApiData<'postBackendUserToken'> }>('/userToken', body, { skipAuth: true });
}
