/** The subscriptions feature's part of every page: store sync, purchase-return handling and the flow's loader. */
import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { usePurchaseReturn } from '../hooks/use-purchase-return';
import { useSyncSubscriptions } from '../hooks/use-sync-subscriptions';
import { setFlow, useSubscriptionStore } from '../store';

function FlowLoader() {
  const { t } = useTranslation();
  const busy = useSubscriptionStore((state) => state.flow.busy);
  if (!busy) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40 backdrop-blur-[1px]">
      <div className="flex items-center gap-3 rounded-2xl bg-surface px-5 py-4 text-text shadow-xl">
        <span className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden="true" />
        {t('subscription.loading')}
      </div>
    </div>
  );
}

export function SubscriptionsHost() {
  useSyncSubscriptions();
  usePurchaseReturn();
  useEffect(() => {
    // Back from a checkout page through the browser's page cache: the loader must not stay up.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setFlow({ busy: false });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return <FlowLoader />;
}
