/** POST {backend}/security/token/refresh {refreshToken}: a new (rotated) token. */
import { getApiClient } from '@/lib/api-client';
import type { AuthToken } from '@/lib/auth-token';

export async function refreshToken(refreshTokenValue: string): Promise<AuthToken> {
  const response = await getApiClient().post<{ data: AuthToken }>('/security/token/refresh', { refreshToken: refreshTokenValue }, { skipAuth: true });
  return response.data;
}
