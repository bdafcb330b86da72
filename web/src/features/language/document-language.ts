import { getDirection, type LanguageCode } from '@/config/languages';

/** `<html lang dir>`: Arabic is right-to-left. */
export function applyDocumentLanguage(lang: LanguageCode, root: HTMLElement = document.documentElement): void {
  root.lang = lang;
  root.dir = getDirection(lang);
}
