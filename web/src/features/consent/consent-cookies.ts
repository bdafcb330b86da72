/**
 * Cookie consent (spec §3, §4): unset, then given or refused, changeable later. `ncc_c` records
 * that a decision was made (1 = some optional cookies allowed, 0 = refused); `ncc_e` lists the
 * enabled category ids joined by '|'. Both live one year on path '/'.
 */
import { CONSENT_COOKIE_LIFETIME_MS, CONSENT_ENABLED_COOKIE, CONSENT_GIVEN_COOKIE } from '@/config/env';
import { getCookie, setCookie } from '@/lib/cookies';

export const CONSENT_CATEGORIES = ['necessary', 'preferences', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export const OPTIONAL_CATEGORIES: readonly ConsentCategory[] = ['preferences', 'analytics', 'marketing'];

export type ConsentState = { status: 'unset' } | { status: 'given' | 'refused'; enabled: ConsentCategory[] };

function isCategory(value: string): value is ConsentCategory {
  return (CONSENT_CATEGORIES as readonly string[]).includes(value);
}

export function readConsent(): ConsentState {
  const given = getCookie(CONSENT_GIVEN_COOKIE);
  if (given === null) return { status: 'unset' };
  const enabled = (getCookie(CONSENT_ENABLED_COOKIE) ?? '').split('|').filter(isCategory);
  return { status: given === '1' ? 'given' : 'refused', enabled };
}

export function writeConsent(optional: readonly ConsentCategory[]): ConsentState {
  const enabled: ConsentCategory[] = ['necessary', ...optional.filter((category) => category !== 'necessary')];
  const status = optional.length > 0 ? 'given' : 'refused';
  setCookie(CONSENT_GIVEN_COOKIE, status === 'given' ? '1' : '0', { maxAgeMs: CONSENT_COOKIE_LIFETIME_MS, path: '/' });
  setCookie(CONSENT_ENABLED_COOKIE, enabled.join('|'), { maxAgeMs: CONSENT_COOKIE_LIFETIME_MS, path: '/' });
  return { status, enabled };
}
