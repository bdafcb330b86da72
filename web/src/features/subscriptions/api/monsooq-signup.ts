/** POST {backend}/monsooq/mss-login/api/session/signup {redirectionUrl, lang}: the operator sign-in page that signs in and returns. */
import { useMutation } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';

export async function monsooqSignup(redirectionUrl: string, lang: string): Promise<string> {
  const response = await getApiClient().post<{ data: { url: string } }>('/monsooq/mss-login/api/session/signup', { redirectionUrl, lang }, { skipAuth: true });
  return response.data.url;
}

export function useMonsooqSignup() {
  return useMutation({ mutationFn: ({ redirectionUrl, lang }: { redirectionUrl: string; lang: string }) => monsooqSignup(redirectionUrl, lang) });
}
