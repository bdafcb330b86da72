/**
 * After a sign-in (spec §4): the user's saved theme and language are fetched and applied; a saved
 * language other than the page's sends the browser to the localised path. Read failures are
 * logged by the calls and otherwise ignored.
 */
import { isLanguageCode, offeredLanguages, type LanguageCode } from '@/config/languages';
import { localizePath, splitLanguagePrefix } from '@/config/paths';
import { getUserLang } from '@/features/language/api/get-user-lang';
import { writeLanguageCookie } from '@/features/language/language-cookie';
import { portalStore } from '@/lib/store';
import { getUserTheme } from '@/features/theme/api/get-user-theme';
import { themeStore } from '@/features/theme/theme-store';

/** Applies the saved preferences; returns where to go (`target`, or its localised twin). */
export async function applySavedPreferences(target: string, pageLanguage: LanguageCode): Promise<string> {
  const [theme, language] = await Promise.all([getUserTheme(), getUserLang()]);
  if (theme.ok && typeof theme.data.alternatTheme === 'boolean' && theme.data.alternatTheme !== themeStore.getState().alternate) {
    themeStore.getState().setAlternate(theme.data.alternatTheme);
  }
  if (!language.ok || !isLanguageCode(language.data.selectedLang) || language.data.selectedLang === pageLanguage) return target;
  // A saved language the tenant does not offer (any more) is kept, and the page stays as it is.
  if (!offeredLanguages(portalStore.getState().configs).includes(language.data.selectedLang)) return target;
  const saved = language.data.selectedLang;
  writeLanguageCookie(saved);
  const url = new URL(target, 'http://portal.invalid');
  const { path } = splitLanguagePrefix(url.pathname);
  return `${localizePath(path, saved === 'en' ? null : saved)}${url.search}${url.hash}`;
}
