/** The reports' calls (issue 35; GET /backend/admin/reports/…, POST …/royalties/{month}/issue; the home's operations, issue 50). */
import type { ApiClient } from '@/lib/api-client';
import type { Envelope } from '@/admin/lib/api';
import type { ConsumptionReport, OperationsReport, RevenueReport, RoyaltiesReport, RoyaltyLines, SubscribersReport } from './report-types';

export const reportCalls = {
  revenue: async (api: ApiClient, query: Record<string, string>) => (await api.get<Envelope<RevenueReport>>('/admin/reports/revenue', { query })).data,
  subscribers: async (api: ApiClient, query: Record<string, string>) => (await api.get<Envelope<SubscribersReport>>('/admin/reports/subscribers', { query })).data,
  consumption: async (api: ApiClient, query: Record<string, string>) => (await api.get<Envelope<ConsumptionReport>>('/admin/reports/consumption', { query })).data,
  royalties: async (api: ApiClient, month: string | null) => (await api.get<Envelope<RoyaltiesReport>>('/admin/reports/royalties', { query: month ? { month } : {} })).data,
  /** The lines, each article titled in `lang` (the reader's). */
  royaltyLines: async (api: ApiClient, month: string, licensor: string, lang: string) =>
    (await api.get<Envelope<RoyaltyLines>>(`/admin/reports/royalties/${encodeURIComponent(month)}/lines`, { query: { licensor, lang } })).data,
  /** The statement as the server writes it (text/csv), for a download; titles in `lang`. */
  statementCsv: (api: ApiClient, month: string, lang: string, licensor?: string) =>
    api.get<string>(`/admin/reports/royalties/${encodeURIComponent(month)}/statement.csv`, { query: licensor === undefined ? { lang } : { licensor, lang }, headers: { Accept: 'text/csv' } }),
  operations: async (api: ApiClient) => (await api.get<Envelope<OperationsReport>>('/admin/reports/operations')).data,
  issue: async (api: ApiClient, month: string) => (await api.post<Envelope<RoyaltiesReport>>(`/admin/reports/royalties/${encodeURIComponent(month)}/issue`, {})).data,
};
