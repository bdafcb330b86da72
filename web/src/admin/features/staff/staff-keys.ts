/** The staff page's query keys. */
import { adminKeys } from '@/admin/lib/query-keys';

export const staffKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'staff'] as const,
};
