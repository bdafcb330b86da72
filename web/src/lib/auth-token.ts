/**
 * The signed-in session's token (docs/contracts.md "Identity"): localStorage key `auth_token`
 * holds `{access_token, refresh_token, expires}` (expires: epoch ms of the access token's end).
 * A change of the key in another tab reloads the page (spec §4 step 7).
 */
import type { ApiData } from './api-schema';

export const AUTH_TOKEN_KEY = 'auth_token';

/** An access token this close to its end counts as expired, so a request never races the clock. */
export const TOKEN_EXPIRY_SKEW_MS = 10_000;

/** The token answer (POST /security/token and /security/token/refresh), as the session keeps it. */
export type AuthToken = ApiData<'postBackendSecurityToken'>;

export function isAuthToken(value: unknown): value is AuthToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return typeof token.access_token === 'string' && typeof token.refresh_token === 'string' && typeof token.expires === 'number';
}

export function readAuthToken(): AuthToken | null {
  try {
    const raw = localStorage.getItem(AUTH_TOKEN_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    return isAuthToken(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeAuthToken(token: AuthToken): void {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, JSON.stringify(token));
  } catch (error) {
    console.error('Could not store the auth token', error);
  }
}

export function clearAuthToken(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

export function isTokenExpired(token: AuthToken, now = Date.now()): boolean {
  return token.expires - TOKEN_EXPIRY_SKEW_MS <= now;
}
