import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '@/config/env';
import { isLanguageCode, type LanguageCode } from '@/config/languages';
import { DAY_MS, getCookie, setCookie } from '@/lib/cookies';

/** The language the user chose, if any (cookie i18n_redirected). */
export function readLanguageCookie(): LanguageCode | null {
  const value = getCookie(LANGUAGE_COOKIE);
  return isLanguageCode(value) ? value : null;
}

/** 365 days, path /, SameSite=Lax, not Secure (docs/contracts.md). */
export function writeLanguageCookie(lang: LanguageCode): void {
  setCookie(LANGUAGE_COOKIE, lang, { maxAgeMs: LANGUAGE_COOKIE_DAYS * DAY_MS, path: '/', sameSite: 'Lax' });
}
