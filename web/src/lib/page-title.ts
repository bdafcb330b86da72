/** A page's own document title (e.g. the article's title), used instead of the route's translated one. */
import { create } from 'zustand';
import { localText } from './local-text';
import type { GlobalSettings } from './portal-types';

interface PageTitleState {
  title: string | null;
}

export const usePageTitle = create<PageTitleState>(() => ({ title: null }));

export function setPageTitle(title: string | null): void {
  usePageTitle.setState({ title });
}

/**
 * The operator's whole tab title for a page key instead of `meta.<page>.title` and the site name (settings.seoTabNames,
 * and loginMetaData.title for the sign-in pages; docs/tenants.md "The other named settings"), as the server's first
 * answer has it; '' for none.
 */
export function operatorTabTitle(configs: GlobalSettings, page: string, lang: string): string {
  const member = (area: unknown, key: string): unknown => (typeof area === 'object' && area !== null ? (area as Record<string, unknown>)[key] : undefined);
  const own = localText(member(configs.seoTabNames, page), lang, configs.defaultLocale);
  if (own !== '' || (page !== 'login' && page !== 'loginEmail')) return own;
  return localText(member(configs.loginMetaData, 'title'), lang, configs.defaultLocale);
}
