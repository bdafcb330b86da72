/** Where the commerce runtime (commerce-loader.ts) shows: loaded when one of its reasons holds, then rendered. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { setPreviewHandlerRequest } from '@/features/catalog/preview-player';
import { hasPurchaseReturnParams } from '@/features/subscriptions/return-params';
import { dialogStore } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { loadCommerce, loadCommerceInBackground as loadInBackground, useCommerceRuntime } from './commerce-loader';

/** Rendered once by the app shell: hosts and dialogs. */
export function CommerceRuntimeSlot() {
  const runtime = useCommerceRuntime();
  const signedIn = usePortalStore((state) => state.role === 'user');
  const { search } = useLocation();
  const returning = hasPurchaseReturnParams(search);

  useEffect(() => {
    setPreviewHandlerRequest(() => loadCommerce().then(() => undefined));
    const onDialogs = () => {
      if (dialogStore.getState().open.size > 0) loadInBackground();
    };
    onDialogs();
    const unsubscribe = dialogStore.subscribe(onDialogs);
    return () => {
      unsubscribe();
      setPreviewHandlerRequest(null);
    };
  }, []);

  useEffect(() => {
    if (signedIn || returning) loadInBackground();
  }, [signedIn, returning]);

  return runtime ? <runtime.CommerceRuntime /> : null;
}

/** Where a layout shows the mini player: nothing until the runtime is there (nothing plays before). */
export function MiniPlayerSlot() {
  const runtime = useCommerceRuntime();
  return runtime ? <runtime.MiniPlayer /> : null;
}

/**
 * Where a list or search page shows the subscribe button (commerce §4). The plans it offers are
 * loaded by the runtime (SubscriptionsHost), so before the runtime is there it would show nothing
 * either; the page does not load the runtime for it (issue 52: the list and search pages' scripts).
 */
export function SubscribeOfferSlot({ sectionOnly = false }: { sectionOnly?: boolean }) {
  const runtime = useCommerceRuntime();
  return runtime ? <runtime.PageSubscribeOffer sectionOnly={sectionOnly} /> : null;
}
