/**
 * Where sign-in happens (spec §7, commerce §2, docs/contracts.md): the backend's hosted pages
 * `{backend}/login/{tenant}?lang&redirectUrl` and `{backend}/register/{tenant}?lang&redirectUrl`.
 * After a sign-in the backend sends the browser back to `redirectUrl` with `code` added; the code
 * is exchanged with that same URL, so both sides must spell the return URL the same way: absolute,
 * no fragment, and no `code` parameter.
 */
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';

/** Commerce §2: login return URLs carry these when present, so a purchase resumes after sign-in. */
export const LOGIN_RETURN_PARAMS = ['articleId', 'purchaseType', 'typeID', 'subTypeId'] as const;
export type LoginReturnParams = Partial<Record<(typeof LOGIN_RETURN_PARAMS)[number], string | number | null | undefined>>;

export type SignInMethod = 'email' | 'operator';

function backendBase(): { base: string; tenant: string } {
  const { baseUrl, tenantName } = getApiClient().config;
  return { base: baseUrl.replace(/\/+$/, ''), tenant: tenantName };
}

/** Removes every `code` parameter from a query string, leaving the others exactly as written. */
export function removeCodeParam(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== 'code');
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/** The page URL the code was issued for: absolute, without `code` and without fragment. */
export function urlWithoutCode(url: URL): string {
  return `${url.origin}${url.pathname}${removeCodeParam(url.search)}`;
}

/**
 * The absolute URL a sign-in returns to: `target` (a path or absolute URL on this site) plus the
 * commerce return parameters that are given and not already there.
 */
export function loginReturnUrl(target: string, params: LoginReturnParams = {}, origin = window.location.origin): string {
  const url = new URL(target, origin);
  let search = removeCodeParam(url.search);
  for (const name of LOGIN_RETURN_PARAMS) {
    const value = params[name];
    if (value === undefined || value === null || value === '' || url.searchParams.has(name)) continue;
    search += `${search ? '&' : '?'}${name}=${encodeURIComponent(String(value))}`;
  }
  return `${url.origin}${url.pathname}${search}`;
}

function hostedUrl(page: 'login' | 'register' | 'password/forgot', lang: LanguageCode, returnUrl: string, tail = ''): string {
  const { base, tenant } = backendBase();
  const query = new URLSearchParams({ lang, redirectUrl: returnUrl });
  return `${base}/${page}/${encodeURIComponent(tenant)}${tail}?${query.toString()}`;
}

/**
 * The hosted sign-in page; for the operator method, the sign-in by the operator's network
 * (`{backend}/login/{tenant}/network`): the tenant's mobile operator recognises the subscriber by its network (CAMARA
 * Number Verification, with its code by SMS off the network), or in the dev stage the demo's operator page plays the
 * network; either signs the subscriber in and returns with a code (issue 75 item 4).
 */
export function hostedLoginUrl(lang: LanguageCode, returnUrl: string, method: SignInMethod = 'email'): string {
  return method === 'operator' ? hostedUrl('login', lang, returnUrl, '/network') : hostedUrl('login', lang, returnUrl);
}

export function hostedRegisterUrl(lang: LanguageCode, returnUrl: string): string {
  return hostedUrl('register', lang, returnUrl);
}

/** A `?redirect=` value is only followed when it is a path on this site (no open redirect). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The hosted "send me a reset link" page. */
export function forgotPasswordUrl(lang: LanguageCode, returnUrl: string): string {
  return hostedUrl('password/forgot', lang, returnUrl);
}
