/**
 * The user's relation to a plan: current, upgrade, downgrade or new; pending payment (a first payment awaited) or
 * held (a renewal failed: still active until its grace ends, payable now); trial eligibility.
 */
import { planRelation } from '../plan-levels';
import { isHeld } from '../subscription-summary';
import { useSubscriptionStore } from '../store';
import type { SubscriptionType } from '../types';

export function usePlanState(plan: SubscriptionType) {
  const active = useSubscriptionStore((state) => state.active);
  const pending = useSubscriptionStore((state) => state.pending);
  const trial = useSubscriptionStore((state) => state.trial);
  const relation = planRelation(plan, active.map((sub) => sub.typeId));
  return {
    relation,
    pending: pending.some((sub) => sub.typeId === plan.id && !isHeld(sub)),
    held: pending.find((sub) => sub.typeId === plan.id && isHeld(sub)) ?? null,
    trialEligible: plan.maxTrialDuration !== null && (trial === null ? true : trial.subscriptionTypeIds.includes(plan.id)),
  };
}
