/**
 * Cookie consent (spec §3, §4): unset, then given or refused, changeable later. `ncc_c` records
 * that a decision was made (1 = some optional cookies allowed, 0 = refused); `ncc_e` lists the
 * enabled category ids joined by '|'. Both live one year on path '/'. A tenant may name the two
 * cookies otherwise (settings.cookies, lib/consent-cookie-names.ts).
 *
 * Analytics consent (commerce §3) follows the same decision: local storage `analyticsConsent` is
 * "1" when the analytics category is on, else "0"; the tracking code reads only that
 * (features/analytics). A withdrawal also forgets `tenantTrackingScriptsLoaded`.
 */
import { ANALYTICS_CONSENT_KEY, CONSENT_COOKIE_LIFETIME_MS, TRACKING_SCRIPTS_LOADED_KEY } from '@/config/env';
import { consentCookieNames } from '@/lib/consent-cookie-names';
import { getCookie, setCookie } from '@/lib/cookies';
import { forgetPreferences } from '@/lib/preferences-consent';

export const CONSENT_CATEGORIES = ['necessary', 'preferences', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export const OPTIONAL_CATEGORIES: readonly ConsentCategory[] = ['preferences', 'analytics', 'marketing'];

export type ConsentState = { status: 'unset' } | { status: 'given' | 'refused'; enabled: ConsentCategory[] };

function isCategory(value: string): value is ConsentCategory {
  return (CONSENT_CATEGORIES as readonly string[]).includes(value);
}

export function readConsent(): ConsentState {
  const names = consentCookieNames();
  const given = getCookie(names.given);
  if (given === null) return { status: 'unset' };
  const enabled = (getCookie(names.enabled) ?? '').split('|').filter(isCategory);
  return { status: given === '1' ? 'given' : 'refused', enabled };
}

export function writeConsent(optional: readonly ConsentCategory[]): ConsentState {
  const enabled: ConsentCategory[] = ['necessary', ...optional.filter((category) => category !== 'necessary')];
  const status = optional.length > 0 ? 'given' : 'refused';
  const names = consentCookieNames();
  setCookie(names.given, status === 'given' ? '1' : '0', { maxAgeMs: CONSENT_COOKIE_LIFETIME_MS, path: '/' });
  setCookie(names.enabled, enabled.join('|'), { maxAgeMs: CONSENT_COOKIE_LIFETIME_MS, path: '/' });
  const state: ConsentState = { status, enabled };
  syncAnalyticsConsent(state);
  // Preferences off: the theme choice and the recent searches are not kept.
  if (!enabled.includes('preferences')) forgetPreferences();
  return state;
}

/** Whether the decision allows analytics (the category is on). */
export function allowsAnalytics(consent: ConsentState): boolean {
  return consent.status === 'given' && consent.enabled.includes('analytics');
}

/** Whether the decision allows marketing (the category is on): the tenant's ads (features/analytics/google-ads.ts). */
export function allowsMarketing(consent: ConsentState): boolean {
  return consent.status === 'given' && consent.enabled.includes('marketing');
}

/** Writes `analyticsConsent` from a decision; an unset decision leaves it unset. */
export function syncAnalyticsConsent(consent: ConsentState): void {
  if (consent.status === 'unset') return;
  try {
    const allowed = allowsAnalytics(consent);
    window.localStorage.setItem(ANALYTICS_CONSENT_KEY, allowed ? '1' : '0');
    if (!allowed) window.localStorage.removeItem(TRACKING_SCRIPTS_LOADED_KEY);
  } catch {
    // Storage refused: analytics stays off (nothing reads "1").
  }
}
