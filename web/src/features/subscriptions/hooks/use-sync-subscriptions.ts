/**
 * Keeps the subscription store in step with the server: plans when the user (or language)
 * changes, the user's subscriptions and trial eligibility for role user only; and opens the
 * credit-expiration popup once per session when its rule holds.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { freeTrialEligibilityQueryOptions } from '../api/get-free-trial-eligibility';
import { userSubscriptionsQueryOptions } from '../api/get-user-subscriptions';
import { creditExpiration, type ExpirationPopupSettings } from '../credit-expiration';
import { setFlow, subscriptionStore, typeById } from '../store';
import { objectOrNull, useSyncSubscriptionTypes, useUserKey } from './use-sync-subscription-types';

const CREDIT_POPUP_SHOWN_KEY = 'portal:credit-expiration-shown';

export function useSyncSubscriptions(): void {
  const configs = usePortalStore((state) => state.configs);
  const userKey = useUserKey();
  useSyncSubscriptionTypes();

  const subscriptions = useQuery({ ...userSubscriptionsQueryOptions(userKey), enabled: userKey !== null });
  const trial = useQuery({ ...freeTrialEligibilityQueryOptions(userKey), enabled: userKey !== null });

  useEffect(() => {
    if (userKey === null) subscriptionStore.getState().setUserData(null, [], null);
    else if (subscriptions.data) subscriptionStore.getState().setUserData(userKey, subscriptions.data, trial.data ?? null);
    else if (subscriptions.isError) subscriptionStore.getState().setUserData(userKey, [], trial.data ?? null);
  }, [userKey, subscriptions.data, subscriptions.isError, trial.data]);

  useEffect(() => {
    if (userKey === null || !subscriptions.data) return;
    const settings = (objectOrNull(configs.expirationPopup) ?? objectOrNull(objectOrNull(configs.settings)?.expirationPopup)) as ExpirationPopupSettings | null;
    const found = creditExpiration({ settings, signedIn: true, credit: subscriptionStore.getState().credit, typeOf: typeById });
    if (!found) return;
    try {
      // The id is a string on the wire; String() keeps numbered test subscriptions comparable too.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- see above
      const shownKey = String(found.subscription.id);
      if (sessionStorage.getItem(CREDIT_POPUP_SHOWN_KEY) === shownKey) return;
      sessionStorage.setItem(CREDIT_POPUP_SHOWN_KEY, shownKey);
    } catch {
      // no storage: show it anyway
    }
    setFlow({ creditExpiration: found });
    openDialog('credit-expiration');
  }, [userKey, subscriptions.data, configs]);
}
