/** POST {backend}/security/token {code, redirectUrl}: the one-time code of a hosted sign-in for a token. */
import { getApiClient } from '@/lib/api-client';
import type { AuthToken } from '@/lib/auth-token';

export async function exchangeCode(code: string, redirectUrl: string): Promise<AuthToken> {
  const response = await getApiClient().post<{ data: AuthToken }>('/security/token', { code, redirectUrl }, { skipAuth: true });
  return response.data;
}
