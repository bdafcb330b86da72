/**
 * The app's `useTranslation`: react-i18next's hook for the app's one namespace, shared by every
 * component instead of built per component (issue 14).
 *
 * react-i18next 16 gives each component that mounts a copy of the i18n instance (all its property
 * descriptors, so that the copy's identity changes with the language) and a `t` of its own. A list
 * page mounts about 300 components that translate: that copying was the largest single cost of its
 * first render after React's own (a tenth of the app's start on a slow phone). Here all components
 * share one `{ t, i18n }` per instance, replaced on `languageChanged` (react-i18next's default
 * binding), which re-renders them with the new language's `t`. The instance comes from the nearest
 * `I18nextProvider`, else the one `initReactI18next` registered, as with react-i18next.
 */
import type { i18n as I18nInstance, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

export interface Translation {
  /** Translates in the current language (fixed to it: a language change gives a new `t`). */
  t: TFunction;
  i18n: I18nInstance;
}

interface SharedTranslation {
  subscribe: (listener: () => void) => () => void;
  current: () => Translation;
}

const shared = new WeakMap<I18nInstance, SharedTranslation>();

function translationOf(i18n: I18nInstance): Translation {
  return { t: i18n.getFixedT(i18n.language), i18n };
}

function sharedTranslation(i18n: I18nInstance): SharedTranslation {
  const known = shared.get(i18n);
  if (known) return known;
  const listeners = new Set<() => void>();
  let translation = translationOf(i18n);
  i18n.on('languageChanged', () => {
    translation = translationOf(i18n);
    listeners.forEach((listener) => listener());
  });
  const entry: SharedTranslation = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => translation,
  };
  shared.set(i18n, entry);
  return entry;
}

export function useTranslation(): Translation {
  // Typed as always provided; outside an I18nextProvider it is undefined at run time.
  const context = useContext(I18nContext) as { i18n?: I18nInstance } | undefined;
  const i18n = context?.i18n ?? getI18n();
  const { subscribe, current } = sharedTranslation(i18n);
  return useSyncExternalStore(subscribe, current, current);
}
