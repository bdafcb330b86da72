/** The audit log's query keys. */
import { adminKeys } from '@/admin/lib/query-keys';

export const auditKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'audit'] as const,
  list: (tenant: string, query: object) => [...auditKeys.all(tenant), query] as const,
};
