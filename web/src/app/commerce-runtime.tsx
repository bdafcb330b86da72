/**
 * The commerce runtime (issue 14): the hosts that hand the subscriptions, purchases, cart, games and
 * player features what they cannot own, the store sync and purchase-return handling, the flows'
 * loaders and the mini player; and the details page's actions that start the flows as they show
 * (vouchers, games, apps). Its own chunk, loaded on first use (commerce-loader.ts), so a guest's
 * first page carries none of it. The dialogs (Radix, react-hook-form) are one more chunk, loaded
 * the first time one opens.
 */
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { splitLanguagePrefix } from '@/config/paths';
import { useScoreBridge } from '@/features/games/hooks/use-score-bridge';
import { PurchaseLoader } from '@/features/purchases/components/purchase-loader';
import { playsAsPage } from '@/features/purchases/purchase-types';
import { purchaseStore } from '@/features/purchases/store';
import { usePlayer } from '@/features/streaming/player-store';
import { SubscribeOffer } from '@/features/subscriptions/components/subscribe-button';
import { SubscriptionsHost } from '@/features/subscriptions/components/subscriptions-host';
import { useSubscribeFlow } from '@/features/subscriptions/hooks/use-subscribe-flow';
import { categoryOfPath } from '@/features/subscriptions/subscribe-rules';
import { dialogStore } from '@/lib/dialogs';
import { lazyPart } from '@/lib/lazy-part';
import { useCommerceHost } from './commerce-host';
import { commerceMounted } from './commerce-loader';
import { useSubscriptionFlowHost } from './subscription-flow-host';

export { RuntimeCommerceActions } from './routes/runtime-commerce-actions';
export { GameLeaderboard } from '@/features/games/components/leaderboard';
/** The purchase flow's state, for a page shown without the runtime that follows a flow its buttons started (video-stream.tsx). */
// The runtime is loaded whole, never refreshed by module: a store beside its components costs nothing.
// eslint-disable-next-line react-refresh/only-export-components
export { purchaseStore } from '@/features/purchases/store';

const CommerceDialogs = lazyPart(() => import('./commerce-dialogs').then((module) => module.CommerceDialogs));
/** Loaded with the player, on the first play (player-host.ts). */
const PlayerBar = lazyPart(() => import('@/features/streaming/components/mini-player').then((module) => module.MiniPlayer));

/** The layouts show it through MiniPlayerSlot (commerce-slots.tsx); it opens only once something plays. */
export function MiniPlayer() {
  const open = usePlayer((state) => state.playlist !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBar />
    </Suspense>
  );
}

/**
 * The subscribe button of a list or search page (commerce §4), through SubscribeOfferSlot
 * (commerce-slots.tsx): `sectionOnly` shows it only on a page whose path has a plan category.
 */
export function PageSubscribeOffer({ sectionOnly }: { sectionOnly: boolean }) {
  const { pathname } = useLocation();
  const flow = useSubscribeFlow();
  if (sectionOnly && categoryOfPath(splitLanguagePrefix(pathname).path) === null) return null;
  return <SubscribeOffer onSubscribe={() => flow.openButton()} />;
}

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
  // After the hosts' effects: what waits for the runtime (withCommerce) may start a flow now.
  useEffect(() => commerceMounted(), []);
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
