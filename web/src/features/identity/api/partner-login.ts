/** POST {backend}/partner/login/{tenant} {redirectUrl, lang, tenantName}: the partner's sign-in URL. */
import { useMutation } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import { portalStore } from '@/lib/store';

export type PartnerLoginRequest = Required<ApiBody<'postBackendPartnerLoginTenant'>>;

/**
 * The body also carries `tenantName`, as docs/contracts.md lists it; the server takes the tenant
 * from the path and its document does not name the field.
 */
export async function partnerLogin({ redirectUrl, lang }: PartnerLoginRequest): Promise<string> {
  const tenantName = portalStore.getState().tenant;
  const body: ApiBody<'postBackendPartnerLoginTenant'> & Record<'tenantName', string> = { redirectUrl, lang, tenantName };
  const response = await getApiClient().post<{ data: ApiData<'postBackendPartnerLoginTenant'> }>(`/partner/login/${encodeURIComponent(tenantName)}`, body, { skipAuth: true });
  return response.data.url;
}

export function usePartnerLogin() {
  return useMutation({ mutationFn: partnerLogin });
}
