import { createStore, useStore } from 'zustand';
import type { ThemeName } from '@/lib/portal-types';
import { applyTheme, themeName, writeAlternateCookie } from './theme-rule';

interface ThemeState {
  defaultTheme: ThemeName;
  alternate: boolean;
  init: (defaultTheme: ThemeName, alternate: boolean) => void;
  toggle: () => void;
}

export const themeStore = createStore<ThemeState>()((set, get) => ({
  defaultTheme: 'light',
  alternate: false,
  init: (defaultTheme, alternate) => {
    set({ defaultTheme, alternate });
    applyTheme(themeName(defaultTheme, alternate));
  },
  toggle: () => {
    const alternate = !get().alternate;
    set({ alternate });
    writeAlternateCookie(alternate);
    applyTheme(themeName(get().defaultTheme, alternate));
  },
}));

export function useTheme(): { theme: ThemeName; toggle: () => void } {
  const defaultTheme = useStore(themeStore, (state) => state.defaultTheme);
  const alternate = useStore(themeStore, (state) => state.alternate);
  const toggle = useStore(themeStore, (state) => state.toggle);
  return { theme: themeName(defaultTheme, alternate), toggle };
}
