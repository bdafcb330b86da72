/**
 * The customer-care calls (GET /backend/admin/customers, …/{userId}, its data export and deletion, task
 * "privacy"; a payment's refunds, docs/contracts.md "Refunds"). Support's actions on a customer are
 * customer-actions-api.ts.
 */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from '@/admin/lib/api';
import type { BulkJob } from '@/admin/lib/bulk-job';

export type CustomerSearch = Data<'getBackendAdminCustomers', 200>;
/** POST /admin/customers/bulk: end every session of many customers (issue 78 item 3). */
export type CustomersBulkBody = operations['postBackendAdminCustomersBulk']['requestBody']['content']['application/json'];
export type CustomerMatch = CustomerSearch['customers'][number];
export type Customer = Data<'getBackendAdminCustomersUserId', 200>;
export type CustomerPayment = Customer['payments'][number];
/** What the refund action reads of a payment (its purpose tells a voucher order's). */
export type RefundPayment = Pick<CustomerPayment, 'id' | 'amount' | 'refunded' | 'currency' | 'status'> & Partial<Pick<CustomerPayment, 'purpose'>>;
/** A customer's data document (the whole answer: a file, not {data}) and what a deletion answers. */
export type CustomerExport = operations['getBackendAdminCustomersUserIdExport']['responses'][200]['content']['application/json'];
export type CustomerDeleted = Data<'postBackendAdminCustomersUserIdDelete', '2XX'>;
export type RefundBody = operations['postBackendAdminCustomersUserIdPaymentsPaymentIdRefunds']['requestBody']['content']['application/json'];
export type Refund = Data<'postBackendAdminCustomersUserIdPaymentsPaymentIdRefunds', '2XX'>;
export type PaymentRefunds = Data<'getBackendAdminCustomersUserIdPaymentsPaymentIdRefunds', 200>;

const customer = (userId: string) => `/admin/customers/${encodeURIComponent(userId)}`;
const refunds = (userId: string, paymentId: string) => `${customer(userId)}/payments/${encodeURIComponent(paymentId)}/refunds`;

export const customerCalls = {
  bulk: async (api: ApiClient, body: CustomersBulkBody, key: string) =>
    (await api.post<Envelope<BulkJob>>('/admin/customers/bulk', body, { headers: { 'Idempotency-Key': key } })).data,
  bulkJob: async (api: ApiClient, id: string) => (await api.get<Envelope<BulkJob>>(`/admin/customers/bulk/jobs/${encodeURIComponent(id)}`)).data,
  /** Customers by e-mail, MSISDN, user id, payment or voucher code; `tenant` (platform administrators): another tenant's name, or 'all'. */
  search: async (api: ApiClient, q: string, tenant?: string) => (await api.get<Envelope<CustomerSearch>>('/admin/customers', { query: tenant ? { q, tenant } : { q } })).data,
  read: async (api: ApiClient, userId: string) => (await api.get<Envelope<Customer>>(customer(userId))).data,
  exportData: (api: ApiClient, userId: string) => api.get<CustomerExport>(`${customer(userId)}/export`),
  remove: async (api: ApiClient, userId: string, reason: string) => (await api.post<Envelope<CustomerDeleted>>(`${customer(userId)}/delete`, { reason })).data,
  /** Refunds (part of) a payment; the key makes a retried click one refund. */
  refund: async (api: ApiClient, userId: string, paymentId: string, body: RefundBody, idempotencyKey: string) =>
    (await api.post<Envelope<Refund>>(refunds(userId, paymentId), body, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
  refunds: async (api: ApiClient, userId: string, paymentId: string) => (await api.get<Envelope<PaymentRefunds>>(refunds(userId, paymentId))).data,
};
