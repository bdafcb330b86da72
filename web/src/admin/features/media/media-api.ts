/**
 * The Media page's calls (issue 33 item 3): the tenant's media jobs. The console's catalog searched for the article
 * an upload is for is src/admin/lib/catalog-search-api.ts; the upload's own calls are shared with the Settings
 * page's brand images and the structures' images (src/admin/lib/upload-api.ts).
 */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';

export type MediaJobList = Data<'getBackendAdminMediaJobs', 200>;
export type MediaJobsQuery = NonNullable<operations['getBackendAdminMediaJobs']['parameters']['query']>;

export const mediaCalls = {
  jobs: async (api: ApiClient, query: MediaJobsQuery = {}) => (await api.get<Envelope<MediaJobList>>('/admin/media/jobs', { query: { ...query } })).data.jobs,
};
