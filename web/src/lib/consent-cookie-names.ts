/**
 * The names of the two consent cookies (portal §3): `ncc_c` (a decision was made) and `ncc_e` (the enabled
 * category ids), unless the tenant's global settings name others (`settings.cookies.consentCookie` and
 * `enabledCookie`, checked by the server as the console saves them: docs/tenants.md). Start-up sets them from the
 * settings before anything reads the decision.
 */
import { CONSENT_ENABLED_COOKIE, CONSENT_GIVEN_COOKIE, LANGUAGE_COOKIE, THEME_COOKIE } from '@/config/env';

export interface ConsentCookieNames {
  given: string;
  enabled: string;
}

const DEFAULT_NAMES: ConsentCookieNames = { given: CONSENT_GIVEN_COOKIE, enabled: CONSENT_ENABLED_COOKIE };
/** The storefront's own cookies: never a consent cookie (server: settings_entries.cpp kPortalCookies). */
const OWN_COOKIES = new Set(['user_token', 'device_id', LANGUAGE_COOKIE, THEME_COOKIE]);
const COOKIE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

let names: ConsentCookieNames = DEFAULT_NAMES;

function nameOf(value: unknown, fallback: string): string {
  return typeof value === 'string' && COOKIE_NAME.test(value) && !OWN_COOKIES.has(value) ? value : fallback;
}

/** Reads `settings.cookies`; anything missing or malformed keeps the spec's name. */
export function configureConsentCookies(cookies: unknown): ConsentCookieNames {
  const area = typeof cookies === 'object' && cookies !== null ? (cookies as Record<string, unknown>) : {};
  const given = nameOf(area.consentCookie, DEFAULT_NAMES.given);
  const enabled = nameOf(area.enabledCookie, DEFAULT_NAMES.enabled);
  names = given === enabled ? DEFAULT_NAMES : { given, enabled };
  return names;
}

export function consentCookieNames(): ConsentCookieNames {
  return names;
}
