/**
 * On sign-in, the guest's cart (browser) merges into the server cart: its lines are sent once, the
 * server adds them within its bounds, and the browser copy is cleared. A failure keeps the browser
 * copy for the next page load.
 */
import { useEffect, useRef } from 'react';
import { usePortalStore } from '@/lib/store';
import { useCartMutations } from '../api/update-cart';
import { clearLocal, localCartStore, reloadLocal, LOCAL_CART_KEY } from '../local-cart';

export function useGuestCartMerge(): void {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const { merge } = useCartMutations();
  const started = useRef(false);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOCAL_CART_KEY) reloadLocal();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (!signedIn || started.current) return;
    const lines = localCartStore.getState().items.map((item) => ({ productId: item.id, quantity: item.quantity }));
    if (lines.length === 0) return;
    started.current = true;
    merge.mutate(lines, {
      onSuccess: () => clearLocal(),
      onError: (error) => {
        started.current = false;
        console.error('Cart merge failed', error);
      },
    });
  }, [signedIn, merge]);
}
