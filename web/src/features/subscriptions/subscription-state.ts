/**
 * The subscription store's derived lists (commerce §4) and the subscribed-to-any rule (§5), as pure
 * functions of the user's subscriptions.
 */
import type { LanguageCode } from '@/config/languages';
import { planTitle } from './plan-attributes';
import type { Contingent, SubscriptionType, UserSubscription } from './types';
import type { UsedCredits } from '@/lib/used-credits';

export const CANCELED_LIST_MAX = 5;

export const isActive = (sub: UserSubscription): boolean => sub.state === 'ACTIVE' && sub.subState !== 'PENDING';
export const isInactive = (sub: UserSubscription): boolean => sub.state === 'INACTIVE' && sub.subState !== 'PENDING';
export const isPending = (sub: UserSubscription): boolean =>
  sub.state === 'REQUESTED' || (sub.subState === 'PENDING' && (sub.state === 'ACTIVE' || sub.state === 'INACTIVE'));
/** Held for a failed renewal: still ACTIVE, its payment pending, in grace until `graceUntil` (pay again). */
export const isHeld = (sub: UserSubscription): boolean => sub.state === 'ACTIVE' && sub.subState === 'PENDING' && !!sub.graceUntil;
export const isCanceled = (sub: UserSubscription): boolean => sub.state === 'CANCELED';

function newestFirst(a: UserSubscription, b: UserSubscription): number {
  return Date.parse(b.updatedAt || b.createdAt) - Date.parse(a.updatedAt || a.createdAt) || Number(b.id) - Number(a.id);
}

/** Newest canceled per type, newest first, at most 5. */
export function canceledHistory(subscriptions: readonly UserSubscription[]): UserSubscription[] {
  const byType = new Map<number, UserSubscription>();
  for (const sub of [...subscriptions].filter(isCanceled).sort(newestFirst)) {
    if (!byType.has(sub.typeId)) byType.set(sub.typeId, sub);
  }
  return [...byType.values()].slice(0, CANCELED_LIST_MAX);
}

const hasCredit = (contingents: readonly Contingent[]): boolean => contingents.some((c) => c.amount > 0 || c.amount === -1);

/** Active subscriptions carrying credit (a contingent above 0, or unlimited). */
export function creditSubscriptions(subscriptions: readonly UserSubscription[]): UserSubscription[] {
  return subscriptions.filter((sub) => isActive(sub) && sub.contingents.length > 0 && hasCredit(sub.contingents));
}

export interface SubscriptionSummary {
  active: UserSubscription[];
  inactive: UserSubscription[];
  pending: UserSubscription[];
  canceled: UserSubscription[];
  credit: UserSubscription[];
  subscribed: boolean;
  expiredWithoutActive: boolean;
}

export function summarize(subscriptions: readonly UserSubscription[]): SubscriptionSummary {
  const active = subscriptions.filter(isActive);
  const pending = subscriptions.filter(isPending);
  const canceled = canceledHistory(subscriptions);
  return {
    active,
    inactive: subscriptions.filter(isInactive),
    pending,
    canceled,
    credit: creditSubscriptions(subscriptions),
    subscribed: active.length > 0,
    expiredWithoutActive: active.length === 0 && pending.length === 0 && canceled.length > 0,
  };
}

/** The usable amount of a content type in a list of contingents (-1 unlimited, 0 none). */
export function usableAmount(contingents: readonly Contingent[], contentType: string): number {
  let best = 0;
  for (const contingent of contingents) {
    if (!contingent.contentTypes.includes(contentType)) continue;
    if (contingent.amount === -1) return -1;
    best = Math.max(best, contingent.amount);
  }
  return best;
}

const larger = (offered: number, held: number): boolean => offered === -1 ? held !== -1 : held !== -1 && offered > held;

/**
 * Commerce §5: is the user subscribed to any of `plans`? An active subscription matches a plan by
 * type id or by category. For contingents, amounts above 0 or -1 are usable; a plan offering a
 * larger contingent than the user holds means the user does not count as subscribed.
 */
export function isSubscribedToAny(
  active: readonly UserSubscription[],
  plans: readonly Pick<SubscriptionType, 'id' | 'contingents'>[],
  options: { categoryOf?: (typeId: number) => string[]; categories?: readonly string[]; contentType?: string } = {},
): boolean {
  const planIds = new Set(plans.map((plan) => plan.id));
  const categories = options.categories ?? [];
  const matching = active.filter((sub) => planIds.has(sub.typeId) || (options.categoryOf?.(sub.typeId).some((c) => categories.includes(c)) ?? false));
  if (matching.length === 0) return false;
  if (!options.contentType) return true;
  const contentType = options.contentType;
  const held = matching.reduce<number>((best, sub) => {
    const amount = usableAmount(sub.contingents, contentType);
    return best === -1 || amount === -1 ? -1 : Math.max(best, amount);
  }, 0);
  if (held === 0) return false;
  return !plans.some((plan) => larger(usableAmount(plan.contingents, contentType), held));
}

export type { UsedCredits } from '@/lib/used-credits';

/**
 * Asked when the entitlement answer offers no way to consume: an active plan that covers the type by
 * credits (not unlimited) has none left. The amount the client holds may be stale (spent on another
 * page), so the covering contingent counts, not its number.
 */
export function usedCredits(
  subscriptions: readonly UserSubscription[],
  contentType: string,
  typeOf: (id: number) => SubscriptionType | undefined,
  lang: LanguageCode,
): UsedCredits | null {
  const spent = subscriptions.find((sub) => isActive(sub) && sub.contingents.some((c) => c.contentTypes.includes(contentType)) && usableAmount(sub.contingents, contentType) !== -1);
  if (!spent) return null;
  const type = spent.subscriptionType ?? typeOf(spent.typeId);
  return { plan: type ? planTitle(type, lang) : '', at: spent.cancelRequested ? null : spent.nextRenewalDate, daily: (type?.billingCycle ?? '').toUpperCase() === 'P1D' };
}
