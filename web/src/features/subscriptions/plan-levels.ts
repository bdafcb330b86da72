/**
 * Commerce §4: where a plan stands in its group's levels against what the user holds (upgrade, downgrade, current or
 * new). Its own module, apart from the subscribe rules (subscribe-rules.ts): the plans page draws each card's
 * relation with it before the commerce runtime, which holds the rest, is loaded (issue 77 item 6).
 */
import type { SubscriptionGroup, SubscriptionType } from './types';

export type UpgradeDirection = 'upgrade' | 'downgrade' | 'change';

/** Commerce §4: current level order 0 → upgrade; the last level → downgrade; otherwise change. */
export function upgradeDirection(group: Pick<SubscriptionGroup, 'levels'>, currentTypeId: number): UpgradeDirection {
  const orders = group.levels.map((level) => level.order);
  const current = group.levels.find((level) => level.subscriptionTypeIds.includes(currentTypeId));
  if (!current || current.order === 0) return 'upgrade';
  return current.order === Math.max(...orders) ? 'downgrade' : 'change';
}

/** Level order of a type within a group, or null. */
export function levelOf(group: Pick<SubscriptionGroup, 'levels'>, typeId: number): number | null {
  return group.levels.find((level) => level.subscriptionTypeIds.includes(typeId))?.order ?? null;
}

/** How a plan relates to what the user holds in its group: current, upgrade, downgrade or new. */
export function planRelation(plan: Pick<SubscriptionType, 'id' | 'subscriptionTypeGroupList'>, activeTypeIds: readonly number[]): 'current' | 'upgrade' | 'downgrade' | 'new' {
  if (activeTypeIds.includes(plan.id)) return 'current';
  const group = plan.subscriptionTypeGroupList[0];
  if (!group) return 'new';
  const target = levelOf(group, plan.id);
  const held = activeTypeIds.map((id) => levelOf(group, id)).find((order): order is number => order !== null);
  if (target === null || held === undefined) return 'new';
  return target > held ? 'upgrade' : 'downgrade';
}
