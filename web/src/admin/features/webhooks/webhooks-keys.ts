/** The webhooks page's query keys (issue 78 item 1). */
import { adminKeys } from '@/admin/lib/query-keys';

export const webhookKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'webhooks'] as const,
  endpoints: (tenant: string) => [...webhookKeys.all(tenant), 'endpoints'] as const,
  deliveries: (tenant: string, endpointId: string) => [...webhookKeys.all(tenant), 'deliveries', endpointId] as const,
};
