/**
 * Switching language: records the choice (cookie), saves it on the server when signed in
 * (PUT /user/selectUserLang) and moves to the localised path of the current page.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LanguageCode } from '@/config/languages';
import { splitLanguagePrefix } from '@/config/paths';
import { portalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { selectUserLang } from '../api/select-user-lang';
import { writeLanguageCookie } from '../language-cookie';

export function useSwitchLanguage(): (lang: LanguageCode) => void {
  const current = useCurrentLanguage();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (lang: LanguageCode) => {
      if (lang === current) return;
      writeLanguageCookie(lang);
      if (portalStore.getState().role === 'user') void selectUserLang(lang);
      const { path } = splitLanguagePrefix(location.pathname);
      void navigate(`${localize(path, lang)}${location.search}${location.hash}`);
    },
    [current, localize, navigate, location],
  );
}
