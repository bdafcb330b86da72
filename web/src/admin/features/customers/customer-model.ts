/**
 * What the customer pages build for themselves: the search form and its address (?q=, ?tenant=all), and the
 * values, names and checks of support's action dialogs and the refund dialog (the server checks the same).
 */
import type { AdminKey } from '@/admin/lib/i18n';

/** The longest reason an action or a refund takes (kept in the audit log; the server refuses a longer one). */
export const MAX_REASON_LENGTH = 500;
export const MAX_COMP_DAYS = 366;

/** The keys a match can be found by (the server's matchedBy). */
export const MATCH_KEYS = ['email', 'emailPrefix', 'msisdn', 'userId', 'uuid', 'paymentId', 'paymentReference', 'providerReference', 'providerCustomer', 'voucherBuyer', 'voucherRedeemer'] as const;
export type MatchKey = (typeof MATCH_KEYS)[number];
export const isMatchKey = (value: string): value is MatchKey => (MATCH_KEYS as readonly string[]).includes(value);

export interface SearchForm {
  q: string;
  all: boolean;
}

/** The address's query for a search: the words, and every tenant's customers for a platform administrator. */
export function searchOf(form: SearchForm): URLSearchParams {
  const next = new URLSearchParams();
  if (form.q.trim()) next.set('q', form.q.trim());
  if (form.all) next.set('tenant', 'all');
  return next;
}

export interface ActionValues {
  reason: string;
  days: string;
  articleId: string;
}
export type ActionField = keyof ActionValues;

/** The action names under "customerActions" in admin.json. */
export type ActionName = 'cancelNow' | 'cancelAtEnd' | 'comp' | 'revoke' | 'grant' | 'resend' | 'endSessions' | 'liftLock' | 'passwordReset' | 'parentalReset';

export interface ActionSpec {
  name: ActionName;
  reasonRequired: boolean;
  fields?: ('days' | 'articleId')[];
  danger?: boolean;
  /** Runs the call; answers the success notice. */
  run: (values: { reason: string; days: number; articleId: number }) => Promise<string>;
}

/** An action's form: the client's checks, by field. */
export function actionFormErrors(spec: ActionSpec, v: ActionValues): Partial<Record<ActionField, AdminKey>> {
  const out: Partial<Record<ActionField, AdminKey>> = {};
  const reason = v.reason.trim();
  if (spec.reasonRequired && reason === '') out.reason = 'customerActions.errors.reasonRequired';
  else if (reason.length > MAX_REASON_LENGTH) out.reason = 'customerActions.errors.reasonTooLong';
  if (spec.fields?.includes('days')) {
    const days = Number(v.days);
    if (!/^\d+$/.test(v.days.trim()) || days < 1 || days > MAX_COMP_DAYS) out.days = 'customerActions.errors.days';
  }
  if (spec.fields?.includes('articleId')) {
    if (!/^\d+$/.test(v.articleId.trim()) || Number(v.articleId) < 1) out.articleId = 'customerActions.errors.articleId';
  }
  return out;
}

export interface RefundFormValues {
  amount: string;
  reason: string;
  keepPlan: boolean;
  confirmRedeemed: boolean;
}
