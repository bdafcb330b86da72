/** The console home's query keys: the dashboard's figures and the setup checklist's own. */
import { adminKeys } from '@/admin/lib/query-keys';

const home = (tenant: string) => [...adminKeys.tenant(tenant), 'home'] as const;

export const homeKeys = {
  revenue: (tenant: string, from: string) => [...home(tenant), 'revenue', from] as const,
  subscribers: (tenant: string, from: string) => [...home(tenant), 'subscribers', from] as const,
  consumption: (tenant: string, from: string) => [...home(tenant), 'consumption', from] as const,
  operations: (tenant: string) => [...home(tenant), 'operations'] as const,
  audit: (tenant: string) => [...home(tenant), 'audit'] as const,
  setupArticles: (tenant: string) => [...adminKeys.tenant(tenant), 'setup', 'articles'] as const,
};
