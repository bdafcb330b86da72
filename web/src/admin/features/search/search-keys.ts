/** The console search's query keys (TanStack Query), under the tenant's prefix (lib/query-keys.ts). */
import { adminKeys } from '@/admin/lib/query-keys';

export const searchKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'search'] as const,
  find: (tenant: string, q: string, lang: string) => [...searchKeys.all(tenant), q, lang] as const,
};
