import { createStore, useStore } from 'zustand';
import type { ThemeName } from '@/lib/portal-types';
import { portalStore } from '@/lib/store';
import { selectUserTheme } from './api/select-user-theme';
import { applyTheme, themeName, writeAlternateCookie } from './theme-rule';

interface ThemeState {
  defaultTheme: ThemeName;
  alternate: boolean;
  /** The user toggled on this page (a saved choice read later must not undo it). */
  chosen: boolean;
  init: (defaultTheme: ThemeName, alternate: boolean) => void;
  /** Applies a choice and records it in the cookie (e.g. the signed-in user's saved theme). */
  setAlternate: (alternate: boolean) => void;
  /** The user's toggle: cookie, and the server too when signed in (spec §4 Theme). */
  toggle: () => void;
}

export const themeStore = createStore<ThemeState>()((set, get) => ({
  defaultTheme: 'light',
  alternate: false,
  chosen: false,
  init: (defaultTheme, alternate) => {
    set({ defaultTheme, alternate, chosen: false });
    applyTheme(themeName(defaultTheme, alternate));
  },
  setAlternate: (alternate) => {
    set({ alternate });
    writeAlternateCookie(alternate);
    applyTheme(themeName(get().defaultTheme, alternate));
  },
  toggle: () => {
    const alternate = !get().alternate;
    set({ chosen: true });
    get().setAlternate(alternate);
    if (portalStore.getState().role === 'user') void selectUserTheme(alternate);
  },
}));

export function useTheme(): { theme: ThemeName; toggle: () => void } {
  const defaultTheme = useStore(themeStore, (state) => state.defaultTheme);
  const alternate = useStore(themeStore, (state) => state.alternate);
  const toggle = useStore(themeStore, (state) => state.toggle);
  return { theme: themeName(defaultTheme, alternate), toggle };
}
