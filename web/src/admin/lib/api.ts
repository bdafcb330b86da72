/**
 * The console's backend calls: the storefront's API client, with the staff cookie (HttpOnly, sent by
 * the browser), X-Requested-With on every call (the server wants it on writes the cookie alone
 * authenticates) and X-Tenant-ID: the host's tenant, or the one a platform administrator chose. A 401
 * (no live staff session) goes to the hosted sign-in page.
 *
 * Types come from src/lib/api-types.ts (generated from docs/openapi.json).
 */
import { createApiClient, type ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import { ChunkRefused } from './media-upload';

/** The `data` of an operation's answer with this status, as docs/openapi.json describes it. */
export type Data<Op extends keyof operations, Status extends string | number> = operations[Op]['responses'] extends Record<Status, { content: { 'application/json': { data: infer D } } }> ? D : never;

export type Me = Data<'getBackendAdminMe', 200>;
export type SignedOut = Data<'postBackendAdminLogout', '2XX'>;
export type StaffList = Data<'getBackendAdminStaff', 200>;
export type Member = StaffList['items'][number];
export type InviteBody = operations['postBackendAdminStaff']['requestBody']['content']['application/json'];
export type Invited = Data<'postBackendAdminStaff', '2XX'>;
export type Revoked = Data<'deleteBackendAdminStaffIdSessions', '2XX'>;
export type Reinvited = Data<'postBackendAdminStaffIdInvitation', '2XX'>;
export type AuditPage = Data<'getBackendAdminAudit', 200>;
export type AuditEntry = AuditPage['items'][number];
export type AuditQuery = NonNullable<operations['getBackendAdminAudit']['parameters']['query']>;
export type Settings = Data<'getBackendAdminSettings', 200>;
export type SettingsBody = operations['putBackendAdminSettings']['requestBody']['content']['application/json'];
export type MediaUpload = Data<'getBackendAdminMediaUploadsId', 200>;
export type NewMediaUpload = operations['postBackendAdminMediaUploads']['requestBody']['content']['application/json'];
export type MediaJob = Data<'getBackendAdminMediaJobsId', 200>;
export type MediaJobList = Data<'getBackendAdminMediaJobs', 200>;
export type MediaJobsQuery = NonNullable<operations['getBackendAdminMediaJobs']['parameters']['query']>;
export type ArticleHits = Data<'getBackendAdminCatalogArticles', 200>;
/** An article the Media page offers for a title: a row of the console's catalog (unpublished ones too). */
export type ArticleHit = ArticleHits['entries'][number];

export type VoucherBatchPage = Data<'getBackendAdminVouchersBatches', 200>;
export type VoucherBatch = VoucherBatchPage['items'][number];
export type NewVoucherBatch = operations['postBackendAdminVouchersBatches']['requestBody']['content']['application/json'];
export type VoucherBatchCreated = Data<'postBackendAdminVouchersBatches', '2XX'>;
export type VoucherBatchDetail = Data<'getBackendAdminVouchersBatchesId', 200>;
export type VoucherRedemption = VoucherBatchDetail['redemptions']['items'][number];
export type VoucherBatchVoided = Data<'postBackendAdminVouchersBatchesIdVoid', '2XX'>;
export type VoucherCode = Data<'postBackendAdminVouchersCodesFind', '2XX'>;
export type VoucherChoices = Data<'getBackendAdminVouchersChoices', 200>;
export type AdminPlans = Data<'getBackendAdminPlans', 200>;
export type AdminPlan = Data<'getBackendAdminPlansId', 200>;
export type AdminPlanBody = operations['putBackendAdminPlansId']['requestBody']['content']['application/json'];
export type PlanPriceBody = operations['postBackendAdminPlansIdPrice']['requestBody']['content']['application/json'];
export type PlanPriceChanged = Data<'postBackendAdminPlansIdPrice', '2XX'>;
/** A customer's data document (the whole answer: a file, not {data}) and what a deletion answers (task "privacy"). */
export type CustomerExport = operations['getBackendAdminCustomersUserIdExport']['responses'][200]['content']['application/json'];
export type CustomerDeleted = Data<'postBackendAdminCustomersUserIdDelete', '2XX'>;
export type PlanRetireBody = operations['postBackendAdminPlansIdRetire']['requestBody']['content']['application/json'];
export type CustomerSearch = Data<'getBackendAdminCustomers', 200>;
export type CustomerMatch = CustomerSearch['customers'][number];
export type Customer = Data<'getBackendAdminCustomersUserId', 200>;
export type RefundBody = operations['postBackendAdminCustomersUserIdPaymentsPaymentIdRefunds']['requestBody']['content']['application/json'];
export type Refund = Data<'postBackendAdminCustomersUserIdPaymentsPaymentIdRefunds', '2XX'>;
export type PaymentRefunds = Data<'getBackendAdminCustomersUserIdPaymentsPaymentIdRefunds', 200>;

export function signInUrl(lang: string): string {
  return `/admin/login?lang=${encodeURIComponent(lang)}`;
}

export function createConsoleClient(tenant: string, onUnauthorized: () => void, fetchImpl?: typeof fetch): ApiClient {
  const client = createApiClient({ baseUrl: '/backend', tenantName: tenant, onUnauthorized, ...(fetchImpl ? { fetchImpl } : {}) });
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  return {
    ...client,
    request: (method, path, options = {}) => client.request(method, path, { ...options, headers: { ...headers, ...options.headers } }),
    get: (path, options = {}) => client.get(path, { ...options, headers: { ...headers, ...options.headers } }),
    post: (path, body, options = {}) => client.post(path, body, { ...options, headers: { ...headers, ...options.headers } }),
    put: (path, body, options = {}) => client.put(path, body, { ...options, headers: { ...headers, ...options.headers } }),
    delete: (path, options = {}) => client.delete(path, { ...options, headers: { ...headers, ...options.headers } }),
  };
}

/**
 * Every answer's JSON: `{data}` around the operation's answer (name the answer with Data<...> above,
 * never with a shape written here; the lint rule on the console's call files keeps them out).
 */
// eslint-disable-next-line no-restricted-syntax -- the generic envelope of every answer, not a wire shape of its own
export interface Envelope<T> {
  data: T;
}

export const adminCalls = {
  // Task "privacy": a customer's data on request.
  customerExport: (api: ApiClient, userId: string) => api.get<CustomerExport>(`/admin/customers/${encodeURIComponent(userId)}/export`),
  customerDelete: async (api: ApiClient, userId: string, reason: string) => (await api.post<Envelope<CustomerDeleted>>(`/admin/customers/${encodeURIComponent(userId)}/delete`, { reason })).data,
  me: async (api: ApiClient) => (await api.get<Envelope<Me>>('/admin/me')).data,
  logout: async (api: ApiClient) => (await api.post<Envelope<SignedOut>>('/admin/logout')).data,
  staff: async (api: ApiClient) => (await api.get<Envelope<StaffList>>('/admin/staff')).data.items,
  invite: async (api: ApiClient, body: InviteBody) => (await api.post<Envelope<Invited>>('/admin/staff', body)).data,
  changeRole: async (api: ApiClient, id: string, role: string) => (await api.put<Envelope<Member>>(`/admin/staff/${encodeURIComponent(id)}/role`, { role })).data,
  revokeSessions: async (api: ApiClient, id: string) => (await api.delete<Envelope<Revoked>>(`/admin/staff/${encodeURIComponent(id)}/sessions`)).data,
  reinvite: async (api: ApiClient, id: string) => (await api.post<Envelope<Reinvited>>(`/admin/staff/${encodeURIComponent(id)}/invitation`)).data,
  takeBackInvitation: async (api: ApiClient, id: string) => (await api.delete<Envelope<Member>>(`/admin/staff/${encodeURIComponent(id)}/invitation`)).data,
  setStaffStatus: async (api: ApiClient, id: string, status: 'active' | 'disabled') =>
    (await api.put<Envelope<Member>>(`/admin/staff/${encodeURIComponent(id)}/status`, { status })).data,
  audit: async (api: ApiClient, query: AuditQuery) => (await api.get<Envelope<AuditPage>>('/admin/audit', { query: { ...query } })).data,
  auditCsv: (api: ApiClient, query: AuditQuery) => api.get<string>('/admin/audit', { query: { ...query, format: 'csv' }, headers: { Accept: 'text/csv' } }),
  settings: async (api: ApiClient) => (await api.get<Envelope<Settings>>('/admin/settings')).data,
  voucherBatches: async (api: ApiClient, page: number, size: number) => (await api.get<Envelope<VoucherBatchPage>>('/admin/vouchers/batches', { query: { page, size } })).data,
  voucherBatch: async (api: ApiClient, id: string, page: number, size: number) =>
    (await api.get<Envelope<VoucherBatchDetail>>(`/admin/vouchers/batches/${encodeURIComponent(id)}`, { query: { page, size } })).data,
  mintVouchers: async (api: ApiClient, body: NewVoucherBatch) => (await api.post<Envelope<VoucherBatchCreated>>('/admin/vouchers/batches', body)).data,
  voidVoucherBatch: async (api: ApiClient, id: string) => (await api.post<Envelope<VoucherBatchVoided>>(`/admin/vouchers/batches/${encodeURIComponent(id)}/void`)).data,
  findVoucher: async (api: ApiClient, code: string) => (await api.post<Envelope<VoucherCode>>('/admin/vouchers/codes/find', { code })).data,
  voidVoucher: async (api: ApiClient, id: string) => (await api.post<Envelope<VoucherCode>>(`/admin/vouchers/codes/${encodeURIComponent(id)}/void`)).data,
  /** Refunds (part of) a customer's payment; the key makes a retried click one refund. */
  refundPayment: async (api: ApiClient, userId: string, paymentId: string, body: RefundBody, idempotencyKey: string) =>
    (await api.post<Envelope<Refund>>(`/admin/customers/${encodeURIComponent(userId)}/payments/${encodeURIComponent(paymentId)}/refunds`, body, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
  paymentRefunds: async (api: ApiClient, userId: string, paymentId: string) =>
    (await api.get<Envelope<PaymentRefunds>>(`/admin/customers/${encodeURIComponent(userId)}/payments/${encodeURIComponent(paymentId)}/refunds`)).data,
  voucherChoices: async (api: ApiClient, lang: string) => (await api.get<Envelope<VoucherChoices>>('/admin/vouchers/choices', { query: { lang } })).data,
  saveSettings: async (api: ApiClient, body: SettingsBody) => (await api.put<Envelope<Settings>>('/admin/settings', body)).data,
  beginUpload: async (api: ApiClient, body: NewMediaUpload) => (await api.post<Envelope<MediaUpload>>('/admin/media/uploads', body)).data,
  upload: async (api: ApiClient, id: string) => (await api.get<Envelope<MediaUpload>>(`/admin/media/uploads/${encodeURIComponent(id)}`)).data,
  mediaJob: async (api: ApiClient, id: string) => (await api.get<Envelope<MediaJob>>(`/admin/media/jobs/${encodeURIComponent(id)}`)).data,
  mediaJobs: async (api: ApiClient, query: MediaJobsQuery = {}) => (await api.get<Envelope<MediaJobList>>('/admin/media/jobs', { query: { ...query } })).data.jobs,
  // The console's catalog, not the storefront's search: a new article gets its media before it is published.
  searchArticles: async (api: ApiClient, q: string, lang: string) => (await api.get<Envelope<ArticleHits>>('/admin/catalog/articles', { query: { q, lang, limit: 8 } })).data.entries,
  plans: async (api: ApiClient) => (await api.get<Envelope<AdminPlans>>('/admin/plans')).data,
  plan: async (api: ApiClient, id: number) => (await api.get<Envelope<AdminPlan>>(`/admin/plans/${id}`)).data,
  savePlan: async (api: ApiClient, id: number, body: AdminPlanBody) => (await api.put<Envelope<AdminPlan>>(`/admin/plans/${id}`, body)).data,
  createPlan: async (api: ApiClient, body: AdminPlanBody) => (await api.post<Envelope<AdminPlan>>('/admin/plans', body)).data,
  duplicatePlan: async (api: ApiClient, id: number) => (await api.post<Envelope<AdminPlan>>(`/admin/plans/${id}/duplicate`, {})).data,
  changePlanPrice: async (api: ApiClient, id: number, body: PlanPriceBody) => (await api.post<Envelope<PlanPriceChanged>>(`/admin/plans/${id}/price`, body)).data,
  /** Customers by e-mail, MSISDN, user id, payment or voucher code; `tenant` (platform administrators): another tenant's name, or 'all'. */
  customers: async (api: ApiClient, q: string, tenant?: string) => (await api.get<Envelope<CustomerSearch>>('/admin/customers', { query: tenant ? { q, tenant } : { q } })).data,
  customer: async (api: ApiClient, userId: string) => (await api.get<Envelope<Customer>>(`/admin/customers/${encodeURIComponent(userId)}`)).data,
  retirePlan: async (api: ApiClient, id: number, body: PlanRetireBody) => (await api.post<Envelope<AdminPlan>>(`/admin/plans/${id}/retire`, body)).data,
};

/** RFC 9530 Content-Digest of a chunk: its SHA-256, "sha-256=:<base64>:". */
export async function contentDigest(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha-256=:${btoa(binary)}:`;
}

/**
 * One chunk of an upload (PUT /backend/admin/media/uploads/{id}): raw bytes with Content-Range, which
 * the JSON client does not send, so through fetch with the console's headers. A 409 says where the
 * upload stands (ChunkRefused); any other refusal throws the answer's error code.
 */
export async function sendChunk(tenant: string, id: string, offset: number, total: number, chunk: Blob, onUnauthorized: () => void): Promise<MediaUpload> {
  const bytes = await chunk.arrayBuffer();
  const response = await fetch(`/backend/admin/media/uploads/${encodeURIComponent(id)}`, {
    method: 'PUT',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Range': `bytes ${offset}-${offset + chunk.size - 1}/${total}`,
      // The server checks the bytes it got against it (RFC 9530): a chunk changed on the way is refused, not stored.
      'Content-Digest': await contentDigest(bytes),
      'X-Tenant-ID': tenant,
      'X-Requested-With': 'XMLHttpRequest',
      'x-distribution-channel': 'WEB',
    },
    body: bytes,
  });
  let body: unknown = null;
  try {
    body = (await response.json()) as unknown;
  } catch {
    body = null;
  }
  const answer = (body ?? {}) as { data?: unknown; error?: string };
  if (response.ok) return answer.data as MediaUpload;
  if (response.status === 401) onUnauthorized();
  if (response.status === 409) {
    const data = answer.data as { offset?: unknown } | undefined;
    if (typeof data?.offset === 'number') throw new ChunkRefused(data.offset);
  }
  throw Object.assign(new Error(answer.error ?? `HTTP ${response.status}`), { status: response.status, code: answer.error ?? null });
}
