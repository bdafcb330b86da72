/**
 * The subscription store's derived lists (commerce §4, subscription-summary.ts) and the subscribed-to-any
 * rule (§5), as pure functions of the user's subscriptions.
 */
import type { LanguageCode } from '@/config/languages';
import { planTitle } from './plan-attributes';
import { isActive, usableAmount } from './subscription-summary';
import type { SubscriptionType, UserSubscription } from './types';
import type { UsedCredits } from '@/lib/used-credits';

export {
  CANCELED_LIST_MAX,
  canceledHistory,
  creditSubscriptions,
  isActive,
  isCanceled,
  isHeld,
  isInactive,
  isPending,
  summarize,
  usableAmount,
  type SubscriptionSummary,
} from './subscription-summary';

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
