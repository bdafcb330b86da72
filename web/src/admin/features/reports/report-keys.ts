/** The reports' query keys, one per report and its query. */
import { adminKeys } from '@/admin/lib/query-keys';

const reports = (tenant: string) => [...adminKeys.tenant(tenant), 'reports'] as const;

export const reportKeys = {
  revenue: (tenant: string, query: object) => [...reports(tenant), 'revenue', query] as const,
  subscribers: (tenant: string, query: object) => [...reports(tenant), 'subscribers', query] as const,
  consumption: (tenant: string, query: object) => [...reports(tenant), 'consumption', query] as const,
  royalties: (tenant: string) => [...reports(tenant), 'royalties'] as const,
  royaltiesMonth: (tenant: string, month: string) => [...reportKeys.royalties(tenant), month] as const,
  royaltyLines: (tenant: string, month: string, licensor: string, lang: string) => [...reportKeys.royaltiesMonth(tenant, month), 'lines', licensor, lang] as const,
};
