/**
 * The console's catalog searched for a picker (GET /backend/admin/catalog/articles: a title in any language, or an
 * id; unpublished articles too), shared by the pages that pick an article from it: the Media page (the article an
 * upload is for) and the catalog editor (an article's artists). Rows titled in the console's language.
 */
import type { ApiClient } from '@/lib/api-client';
import type { ArticleSearchMessages } from './found-article';
import type { Data, Envelope } from './api';

export type CatalogHits = Data<'getBackendAdminCatalogArticles', 200>;
/** A hit: a row of the console's catalog. */
export type CatalogHit = CatalogHits['entries'][number];

/** The first hits of a term, of one content type when `type` is given. */
export async function findInCatalog(api: ApiClient, q: string, lang: string, type?: string): Promise<CatalogHit[]> {
  return (await api.get<Envelope<CatalogHits>>('/admin/catalog/articles', { query: { q, lang, limit: 8, ...(type ? { type } : {}) } })).data.entries;
}

export const CATALOG_SEARCH_MESSAGES: ArticleSearchMessages = { search: 'media.search', none: 'media.noArticles', results: 'media.results' };
