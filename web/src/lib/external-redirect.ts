/**
 * The external redirect disclaimer (portal §3, settings.externalRedirectDisclaimer): where the tenant turns it on,
 * a link to another site asks first ('external-redirect' dialog) and opens only on the visitor's word.
 */
import { createStore, useStore } from 'zustand';
import { openDialog } from './dialogs';
import { portalStore } from './store';

/**
 * What the operator sets: whether to ask, and their words per language (the storefront has its own otherwise). The
 * configurations answer gives the words in the page's language already when they hold English (a translation map),
 * else the map as written.
 */
export interface ExternalRedirectDisclaimer {
  enabled?: boolean;
  text?: string | Partial<Record<string, string>>;
}

/** The operator's words for `lang`; '' when there are none. */
export function disclaimerWords(lang: string): string {
  const text = disclaimerSettings()?.text;
  return (typeof text === 'string' ? text : (text?.[lang] ?? '')).trim();
}

const leaving = createStore<{ href: string | null }>()(() => ({ href: null }));

export function disclaimerSettings(): ExternalRedirectDisclaimer | null {
  const value = portalStore.getState().configs.externalRedirectDisclaimer;
  return value && typeof value === 'object' ? (value) : null;
}

/** True when the link was held back to ask first (the caller then prevents its default). */
export function askBeforeLeaving(href: string): boolean {
  if (disclaimerSettings()?.enabled !== true) return false;
  leaving.setState({ href });
  openDialog('external-redirect');
  return true;
}

export function useLeavingHref(): string | null {
  return useStore(leaving, (state) => state.href);
}
