/** The media page's query keys. */
import { adminKeys } from '@/admin/lib/query-keys';

export const mediaKeys = {
  jobs: (tenant: string) => [...adminKeys.tenant(tenant), 'media', 'jobs'] as const,
};
