/** The customers' query keys: a search and one customer. */
import { adminKeys } from '@/admin/lib/query-keys';

export const customerKeys = {
  search: (tenant: string, q: string, all: boolean) => [...adminKeys.tenant(tenant), 'customers', q, all] as const,
  detail: (tenant: string, userId: string) => [...adminKeys.tenant(tenant), 'customer', userId] as const,
};
