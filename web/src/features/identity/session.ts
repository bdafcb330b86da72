/**
 * The authentication sequence (spec §4 steps 1–8, docs/contracts.md "Identity").
 *
 * Runs once per page load, before the first page renders (the root loader and the route guards
 * await it):
 *  1. `?code=` on any page: exchanged for a token (POST /security/token with the page URL without
 *     `code`); the loader then drops `code` from the address.
 *  2. Otherwise an expired access token is refreshed; a refresh the server refuses (400, 401) logs
 *     out. A refresh that got no answer (offline, network error) or a server error keeps the session
 *     and its token (tracks kept offline stay reachable); the next call tries again.
 *  3. No token (or no refresh token): logged out.
 *  4. A valid token loads the profile (the server payload's `user` spares that request on first
 *     paint); a profile load the server refuses logs out (unreachable: the token stays, guest for now).
 *  5. Role `user` once the profile has loaded (first role `user`), `client` otherwise.
 *  8. A guest with the tenant's provider cookie, no `user_token` cookie and no code is sent to the
 *     hosted sign-in at once (auto-login), at most once a minute so a failing operator cannot loop.
 * Every new token is also handed to the server (POST /userToken) for the next first paint.
 * Step 6 is `logout`, step 7 `installCrossTabReload`. During the session `getValidAccessToken`
 * refreshes an expired token before a request (one refresh at a time); when that refresh fails
 * mid-session (the user was signed in on this page) the `session-expired` dialog opens instead of
 * the silent reload a 401 would cause (`isSessionExpired` tells the API client's 401 handler).
 */
import type { QueryClient } from '@tanstack/react-query';
import { isLanguageCode, type LanguageCode } from '@/config/languages';
import { splitLanguagePrefix } from '@/config/paths';
import { AUTH_TOKEN_KEY, clearAuthToken, isTokenExpired, readAuthToken, writeAuthToken, type AuthToken } from '@/lib/auth-token';
import { browser, leavingPage } from '@/lib/browser';
import { ApiError } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';
import { openDialog } from '@/lib/dialogs';
import { portalStore, type Role } from '@/lib/store';
import { exchangeCode } from './api/exchange-code';
import { PROFILE_QUERY_KEY, getProfile, type UserProfile } from './api/get-profile';
import { requestLogout } from './api/logout';
import { operatorSecureSignIn } from './api/monsooq-signup';
import { refreshToken } from './api/refresh-token';
import { saveUserToken } from './api/save-user-token';
import { hostedLoginUrl, urlWithoutCode } from './login-urls';
import { holdOperatorSignIn, offOperatorNetwork } from './operator-network';

export const USER_TOKEN_COOKIE = 'user_token';
const AUTO_LOGIN_GUARD_KEY = 'portal:auto-login';
export const AUTO_LOGIN_RETRY_MS = 60_000;

export interface SessionResult {
  role: Role;
  /** True when this page load completed a hosted sign-in (a code was exchanged). */
  signedInNow: boolean;
}

interface SessionContext {
  queryClient: QueryClient | null;
  payloadUser: UserProfile | null;
}

let context: SessionContext = { queryClient: null, payloadUser: null };
let running: Promise<SessionResult> | null = null;
let refreshing: Promise<AuthToken | null> | null = null;
let removeStorageListener: (() => void) | null = null;
let expired = false;

/** Start-up hands over the query cache (for the profile) and the payload's `user`. */
export function initSession(next: SessionContext): void {
  context = next;
  running = null;
  refreshing = null;
  expired = false;
}

/** True once a refresh failed mid-session on this page (the `session-expired` dialog is showing or was). */
export function isSessionExpired(): boolean {
  return expired;
}

export function resetSession(): void {
  initSession({ queryClient: null, payloadUser: null });
  removeStorageListener?.();
  removeStorageListener = null;
}

function roleOf(profile: UserProfile): Role {
  return profile.roles[0] === 'user' ? 'user' : 'client';
}

function signIn(profile: UserProfile): Role {
  const role = roleOf(profile);
  context.queryClient?.setQueryData(PROFILE_QUERY_KEY, profile);
  portalStore.getState().setUser({ role, uuid: role === 'user' ? profile.uuid : null });
  return role;
}

function handOverToServer(accessToken: string): void {
  saveUserToken(accessToken).catch((error: unknown) => console.error('Could not hand the token to the server', error));
}

/** Logged out on this device: token, profile, role and the server's `user_token` cookie go. */
export function endSession(): void {
  const hadToken = readAuthToken() !== null;
  clearAuthToken();
  context.queryClient?.removeQueries({ queryKey: PROFILE_QUERY_KEY });
  portalStore.getState().setUser({ role: 'client', uuid: null });
  if (hadToken || context.payloadUser) handOverToServer('');
}

function storeToken(token: AuthToken): void {
  writeAuthToken(token);
  handOverToServer(token.access_token);
}

/**
 * Only an answer that says so ends a session: the server refusing the token (400 invalid_grant,
 * 401). No answer at all (offline, a network error, an aborted request) or a server error (5xx,
 * 429) says nothing about the token.
 */
export function refusesSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 401);
}

/**
 * Refreshes with the refresh token (one refresh at a time). A refusal ends the session (null); when
 * the server could not be asked the session and its token stay (the old token is returned).
 */
function refresh(token: AuthToken): Promise<AuthToken | null> {
  refreshing ??= refreshToken(token.refresh_token)
    .then((fresh) => {
      storeToken(fresh);
      return fresh;
    })
    .catch((error: unknown) => {
      if (!refusesSession(error)) {
        console.warn('Token refresh got no answer; the session stays until the server can be asked', error);
        return token;
      }
      console.error('Token refresh refused; signing out', error);
      // Signed in on this page until now: say so (session-expired) rather than reload silently.
      const midSession = portalStore.getState().role === 'user';
      endSession();
      if (midSession) {
        expired = true;
        openDialog('session-expired');
      }
      return null;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The bearer for a backend call: null for guests; an expired token is refreshed first. */
export async function getValidAccessToken(): Promise<string | null> {
  const token = readAuthToken();
  if (!token) return null;
  if (!isTokenExpired(token)) return token.access_token;
  return (await refresh(token))?.access_token ?? null;
}

async function run(url: URL): Promise<SessionResult> {
  let signedInNow = false;
  const code = url.searchParams.get('code');
  if (code) {
    try {
      storeToken(await exchangeCode(code, urlWithoutCode(url)));
      signedInNow = true;
    } catch (error) {
      console.error('The sign-in code could not be exchanged', error);
    }
  }

  let token = readAuthToken();
  if (!token?.refresh_token) {
    endSession();
    return { role: 'client', signedInNow: false };
  }
  if (isTokenExpired(token)) {
    token = await refresh(token);
    if (!token) return { role: 'client', signedInNow: false };
  }

  const payloadUser = signedInNow ? null : context.payloadUser;
  if (payloadUser) return { role: signIn(payloadUser), signedInNow };
  try {
    return { role: signIn(await getProfile(token.access_token)), signedInNow };
  } catch (error) {
    if (!refusesSession(error)) {
      // Unreachable (offline without a kept page's payload): keep the token for the next load.
      console.warn('The profile could not be loaded; keeping the session for the next load', error);
      return { role: 'client', signedInNow: false };
    }
    console.error('The profile was refused; signing out', error);
    endSession();
    return { role: 'client', signedInNow: false };
  }
}

/** The session for this page load; the first call (with the first page's URL) runs the sequence. */
export function ensureSession(url: URL): Promise<SessionResult> {
  running ??= run(url).then((result) => (result.role === 'user' ? result : autoLogin(url, result)));
  return running;
}

function languageOf(url: URL): LanguageCode {
  const { lang } = splitLanguagePrefix(url.pathname);
  if (lang) return lang;
  const htmlLang = document.documentElement.lang;
  return isLanguageCode(htmlLang) ? htmlLang : 'en';
}

function recentlyTried(now: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(AUTO_LOGIN_GUARD_KEY));
    return Number.isFinite(last) && last > 0 && now - last < AUTO_LOGIN_RETRY_MS;
  } catch {
    return false;
  }
}

/**
 * Step 8: the auto-login condition. The provider cookie itself is an HttpOnly signed assertion
 * the page cannot read; its readable companion `<name>_hint` says it is there (the hosted sign-in
 * checks the assertion). A readable provider cookie (an operator that sets one) counts too.
 */
export function shouldAutoLogin(url: URL, role: Role, providerCookieName: unknown, now = Date.now()): boolean {
  if (typeof providerCookieName !== 'string' || providerCookieName === '') return false;
  if (role === 'user' || url.searchParams.has('code')) return false;
  const provided = getCookie(providerCookieName) !== null || getCookie(`${providerCookieName}_hint`) !== null;
  if (!provided || getCookie(USER_TOKEN_COOKIE) !== null) return false;
  return !recentlyTried(now);
}

function autoLogin(url: URL, result: SessionResult): Promise<SessionResult> | SessionResult {
  const { features } = portalStore.getState().configs;
  const settings = features?.autoLogin as { providerCookieName?: unknown; hasSecureLoginUrl?: unknown } | undefined;
  if (!shouldAutoLogin(url, result.role, settings?.providerCookieName)) return result;
  try {
    sessionStorage.setItem(AUTO_LOGIN_GUARD_KEY, String(Date.now()));
  } catch {
    // Without session storage the one-minute guard is lost, not the sign-in.
  }
  const lang = languageOf(url);
  const target = hostedLoginUrl(lang, urlWithoutCode(url));
  // autoLogin.hasSecureLoginUrl: the operator has a secure sign-in of its own (Monsooq MSS login), asked
  // for its address; the hosted sign-in page when it gives none.
  const go = settings?.hasSecureLoginUrl === true ? () => void operatorSecureSignIn(urlWithoutCode(url), lang, target) : () => browser.assign(target);
  // Off the operator network the operator cannot recognise the subscriber: say so, stay a guest.
  if (offOperatorNetwork()) {
    holdOperatorSignIn(go);
    return result;
  }
  go();
  return leavingPage();
}

/**
 * Step 6: asks the server where to go (POST /logout), clears the token and goes there; reloads
 * when no URL comes back ('Error logout' is logged when the call fails).
 */
export async function logout(redirectUrl: string, lang: LanguageCode): Promise<void> {
  const token = readAuthToken();
  let target: string | null = null;
  try {
    target = await requestLogout(redirectUrl, lang, token?.access_token ?? null);
  } catch (error) {
    console.error('Error logout', error);
  }
  clearAuthToken();
  context.queryClient?.removeQueries({ queryKey: PROFILE_QUERY_KEY });
  portalStore.getState().setUser({ role: 'client', uuid: null });
  try {
    await saveUserToken('');
  } catch (error) {
    console.error('Could not clear the server token', error);
  }
  if (target) browser.assign(target);
  else browser.reload();
}

/** Step 7: a change of `auth_token` in another tab reloads this one (installed once). */
export function installCrossTabReload(target: Window = window): void {
  removeStorageListener?.();
  const listener = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) browser.reload();
  };
  target.addEventListener('storage', listener);
  removeStorageListener = () => target.removeEventListener('storage', listener);
}
