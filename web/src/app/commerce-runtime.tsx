/**
 * The commerce runtime (issue 14): the hosts that hand the subscriptions, purchases, cart, games and
 * player features what they cannot own, the store sync and purchase-return handling, the flows'
 * loaders and the mini player. Its own chunk, loaded on first use (commerce-loader.ts), so a guest's
 * first page carries none of it. The dialogs (Radix, react-hook-form) are one more chunk, loaded
 * the first time one opens.
 */
import { Suspense, useEffect, useState } from 'react';
import { useScoreBridge } from '@/features/games/hooks/use-score-bridge';
import { PurchaseLoader } from '@/features/purchases/components/purchase-loader';
import { playsAsPage } from '@/features/purchases/purchase-types';
import { purchaseStore } from '@/features/purchases/store';
import { MiniPlayer } from '@/features/streaming/components/mini-player';
import { SubscriptionsHost } from '@/features/subscriptions/components/subscriptions-host';
import { dialogStore } from '@/lib/dialogs';
import { lazyPart } from '@/lib/lazy-part';
import { useCommerceHost } from './commerce-host';
import { useSubscriptionFlowHost } from './subscription-flow-host';

const CommerceDialogs = lazyPart(() => import('./commerce-dialogs').then((module) => module.CommerceDialogs));

/** The layouts show it through MiniPlayerSlot (commerce-slots.tsx); it opens only once something plays. */
export { MiniPlayer };

/** True once a dialog has opened (or the purchase flow shows a page full screen): the dialogs stay mounted from then on. */
function useDialogsWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return undefined;
    const check = () => {
      const playing = purchaseStore.getState().playing;
      if (dialogStore.getState().open.size > 0 || (playing !== null && playsAsPage(playing.contentType))) setWanted(true);
    };
    check();
    const stopDialogs = dialogStore.subscribe(check);
    const stopPurchases = purchaseStore.subscribe(check);
    return () => {
      stopDialogs();
      stopPurchases();
    };
  }, [wanted]);
  return wanted;
}

export function CommerceRuntime() {
  useSubscriptionFlowHost();
  useCommerceHost();
  useScoreBridge();
  const dialogs = useDialogsWanted();
  return (
    <>
      <SubscriptionsHost />
      <PurchaseLoader />
      {dialogs && (
        <Suspense fallback={null}>
          <CommerceDialogs />
        </Suspense>
      )}
    </>
  );
}
