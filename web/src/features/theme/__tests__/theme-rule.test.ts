import { describe, expect, it } from 'vitest';
import { applyTheme, isDarkTheme, readAlternateCookie, writeAlternateCookie } from '../theme-rule';
import { themeStore } from '../theme-store';

describe('theme rule', () => {
  it('dark = (default dark and not alternate) or (default light and alternate)', () => {
    expect(isDarkTheme('dark', false)).toBe(true);
    expect(isDarkTheme('dark', true)).toBe(false);
    expect(isDarkTheme('light', false)).toBe(false);
    expect(isDarkTheme('light', true)).toBe(true);
  });

  it('keeps the alternate choice in the alternat_theme cookie, with the tenant flag as default', () => {
    expect(readAlternateCookie(false)).toBe(false);
    expect(readAlternateCookie(true)).toBe(true);
    writeAlternateCookie(true);
    expect(document.cookie).toContain('alternat_theme=1');
    expect(readAlternateCookie(false)).toBe(true);
    writeAlternateCookie(false);
    expect(readAlternateCookie(true)).toBe(false);
  });

  it('marks <html> with data-theme and the dark class', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('toggling flips the alternate, saves it and applies the theme', () => {
    themeStore.getState().init('dark', false);
    expect(document.documentElement.dataset.theme).toBe('dark');
    themeStore.getState().toggle();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.cookie).toContain('alternat_theme=1');
  });
});

describe('the theme cookie and the cookie decision (issue 30)', () => {
  it('is not written while preferences are off', () => {
    document.cookie = 'ncc_c=0; path=/';
    document.cookie = 'ncc_e=necessary; path=/';
    writeAlternateCookie(true);
    expect(document.cookie).not.toContain('alternat_theme');
    document.cookie = 'ncc_e=necessary|preferences; path=/';
    document.cookie = 'ncc_c=1; path=/';
    writeAlternateCookie(true);
    expect(document.cookie).toContain('alternat_theme=1');
  });
});
