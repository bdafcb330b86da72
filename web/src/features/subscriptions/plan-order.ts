/**
 * A subscription type's attributes as read to order the plans (commerce §3): `ment_sort`, then id. Its own
 * module: the subscription store sorts the plans a guest's details page offers, before the plan cards'
 * code (plan-attributes.ts) is loaded (issue 52).
 */
import type { SubscriptionType } from './types';

export const DEFAULT_SORT = 0;

export function attribute(type: Pick<SubscriptionType, 'attributes'>, key: string): string | null {
  const found = type.attributes.find((entry) => entry.key === key);
  return found ? found.value : null;
}

export function planSort(type: Pick<SubscriptionType, 'attributes'>): number {
  const value = Number(attribute(type, 'ment_sort'));
  return Number.isFinite(value) && attribute(type, 'ment_sort') !== null ? value : DEFAULT_SORT;
}

/** Ascending by ment_sort, then id (stable for equal sorts). */
export function sortPlans<T extends Pick<SubscriptionType, 'id' | 'attributes'>>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => planSort(a) - planSort(b) || a.id - b.id);
}
