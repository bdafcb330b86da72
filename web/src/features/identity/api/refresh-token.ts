/** POST {backend}/security/token/refresh {refreshToken}: a new (rotated) token. */
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

type Token = ApiData<'postBackendSecurityTokenRefresh'>;

export async function refreshToken(refreshTokenValue: string): Promise<Token> {
  const body: ApiBody<'postBackendSecurityTokenRefresh'> = { refreshToken: refreshTokenValue };
  const response = await getApiClient().post<{ data: Token }>('/security/token/refresh', body, { skipAuth: true });
  return response.data;
}
