/**
 * Commerce §4 cancel: a type with a cancelUrl navigates there; otherwise (signed in) DELETE and
 * reload the subscriptions; then follow a returned redirectionUrl, else the snackbar
 * subscription.cancel.successMsg (200/204) or subscription.cancel.failMsg.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { browser } from '@/lib/browser';
import { showSnackbar } from '@/lib/snackbar';
import { portalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { cancelSubscription } from '../api/cancel-subscription';
import { reloadSubscriptions } from '../flow';
import { typeById } from '../store';
import type { UserSubscription } from '../types';

export function useCancelPlan() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const [busy, setBusy] = useState(false);
  const cancel = useCallback(
    async (subscription: UserSubscription): Promise<boolean> => {
      const type = subscription.subscriptionType ?? typeById(subscription.typeId);
      if (type?.cancelUrl) {
        browser.assign(type.cancelUrl);
        return true;
      }
      if (portalStore.getState().role !== 'user') return false;
      setBusy(true);
      try {
        const here = window.location.href;
        const answer = await cancelSubscription(subscription.id, lang, here);
        await reloadSubscriptions();
        // The server echoes the return address it was given; only another address is a redirect.
        if (answer.redirectionUrl && new URL(answer.redirectionUrl, here).href !== here) browser.assign(answer.redirectionUrl);
        else showSnackbar(t('subscription.cancel.successMsg'), 'success');
        return true;
      } catch (error) {
        console.error('Cancelling the subscription failed', error);
        showSnackbar(t('subscription.cancel.failMsg'), 'error');
        return false;
      } finally {
        setBusy(false);
      }
    },
    [lang, t],
  );
  return { cancel, busy };
}
