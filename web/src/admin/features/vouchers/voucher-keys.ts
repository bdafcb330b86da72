/** The vouchers' query keys: the batches (a page of them, one batch's page of redemptions, a page of its codes, a bulk void's job) and the new batch's choices. */
import { adminKeys } from '@/admin/lib/query-keys';

export const voucherKeys = {
  all: (tenant: string) => [...adminKeys.tenant(tenant), 'vouchers'] as const,
  batches: (tenant: string) => [...voucherKeys.all(tenant), 'batches'] as const,
  batchesPage: (tenant: string, page: number) => [...voucherKeys.batches(tenant), page] as const,
  batch: (tenant: string, id: string, page: number) => [...voucherKeys.all(tenant), 'batch', id, page] as const,
  batchCodes: (tenant: string, id: string) => [...voucherKeys.all(tenant), 'codes', id] as const,
  codes: (tenant: string, id: string, state: string, page: number) => [...voucherKeys.batchCodes(tenant, id), state, page] as const,
  bulkJob: (tenant: string) => [...voucherKeys.all(tenant), 'bulk'] as const,
  choices: (tenant: string, lang: string) => [...voucherKeys.all(tenant), 'choices', lang] as const,
};
