/** The audit log's calls (GET /backend/admin/audit, docs/contracts.md "Staff and the audit log"). */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';

export type AuditPage = Data<'getBackendAdminAudit', 200>;
export type AuditEntry = AuditPage['items'][number];
export type AuditQuery = NonNullable<operations['getBackendAdminAudit']['parameters']['query']>;

export const auditCalls = {
  list: async (api: ApiClient, query: AuditQuery) => (await api.get<Envelope<AuditPage>>('/admin/audit', { query: { ...query } })).data,
  /** The filtered entries as the server writes them (text/csv), for a download. */
  csv: (api: ApiClient, query: AuditQuery) => api.get<string>('/admin/audit', { query: { ...query, format: 'csv' }, headers: { Accept: 'text/csv' } }),
};
