/**
 * Which language to show (spec §4, §9): the user's recorded choice (cookie i18n_redirected) wins;
 * otherwise the tenant default; otherwise the browser's languages (exact ISO match first, then the
 * base language); otherwise en.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguageCode, type LanguageCode } from '@/config/languages';

export interface LanguageSources {
  cookie?: string | null;
  tenantDefault?: string | null;
  browserLanguages?: readonly string[];
}

/** Browser tags matched to our ISO codes: exact first ('fr-FR'), then base language ('fr-CA' -> fr). */
export function matchBrowserLanguage(browserLanguages: readonly string[]): LanguageCode | null {
  const tags = browserLanguages.map((tag) => tag.toLowerCase());
  for (const tag of tags) {
    const exact = LANGUAGES.find((language) => language.iso.toLowerCase() === tag);
    if (exact) return exact.code;
  }
  for (const tag of tags) {
    const base = tag.split('-')[0];
    if (isLanguageCode(base)) return base;
  }
  return null;
}

export function selectLanguage({ cookie, tenantDefault, browserLanguages = [] }: LanguageSources): LanguageCode {
  if (isLanguageCode(cookie)) return cookie;
  if (isLanguageCode(tenantDefault)) return tenantDefault;
  return matchBrowserLanguage(browserLanguages) ?? DEFAULT_LANGUAGE;
}
