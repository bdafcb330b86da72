/**
 * One cart for the page, whoever is there: the server's for a signed-in user, the browser's for a
 * guest. Changes go to the one in use; quantities stay within 1..limit.
 */
import { useCallback, useMemo } from 'react';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useServerCart } from '../api/get-cart';
import { useCartMutations } from '../api/update-cart';
import { clampQuantity, maxQuantityOf, quantityLimit } from '../cart-rules';
import { addLocal, removeLocal, setLocalQuantity, useLocalCart } from '../local-cart';
import type { CartItem } from '../cart-model';

export function useMaxQuantity(): number {
  return usePortalStore((state) => maxQuantityOf(state.configs.features));
}

export function useCart(failedText: string) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const maxQuantity = useMaxQuantity();
  const local = useLocalCart();
  const server = useServerCart();
  const mutations = useCartMutations();
  const serverItems = server.data?.items;
  const items = useMemo(() => (signedIn ? (serverItems ?? []) : local), [signedIn, serverItems, local]);
  const max = signedIn ? (server.data?.maxQuantity ?? maxQuantity) : maxQuantity;
  const limitOf = useCallback((item: Pick<CartItem, 'availableNo'>) => quantityLimit(max, item.availableNo), [max]);
  const failed = useCallback(() => showSnackbar(failedText, 'error'), [failedText]);

  const setQuantity = useCallback(
    (item: CartItem, quantity: number) => {
      const next = clampQuantity(quantity, limitOf(item));
      if (next === item.quantity) return;
      if (signedIn) mutations.setQuantity.mutate({ productId: item.id, quantity: next }, { onError: failed });
      else setLocalQuantity(item.id, next, limitOf(item));
    },
    [signedIn, mutations.setQuantity, limitOf, failed],
  );
  const remove = useCallback(
    (item: CartItem) => {
      if (signedIn) mutations.remove.mutate(item.id, { onError: failed });
      else removeLocal(item.id);
    },
    [signedIn, mutations.remove, failed],
  );
  const add = useCallback(
    async (item: Omit<CartItem, 'quantity'>, quantity: number) => {
      const existing = items.find((line) => line.id === item.id)?.quantity ?? 0;
      const next = clampQuantity(existing + quantity, limitOf(item));
      if (signedIn) await mutations.setQuantity.mutateAsync({ productId: item.id, quantity: next });
      else addLocal(item, quantity, limitOf(item));
    },
    [items, signedIn, mutations.setQuantity, limitOf],
  );

  return {
    signedIn,
    items,
    maxQuantity: max,
    limitOf,
    serverTotals: signedIn ? (server.data?.totals ?? null) : null,
    loading: signedIn && server.isPending,
    error: signedIn && server.isError,
    refetch: server.refetch,
    busy: mutations.setQuantity.isPending || mutations.remove.isPending,
    setQuantity,
    remove,
    add,
  };
}
