/** The console's language and its translate function (components/i18n-provider.tsx provides them). */
import { createContext, useContext } from 'react';
import type { LanguageCode } from '@/config/languages';
import type { Translate } from './i18n';

export interface I18nState {
  lang: LanguageCode;
  t: Translate;
  setLanguage: (lang: LanguageCode) => Promise<void>;
}

export const I18nContext = createContext<I18nState | null>(null);

export function useAdminI18n(): I18nState {
  const state = useContext(I18nContext);
  if (!state) throw new Error('useAdminI18n outside AdminI18nProvider');
  return state;
}
