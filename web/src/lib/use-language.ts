/** Current language and localised links, for any component under the router. */
import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation';
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

/**
 * Translates a key that arrives in data (e.g. a structure's `ctaKey`): keys the bundles lack give
 * the fallback text, so data can never show a raw key.
 */
export function useDataText(): (key: unknown, fallback: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (key: unknown, fallback: string) => {
      if (typeof key !== 'string' || key === '' || !i18n.exists(key)) return fallback;
      // The key was checked at run time; the typed `t` only knows literal keys. `t` is the current
      // language's, so the callback changes with the language.
      const translate = t as unknown as (checkedKey: string) => string;
      return translate(key);
    },
    [t, i18n],
  );
}
