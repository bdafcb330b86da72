/** The settings' query keys (GET /backend/admin/settings and the structures its areas name). */
import { adminKeys } from '@/admin/lib/query-keys';

export const settingsKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'settings'] as const,
  structures: (tenant: string) => [...settingsKeys.all(tenant), 'structures'] as const,
};
