/**
 * GET {backend}/partner/loginOptions/{tenant}?lang={locale}: a partner tenant's sign-in ways as its partner defines them
 * (commerce §7 getPartnerLoginOptions(url, locale, tenant); issue 72 item 7). The server asks the partner's address,
 * which the tenant's configuration holds (a browser may not call a third party, and what comes back is checked there),
 * and answers the ways in the partner's order with the partner's words for them. Kept by ../partner-login-options.ts.
 */
import { getApiClient } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-schema';
import { isLoginOption, type PartnerLoginOptions } from '@/lib/store';

export const PARTNER_LOGIN_OPTIONS_PATH = '/partner/loginOptions';

/**
 * getPartnerLoginOptions(url, locale, tenant) of the spec: `url` is the call's address on the backend (the partner's
 * own is the server's to know). Rejects when the tenant has no partner options, the partner failed, or none of its
 * ways is one the storefront knows.
 */
export async function getPartnerLoginOptions(url: string, locale: string, tenant: string): Promise<PartnerLoginOptions> {
  const response = await getApiClient().get<{ data: ApiData<'getBackendPartnerLoginOptionsTenant'> }>(`${url}/${encodeURIComponent(tenant)}?lang=${encodeURIComponent(locale)}`, { skipAuth: true });
  const answer = response.data;
  const options = answer.options.flatMap((option) => (isLoginOption(option.id) ? [{ id: option.id, label: option.label ?? null }] : []));
  if (options.length === 0) throw new Error('The partner offers no sign-in way the storefront knows');
  return { tenant: answer.tenant, lang: answer.lang, options };
}
