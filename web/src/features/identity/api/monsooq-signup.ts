/**
 * POST {backend}/monsooq/mss-login/api/session/signup {redirectionUrl, lang}: the operator's secure
 * sign-in page (Monsooq MSS login), which recognises the subscriber on the operator's network, signs
 * them in and returns to redirectionUrl. Used for tenants flagged `monsooqMent` (signing in to
 * subscribe) and `autoLogin.hasSecureLoginUrl` (the automatic sign-in, spec 1 §4 step 8).
 */
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import type { ApiBody, ApiData } from '@/lib/api-schema';
import { browser } from '@/lib/browser';

export async function monsooqSignup(redirectionUrl: string, lang: LanguageCode): Promise<string> {
  const body: ApiBody<'postBackendMonsooqMssLoginApiSessionSignup'> = { redirectionUrl, lang };
  const response = await getApiClient().post<{ data: ApiData<'postBackendMonsooqMssLoginApiSessionSignup'> }>('/monsooq/mss-login/api/session/signup', body, { skipAuth: true });
  return response.data.url;
}

/**
 * Goes to the operator's secure sign-in page; when the server gives none (the call fails), to
 * `fallback` (the hosted sign-in page), so the visitor can always sign in.
 */
export async function operatorSecureSignIn(redirectionUrl: string, lang: LanguageCode, fallback: string): Promise<void> {
  let target = fallback;
  try {
    const url = await monsooqSignup(redirectionUrl, lang);
    if (url) target = url;
  } catch (error) {
    console.error('The operator sign-in page could not be asked for; using the hosted sign-in', error);
  }
  browser.assign(target);
}
