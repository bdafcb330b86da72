/** The voucher batches and codes (/backend/admin/vouchers, docs/decisions.md "Voucher batches"). */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';
import type { BulkJob } from '@/admin/lib/bulk-job';

export type VoucherBatchPage = Data<'getBackendAdminVouchersBatches', 200>;
export type VoucherBatch = VoucherBatchPage['items'][number];
export type NewVoucherBatch = operations['postBackendAdminVouchersBatches']['requestBody']['content']['application/json'];
export type VoucherBatchCreated = Data<'postBackendAdminVouchersBatches', '2XX'>;
export type VoucherBatchDetail = Data<'getBackendAdminVouchersBatchesId', 200>;
export type VoucherRedemption = VoucherBatchDetail['redemptions']['items'][number];
export type VoucherBatchVoided = Data<'postBackendAdminVouchersBatchesIdVoid', '2XX'>;
export type VoucherCode = Data<'postBackendAdminVouchersCodesFind', '2XX'>;
export type VoucherChoices = Data<'getBackendAdminVouchersChoices', 200>;
export type VoucherCodePage = Data<'getBackendAdminVouchersBatchesIdCodes', 200>;
export type VoucherCodeRow = VoucherCodePage['items'][number];
/** POST /admin/vouchers/bulk: void many codes — ticked ones, or every code of a batch in a state (issue 78 item 3). */
export type VouchersBulkBody = operations['postBackendAdminVouchersBulk']['requestBody']['content']['application/json'];

const batch = (id: string) => `/admin/vouchers/batches/${encodeURIComponent(id)}`;

export const voucherCalls = {
  batches: async (api: ApiClient, page: number, size: number) => (await api.get<Envelope<VoucherBatchPage>>('/admin/vouchers/batches', { query: { page, size } })).data,
  batch: async (api: ApiClient, id: string, page: number, size: number) => (await api.get<Envelope<VoucherBatchDetail>>(batch(id), { query: { page, size } })).data,
  mint: async (api: ApiClient, body: NewVoucherBatch) => (await api.post<Envelope<VoucherBatchCreated>>('/admin/vouchers/batches', body)).data,
  voidBatch: async (api: ApiClient, id: string) => (await api.post<Envelope<VoucherBatchVoided>>(`${batch(id)}/void`)).data,
  find: async (api: ApiClient, code: string) => (await api.post<Envelope<VoucherCode>>('/admin/vouchers/codes/find', { code })).data,
  voidCode: async (api: ApiClient, id: string) => (await api.post<Envelope<VoucherCode>>(`/admin/vouchers/codes/${encodeURIComponent(id)}/void`)).data,
  /** A page of a batch's codes, all or of one state (open, redeemed, voided, expired). */
  codes: async (api: ApiClient, id: string, state: string, page: number, size: number) =>
    (await api.get<Envelope<VoucherCodePage>>(`${batch(id)}/codes`, { query: { page, size, ...(state ? { state } : {}) } })).data,
  bulk: async (api: ApiClient, body: VouchersBulkBody, key: string) =>
    (await api.post<Envelope<BulkJob>>('/admin/vouchers/bulk', body, { headers: { 'Idempotency-Key': key } })).data,
  bulkJob: async (api: ApiClient, id: string) => (await api.get<Envelope<BulkJob>>(`/admin/vouchers/bulk/jobs/${encodeURIComponent(id)}`)).data,
  /** The plans and voucher products a batch may grant, named in `lang`. */
  choices: async (api: ApiClient, lang: string) => (await api.get<Envelope<VoucherChoices>>('/admin/vouchers/choices', { query: { lang } })).data,
};
