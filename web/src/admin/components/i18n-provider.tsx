import type { i18n as I18nInstance } from 'i18next';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { LanguageCode } from '@/config/languages';
import { applyDocumentLanguage, LANGUAGE_STORAGE_KEY, loadAdminMessages } from '../lib/i18n';
import { I18nContext, type I18nState } from '../lib/i18n-context';

/** Switches the console's language: loads its bundle, sets <html lang dir>, remembers the choice. */
export function AdminI18nProvider({ instance, children }: { instance: I18nInstance; children: ReactNode }) {
  const [lang, setLang] = useState<LanguageCode>(instance.language as LanguageCode);
  const setLanguage = useCallback(
    async (next: LanguageCode) => {
      if (!instance.hasResourceBundle(next, 'translation')) instance.addResourceBundle(next, 'translation', await loadAdminMessages(next));
      await instance.changeLanguage(next);
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
      } catch {
        // Storage refused (private mode): the choice holds for this page only.
      }
      applyDocumentLanguage(next);
      setLang(next);
    },
    [instance],
  );
  const value = useMemo<I18nState>(() => {
    // The storefront's typed keys are declared for the i18next module; the console's are AdminKey.
    const fixed = instance.getFixedT(lang) as unknown as (key: string, params?: Record<string, string | number>) => string;
    return { lang, setLanguage, t: (key, params) => fixed(key, params) };
  }, [instance, lang, setLanguage]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

