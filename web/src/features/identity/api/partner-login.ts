/** POST {backend}/partner/login/{tenant} {redirectUrl, lang, tenantName}: the partner's sign-in URL. */
import { useMutation } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { portalStore } from '@/lib/store';

export interface PartnerLoginRequest {
  redirectUrl: string;
  lang: string;
}

export async function partnerLogin({ redirectUrl, lang }: PartnerLoginRequest): Promise<string> {
  const tenantName = portalStore.getState().tenant;
  const response = await getApiClient().post<{ data: { url: string } }>(`/partner/login/${encodeURIComponent(tenantName)}`, { redirectUrl, lang, tenantName }, { skipAuth: true });
  return response.data.url;
}

export function usePartnerLogin() {
  return useMutation({ mutationFn: partnerLogin });
}
