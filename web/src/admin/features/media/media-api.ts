/**
 * The Media page's calls (issue 33 item 3): the tenant's media jobs, and the console's catalog searched for the
 * article an upload is for (unpublished ones too: a new article gets its media before it is published). The
 * upload's own calls are shared with the Settings page's brand images (src/admin/lib/upload-api.ts).
 */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';

export type MediaJobList = Data<'getBackendAdminMediaJobs', 200>;
export type MediaJobsQuery = NonNullable<operations['getBackendAdminMediaJobs']['parameters']['query']>;
export type ArticleHits = Data<'getBackendAdminCatalogArticles', 200>;
/** An article the page offers for a title: a row of the console's catalog. */
export type ArticleHit = ArticleHits['entries'][number];

export const mediaCalls = {
  jobs: async (api: ApiClient, query: MediaJobsQuery = {}) => (await api.get<Envelope<MediaJobList>>('/admin/media/jobs', { query: { ...query } })).data.jobs,
  searchArticles: async (api: ApiClient, q: string, lang: string) => (await api.get<Envelope<ArticleHits>>('/admin/catalog/articles', { query: { q, lang, limit: 8 } })).data.entries,
};
