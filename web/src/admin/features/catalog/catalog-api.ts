/**
 * The console's catalog calls (/backend/admin/catalog, issue 33) and their answers.
 */
import type { ApiClient } from '@/lib/api-client';
import type { ApiBody, ApiSchema } from '@/lib/api-schema';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';
import type { BulkJob } from '@/admin/lib/bulk-job';

// The answers of /backend/admin/catalog, generated from docs/openapi.json (catalog_admin_answers.hpp).
export type ArticleRows = Data<'getBackendAdminCatalogArticles', 200>;
export type ArticleRow = ArticleRows['entries'][number];
export type ArticleQuery = NonNullable<operations['getBackendAdminCatalogArticles']['parameters']['query']>;
export type AdminArticle = Data<'getBackendAdminCatalogArticlesId', 200>;
export type ImportCounts = Data<'postBackendAdminCatalogImport', '2XX'>;
/** The article as in a catalog file (docs/catalog-format.md): any object to the document. */
export type ArticleObject = ApiBody<'putBackendAdminCatalogArticlesId'>['article'];
/** POST /admin/catalog/bulk: an action on ids or on every article the filter matches (issue 78 item 3). */
export type ArticlesBulkBody = ApiBody<'postBackendAdminCatalogBulk'>;
export type ArticlesBulkAction = ArticlesBulkBody['action'];
/** The categories (to tag with or move to), as the storefront lists them. */
export type Categories = Data<'getBackendCatalogCategories', 200>;
/** GET /admin/catalog/export: the catalog file (docs/catalog-format.md). */
export type CatalogFile = Data<'getBackendAdminCatalogExport', 200>;

const path = (id: number, tail = '') => `/admin/catalog/articles/${encodeURIComponent(String(id))}${tail}`;

export const catalogCalls = {
  list: async (api: ApiClient, query: ArticleQuery) => (await api.get<Envelope<ArticleRows>>('/admin/catalog/articles', { query: { ...query } })).data,
  read: async (api: ApiClient, id: number, lang: string) => (await api.get<Envelope<AdminArticle>>(path(id), { query: { lang } })).data,
  save: async (api: ApiClient, id: number, version: number, article: ArticleObject, lang: string) =>
    (await api.put<Envelope<AdminArticle>>(`${path(id)}?lang=${encodeURIComponent(lang)}`, { version, article })).data,
  create: async (api: ApiClient, article: ArticleObject, lang: string) => (await api.post<Envelope<AdminArticle>>(`/admin/catalog/articles?lang=${encodeURIComponent(lang)}`, { article })).data,
  duplicate: async (api: ApiClient, id: number, lang: string) => (await api.post<Envelope<AdminArticle>>(`${path(id, '/duplicate')}?lang=${encodeURIComponent(lang)}`)).data,
  publish: async (api: ApiClient, id: number, version: number, published: boolean, lang: string) =>
    (await api.post<Envelope<AdminArticle>>(`${path(id, published ? '/publish' : '/unpublish')}?lang=${encodeURIComponent(lang)}`, { version })).data,
  importFile: async (api: ApiClient, file: unknown) => (await api.post<Envelope<ImportCounts>>('/admin/catalog/import', file)).data,
  bulk: async (api: ApiClient, body: ArticlesBulkBody, key: string) =>
    (await api.post<Envelope<BulkJob>>('/admin/catalog/bulk', body, { headers: { 'Idempotency-Key': key } })).data,
  bulkJob: async (api: ApiClient, id: string) => (await api.get<Envelope<BulkJob>>(`/admin/catalog/bulk/${encodeURIComponent(id)}`)).data,
  categories: async (api: ApiClient, lang: string) => (await api.get<Envelope<Categories>>('/catalog/categories', { query: { lang } })).data,
  exportFile: async (api: ApiClient) => (await api.get<Envelope<CatalogFile>>('/admin/catalog/export')).data,
};

/** 400 VALIDATION_ERROR's data of a refused write or import (catalog_admin_answers.hpp). */
export type FieldErrorsData = ApiSchema<'ArticleFieldErrorsData'>;
/** A field error of it: {field, reason, articleId?}, read through fieldErrors' check. */
export type FieldError = NonNullable<FieldErrorsData['errors']>[number];

export function fieldErrors(data: Record<string, unknown>): FieldError[] {
  const list = Array.isArray(data.errors) ? data.errors : [];
  return list.filter((e): e is FieldError => typeof e === 'object' && e !== null && typeof (e as FieldError).field === 'string');
}
