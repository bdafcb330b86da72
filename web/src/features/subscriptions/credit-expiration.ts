/**
 * Commerce §4 credit-expiration popup: the first credit subscription with an end date or next
 * renewal date, not accumulating, still having credit. Daily (P1D) plans alert when the hours left
 * are at most expirationHoursAlert, others when the days left are at most expirationDaysAlert.
 * Only when enabled, the user is signed in and holds a full-track-music contingent.
 */
import { usableAmount } from './subscription-state';
import type { SubscriptionType, UserSubscription } from './types';

export interface ExpirationPopupSettings {
  enabled?: boolean;
  expirationDaysAlert?: number;
  expirationHoursAlert?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface CreditExpiration {
  subscription: UserSubscription;
  unit: 'hours' | 'days';
  left: number;
  at: string;
}

export function creditExpiration(
  input: { settings: ExpirationPopupSettings | null | undefined; signedIn: boolean; credit: readonly UserSubscription[]; typeOf: (id: number) => SubscriptionType | undefined },
  now: number = Date.now(),
): CreditExpiration | null {
  const { settings } = input;
  if (!settings?.enabled || !input.signedIn) return null;
  const holdsMusic = input.credit.some((sub) => usableAmount(sub.contingents, 'full_track_music') !== 0);
  if (!holdsMusic) return null;
  const candidate = input.credit.find((sub) => {
    const type = sub.subscriptionType ?? input.typeOf(sub.typeId);
    return (sub.endDate ?? sub.nextRenewalDate) !== null && !(type?.accumulateContingent ?? false) && sub.contingents.some((c) => c.amount > 0 || c.amount === -1);
  });
  if (!candidate) return null;
  const at = candidate.endDate ?? candidate.nextRenewalDate;
  if (at === null) return null;
  const remaining = Date.parse(at) - now;
  if (!Number.isFinite(remaining) || remaining < 0) return null;
  const type = candidate.subscriptionType ?? input.typeOf(candidate.typeId);
  if ((type?.billingCycle ?? '').toUpperCase() === 'P1D') {
    const hours = Math.ceil(remaining / HOUR);
    return hours <= (settings.expirationHoursAlert ?? 0) ? { subscription: candidate, unit: 'hours', left: hours, at } : null;
  }
  const days = Math.ceil(remaining / DAY);
  return days <= (settings.expirationDaysAlert ?? 0) ? { subscription: candidate, unit: 'days', left: days, at } : null;
}
