/**
 * The reports' answers (issue 35, /work/helpers/s40/CONTRACT35.md), written from the contract until the
 * server branches regenerate src/lib/api-types.ts; at merge each becomes an alias of the generated type
 * (Data<'getBackendAdminReportsRevenue', 200>, …). Money is integer minor units, times milliseconds,
 * periods and days `YYYY-MM-DD` (UTC), months `YYYY-MM`.
 */
export type Granularity = 'day' | 'week' | 'month';
export type PaymentMethod = 'card' | 'mobile_bill' | 'voucher';

interface ReportBase {
  from: string;
  to: string;
  granularity: Granularity;
  refreshedAt: string | null;
}

export interface MoneyFigures {
  currency: string;
  gross: number;
  refunds: number;
  net: number;
}

export interface RevenueReport extends ReportBase {
  currencies: string[];
  series: (MoneyFigures & { period: string; payments: number; refundCount: number })[];
  totals: (MoneyFigures & { payments: number; refundCount: number })[];
  byPlan: (MoneyFigures & { planId: number; planName: string; payments: number })[];
  byMethod: (MoneyFigures & { method: PaymentMethod; payments: number })[];
  bySection: (MoneyFigures & { section: string; purchases: number })[];
  mrr: { currency: string; amount: number; subscriptions: number }[];
}

export interface SubscribersReport extends ReportBase {
  series: { period: string; active: number; started: number; new: number; cancelled: number; ended: number; trialsStarted: number; trialsConverted: number }[];
  totals: {
    activeAtStart: number;
    activeAtEnd: number;
    started: number;
    new: number;
    cancelled: number;
    ended: number;
    trialsStarted: number;
    trialsEnded: number;
    trialsConverted: number;
    conversionRate: number | null;
    churnRate: number | null;
  };
  arpu: { currency: string; amount: number }[];
  cohorts: { month: string; customers: number; active: number[] }[];
}

export interface ConsumptionReport extends ReportBase {
  series: { period: string; plays: number; ms: number; gamesStarted: number }[];
  bySection: { section: string; plays: number; ms: number }[];
  byContentType: { contentType: string; plays: number; ms: number }[];
  byLanguage: { language: string; plays: number; ms: number }[];
  topArticles: { articleId: number; title: string; contentType: string; plays: number; ms: number }[];
  funnel: { visits: number; signUps: number; firstSubscriptions: number };
  funnelSeries: { period: string; visits: number; signUps: number; firstSubscriptions: number }[];
}

export type StatementStatus = 'open' | 'issued';

export interface RoyaltiesReport {
  month: string;
  status: StatementStatus;
  issuedAt: string | null;
  issuedBy: string | null;
  canIssue: boolean;
  refreshedAt: string | null;
  licensors: { licensor: string; articles: number; plays: number; countedMs: number; claimedMs: number }[];
  months: { month: string; status: StatementStatus }[];
}

export interface RoyaltyLines {
  month: string;
  licensor: string;
  status: StatementStatus;
  lines: { articleId: number; title: string; contentType: string; plays: number; countedMs: number; claimedMs: number }[];
}
