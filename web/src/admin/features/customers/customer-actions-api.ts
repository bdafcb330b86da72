/**
 * Support's calls on one customer (issue 34 item 3): /backend/admin/customers/{userId}/... Each write
 * is audited by the server; the answers are those of docs/openapi.json (CareSubscriptionDto, ...).
 */
import type { ApiClient } from '@/lib/api-client';
import type { Data, Envelope } from '@/admin/lib/api';

export type CareSubscription = Data<'postBackendAdminCustomersUserIdSubscriptionsIdCancel', '2XX'>;
export type CarePurchase = Data<'postBackendAdminCustomersUserIdPurchasesIdRevoke', '2XX'>;
export type VoucherCodesResent = Data<'postBackendAdminCustomersUserIdVoucherOrdersIdResend', '2XX'>;
type SessionsEnded = Data<'postBackendAdminCustomersUserIdSessionsEnd', '2XX'>;
type LockLifted = Data<'postBackendAdminCustomersUserIdSignInLockLift', '2XX'>;
type ResetMailed = Data<'postBackendAdminCustomersUserIdPasswordReset', '2XX'>;
export type CancelWhen = 'now' | 'periodEnd';

const base = (userId: string) => `/admin/customers/${encodeURIComponent(userId)}`;

export const customerActionCalls = {
  cancel: async (api: ApiClient, userId: string, subscriptionId: string, when: CancelWhen, reason: string) =>
    (await api.post<Envelope<CareSubscription>>(`${base(userId)}/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, { when, reason })).data,
  comp: async (api: ApiClient, userId: string, subscriptionId: string, days: number, reason: string) =>
    (await api.post<Envelope<CareSubscription>>(`${base(userId)}/subscriptions/${encodeURIComponent(subscriptionId)}/comp`, { days, reason })).data,
  grant: async (api: ApiClient, userId: string, articleId: number, reason: string) =>
    (await api.post<Envelope<CarePurchase>>(`${base(userId)}/articles`, { articleId, reason })).data,
  revoke: async (api: ApiClient, userId: string, purchaseId: string, reason: string) =>
    (await api.post<Envelope<CarePurchase>>(`${base(userId)}/purchases/${encodeURIComponent(purchaseId)}/revoke`, { reason })).data,
  resendVouchers: async (api: ApiClient, userId: string, orderId: string, reason: string) =>
    (await api.post<Envelope<VoucherCodesResent>>(`${base(userId)}/voucher-orders/${encodeURIComponent(orderId)}/resend`, { reason })).data,
  endSessions: async (api: ApiClient, userId: string, reason: string) =>
    (await api.post<Envelope<SessionsEnded>>(`${base(userId)}/sessions/end`, { reason })).data,
  liftSignInLock: async (api: ApiClient, userId: string, reason: string) =>
    (await api.post<Envelope<LockLifted>>(`${base(userId)}/sign-in-lock/lift`, { reason })).data,
  passwordReset: async (api: ApiClient, userId: string, reason: string) =>
    (await api.post<Envelope<ResetMailed>>(`${base(userId)}/password-reset`, { reason })).data,
  parentalReset: async (api: ApiClient, userId: string, reason: string) =>
    (await api.post<Envelope<ResetMailed>>(`${base(userId)}/parental-reset`, { reason })).data,
};
