/**
 * The console's catalog calls (/backend/admin/catalog, issue 33) and their answers.
 */
import type { ApiClient, QueryParams } from '@/lib/api-client';
import type { ApiBody, ApiSchema } from '@/lib/api-schema';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';
import type { BulkJob } from '@/admin/lib/bulk-job';

// The answers of /backend/admin/catalog, generated from docs/openapi.json (catalog_admin_answers.hpp).
export type ArticleRows = Data<'getBackendAdminCatalogArticles', 200>;
export type ArticleRow = ArticleRows['entries'][number];
export type ArticleQuery = NonNullable<operations['getBackendAdminCatalogArticles']['parameters']['query']>;
export type AdminArticle = Data<'getBackendAdminCatalogArticlesId', 200>;
/** The catalog as a file (issue 78 item 2): a dry run's answer, an apply's, and their bodies. */
export type CatalogDryRun = Data<'postBackendAdminCatalogImportDryRun', '2XX'>;
export type CatalogPlanRow = CatalogDryRun['rows'][number];
export type CatalogFileError = CatalogPlanRow['errors'][number];
export type CatalogApplied = Data<'postBackendAdminCatalogImportApply', '2XX'>;
export type CatalogFileBody = ApiBody<'postBackendAdminCatalogImportDryRun'>;
export type CatalogApplyBody = ApiBody<'postBackendAdminCatalogImportApply'>;
/** The article as in a catalog file (docs/catalog-format.md): any object to the document. */
export type ArticleObject = ApiBody<'putBackendAdminCatalogArticlesId'>['article'];
/** POST /admin/catalog/bulk (publish, unpublish, tag, move: editors) or …/bulk/prices (prices: finance and editors): an action on ids or on every article the filter matches (issue 78 item 3). */
export type ArticlesBulkBody = ApiBody<'postBackendAdminCatalogBulk'>;
export type ArticlesBulkAction = ArticlesBulkBody['action'];
/** The categories (to tag with or move to), as the storefront lists them. */
export type Categories = Data<'getBackendCatalogCategories', 200>;

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
  /** The filtered articles as a file: CSV text, or the import's JSON (read back as an object by the client). */
  exportFile: async (api: ApiClient, query: QueryParams) => api.get<unknown>('/admin/catalog/export/file', { query }),
  dryRun: async (api: ApiClient, body: CatalogFileBody) => (await api.post<Envelope<CatalogDryRun>>('/admin/catalog/import/dry-run', body)).data,
  /** A retry with the same key answers what the first apply did (Idempotency-Key). */
  applyFile: async (api: ApiClient, body: CatalogApplyBody, key: string) =>
    (await api.post<Envelope<CatalogApplied>>('/admin/catalog/import/apply', body, { headers: { 'Idempotency-Key': key } })).data,
  bulk: async (api: ApiClient, body: ArticlesBulkBody, key: string) =>
    (await api.post<Envelope<BulkJob>>(body.action === 'pricePercent' || body.action === 'priceAmount' ? '/admin/catalog/bulk/prices' : '/admin/catalog/bulk', body, { headers: { 'Idempotency-Key': key } })).data,
  bulkJob: async (api: ApiClient, id: string) => (await api.get<Envelope<BulkJob>>(`/admin/catalog/bulk/jobs/${encodeURIComponent(id)}`)).data,
  categories: async (api: ApiClient, lang: string) => (await api.get<Envelope<Categories>>('/catalog/categories', { query: { lang } })).data,
};

/** 400 VALIDATION_ERROR's data of a refused apply: every error by row and column (catalog_file_answers.hpp). */
export function fileErrors(data: Record<string, unknown>): CatalogFileError[] {
  const list = Array.isArray(data.errors) ? data.errors : [];
  return list.filter((e): e is CatalogFileError => typeof e === 'object' && e !== null && typeof (e as CatalogFileError).row === 'number');
}

/** 400 VALIDATION_ERROR's data of a refused write or import (catalog_admin_answers.hpp). */
export type FieldErrorsData = ApiSchema<'ArticleFieldErrorsData'>;
/** A field error of it: {field, reason, articleId?}, read through fieldErrors' check. */
export type FieldError = NonNullable<FieldErrorsData['errors']>[number];

export function fieldErrors(data: Record<string, unknown>): FieldError[] {
  const list = Array.isArray(data.errors) ? data.errors : [];
  return list.filter((e): e is FieldError => typeof e === 'object' && e !== null && typeof (e as FieldError).field === 'string');
}
