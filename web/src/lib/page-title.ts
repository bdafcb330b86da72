/**
 * A page's own document title and description (e.g. the article's), used instead of the route's translated
 * title and the tenant's description.
 */
import { create } from 'zustand';
import { localText } from './local-text';
import type { GlobalSettings } from './portal-types';

interface PageTitleState {
  title: string | null;
  description: string | null;
}

export const usePageTitle = create<PageTitleState>(() => ({ title: null, description: null }));

export function setPageTitle(title: string | null): void {
  usePageTitle.setState({ title });
}

/** The page's own words for `<meta name="description">` (an item's description); null gives the tenant's back. */
export function setPageDescription(description: string | null): void {
  usePageTitle.setState({ description: description?.trim() ? description.trim() : null });
}

/**
 * The description of a page without words of its own, as the server's first answer has it (portal §3 meta data,
 * app/page_shell.cpp): the sign-in pages' loginMetaData.description, else the tenant's metaData.description in
 * the page's language (else its default language's, else the English words); '' when the operator wrote none.
 */
export function operatorDescription(configs: GlobalSettings, page: string, lang: string): string {
  const member = (area: unknown, key: string): unknown => (typeof area === 'object' && area !== null ? (area as Record<string, unknown>)[key] : undefined);
  if (page === 'login' || page === 'loginEmail') {
    const login = localText(member(configs.loginMetaData, 'description'), lang, configs.defaultLocale);
    if (login !== '') return login;
  }
  return localText(member(configs.metaData, 'description'), lang, configs.defaultLocale);
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
