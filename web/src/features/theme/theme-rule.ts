/**
 * Light or dark (spec §4, docs/contracts.md): dark is active when the tenant default is dark and
 * no alternate is chosen, or the default is light and the alternate is chosen. The alternate
 * choice lives in the cookie alternat_theme (1|0, about 360 days).
 */
import { THEME_COOKIE, THEME_COOKIE_DAYS } from '@/config/env';
import { preferencesAllowed } from '@/lib/preferences-consent';
import { DAY_MS, getCookie, setCookie } from '@/lib/cookies';
import type { ThemeName } from '@/lib/portal-types';

export function isDarkTheme(defaultTheme: ThemeName, alternate: boolean): boolean {
  return (defaultTheme === 'dark' && !alternate) || (defaultTheme === 'light' && alternate);
}

export function themeName(defaultTheme: ThemeName, alternate: boolean): ThemeName {
  return isDarkTheme(defaultTheme, alternate) ? 'dark' : 'light';
}

/** The recorded choice, or `fallback` (the tenant's alternatTheme flag) when none was made. */
export function readAlternateCookie(fallback = false): boolean {
  const value = getCookie(THEME_COOKIE);
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return fallback;
}

/** Kept only while the cookie decision allows preferences (the page still switches). */
export function writeAlternateCookie(alternate: boolean): void {
  if (!preferencesAllowed()) return;
  setCookie(THEME_COOKIE, alternate ? '1' : '0', { maxAgeMs: THEME_COOKIE_DAYS * DAY_MS, path: '/', sameSite: 'Lax' });
}

/** `<html data-theme class="dark">`. */
export function applyTheme(theme: ThemeName, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
