/**
 * The subscription store's derived lists (commerce §4) and what a contingent allows of a content type, as
 * pure functions of the user's subscriptions. Its own module: the store and the subscribe offer of a
 * guest's details page use them before the commerce runtime (subscription-state.ts) is loaded (issue 52).
 */
import type { Contingent, UserSubscription } from './types';

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
