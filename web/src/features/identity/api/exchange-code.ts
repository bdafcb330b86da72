/** POST {backend}/security/token {code, redirectUrl}: the one-time code of a hosted sign-in for a token. */
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';

type Token = ApiData<'postBackendSecurityToken'>;

export async function exchangeCode(code: string, redirectUrl: string): Promise<Token> {
  const body: ApiBody<'postBackendSecurityToken'> = { code, redirectUrl };
  const response = await getApiClient().post<{ data: Token }>('/security/token', body, { skipAuth: true });
  return response.data;
}
