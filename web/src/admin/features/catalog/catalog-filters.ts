/**
 * The catalog page's filters, order and page, kept in the address (?q=&type=&section=&rating=
 * &availability=&licensor=&hasMedia=&priceModel=&sort=&order=&page=), so a view can be shared.
 */
import { addressOf, filtersIn } from '@/admin/lib/address-filters';
import type { ArticleQuery } from './catalog-api';

export const CATALOG_FILTERS = ['q', 'type', 'section', 'rating', 'availability', 'licensor', 'hasMedia', 'priceModel', 'sort', 'order'] as const;
export type CatalogFilterName = (typeof CATALOG_FILTERS)[number];
export type CatalogFilters = Record<CatalogFilterName, string>;
export const CATALOG_PAGE_SIZE = 25;

export const EMPTY_CATALOG_FILTERS: CatalogFilters = { q: '', type: '', section: '', rating: '', availability: '', licensor: '', hasMedia: '', priceModel: '', sort: '', order: '' };

export const AVAILABILITIES = ['published', 'unpublished', 'scheduled', 'expired'] as const;
export const SECTIONS = ['music', 'video', 'games', 'audiobook', 'podcast', 'news', 'articles', 'vouchers', 'tournaments', 'apps'] as const;
export const SORTS = ['id', 'title', 'updated', 'type'] as const;
export const PRICE_MODELS = ['SUBSCRIPTION', 'PAY_PER_DOWNLOAD', 'DOWNLOAD_TO_OWN_FREEMIUM'] as const;

export function catalogFiltersFromSearch(search: URLSearchParams): { filters: CatalogFilters; page: number } {
  return filtersIn(CATALOG_FILTERS, search);
}

export function searchFromCatalogFilters(filters: CatalogFilters, page = 1): URLSearchParams {
  return addressOf(CATALOG_FILTERS, filters, page);
}

/** The query of GET /backend/admin/catalog/articles for these filters, page and console language. */
export function catalogQuery(filters: CatalogFilters, page: number, lang: string): ArticleQuery {
  const query: Record<string, string | number | boolean> = { offset: (page - 1) * CATALOG_PAGE_SIZE, limit: CATALOG_PAGE_SIZE, lang };
  for (const name of CATALOG_FILTERS) {
    const value = filters[name].trim();
    if (!value) continue;
    if (name === 'rating') query.rating = Number(value);
    else if (name === 'hasMedia') query.hasMedia = value === 'true';
    else query[name] = value;
  }
  return query;
}
