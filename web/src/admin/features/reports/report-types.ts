/**
 * The reports' answers (issue 35): aliases of the types generated from docs/openapi.json
 * (src/lib/api-types.ts), the contract's shapes as the server describes them. Money is integer minor
 * units, times milliseconds, periods and days `YYYY-MM-DD` (UTC), months `YYYY-MM`. The server
 * describes its enumerations as strings; the names the console knows are below, each checked before use.
 */
import type { Data } from '@/admin/lib/api';

export type Granularity = 'day' | 'week' | 'month';
export type PaymentMethod = 'card' | 'mobile_bill' | 'voucher';
export type StatementStatus = 'open' | 'issued';

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'mobile_bill', 'voucher'];
export const isPaymentMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);
/** The payment providers this portal has (their names in reports.money.providers). */
export const PAYMENT_PROVIDERS = ['sandbox', 'sandbox-operator', 'stripe', 'camara'] as const;
export const isPaymentProvider = (value: string): value is (typeof PAYMENT_PROVIDERS)[number] => (PAYMENT_PROVIDERS as readonly string[]).includes(value);
export const isStatementStatus = (value: string): value is StatementStatus => value === 'open' || value === 'issued';

export type RevenueReport = Data<'getBackendAdminReportsRevenue', 200>;
export type SubscribersReport = Data<'getBackendAdminReportsSubscribers', 200>;
export type ConsumptionReport = Data<'getBackendAdminReportsConsumption', 200>;
export type RoyaltiesReport = Data<'getBackendAdminReportsRoyalties', 200>;
export type RoyaltyLines = Data<'getBackendAdminReportsRoyaltiesMonthLines', 200>;
/** The home's operational figures: failed media jobs and mail given up in the last 24 hours (issue 50). */
export type OperationsReport = Data<'getBackendAdminReportsOperations', 200>;
