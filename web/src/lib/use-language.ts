/** Current language and localised links, for any component under the router. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/config/languages';
import { localizePath, splitLanguagePrefix } from '@/config/paths';

export function useCurrentLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Localises an internal path for a language (default: the current one). English stays unprefixed
 * while the page itself is unprefixed; every other case carries the prefix.
 */
export function useLocalizePath(): (path: string, lang?: LanguageCode) => string {
  const current = useCurrentLanguage();
  const { pathname } = useLocation();
  const currentPrefixed = splitLanguagePrefix(pathname).lang !== null;
  return useCallback(
    (path: string, lang: LanguageCode = current) => localizePath(path, lang !== DEFAULT_LANGUAGE || currentPrefixed ? lang : null),
    [current, currentPrefixed],
  );
}
