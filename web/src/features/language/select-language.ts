/**
 * Which language to show (spec §4, §9): the user's recorded choice (cookie i18n_redirected) wins;
 * otherwise the tenant default; otherwise the browser's languages (exact ISO match first, then the
 * base language); otherwise en — each only when the tenant offers it (`offered`, its settings'
 * `languages`; all six when not given).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_CODES, isLanguageCode, type LanguageCode } from '@/config/languages';

export interface LanguageSources {
  cookie?: string | null;
  tenantDefault?: string | null;
  browserLanguages?: readonly string[];
  offered?: readonly LanguageCode[];
}

/** Browser tags matched to our ISO codes: exact first ('fr-FR'), then base language ('fr-CA' -> fr). */
export function matchBrowserLanguage(browserLanguages: readonly string[], offered: readonly LanguageCode[] = LANGUAGE_CODES): LanguageCode | null {
  const tags = browserLanguages.map((tag) => tag.toLowerCase());
  for (const tag of tags) {
    const exact = LANGUAGES.find((language) => language.iso.toLowerCase() === tag && offered.includes(language.code));
    if (exact) return exact.code;
  }
  for (const tag of tags) {
    const base = tag.split('-')[0];
    if (isLanguageCode(base) && offered.includes(base)) return base;
  }
  return null;
}

export function selectLanguage({ cookie, tenantDefault, browserLanguages = [], offered = LANGUAGE_CODES }: LanguageSources): LanguageCode {
  const usable = (code: unknown): code is LanguageCode => isLanguageCode(code) && offered.includes(code);
  if (usable(cookie)) return cookie;
  if (usable(tenantDefault)) return tenantDefault;
  const browser = matchBrowserLanguage(browserLanguages, offered);
  if (browser) return browser;
  return usable(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
}
