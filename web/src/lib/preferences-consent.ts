/**
 * What the cookie decision's `preferences` category covers: the theme cookie `alternat_theme` and
 * the recent searches (local storage `recentSearch`). Before any decision they are kept (the banner
 * asks); a decision without `preferences` ("Decline all", or the category off) forgets them and
 * nothing stores them again until the category is on (issue 30).
 */
import { RECENT_SEARCH_KEY, THEME_COOKIE } from '@/config/env';
import { consentCookieNames } from './consent-cookie-names';
import { deleteCookie, getCookie } from './cookies';

export function preferencesAllowed(): boolean {
  const names = consentCookieNames();
  if (getCookie(names.given) === null) return true;
  return (getCookie(names.enabled) ?? '').split('|').includes('preferences');
}

export function forgetPreferences(): void {
  deleteCookie(THEME_COOKIE);
  try {
    localStorage.removeItem(RECENT_SEARCH_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
