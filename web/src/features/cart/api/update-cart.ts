/**
 * Cart changes of a signed-in user: PUT /cart/items/{productId} {quantity} sets a line (the server
 * keeps 1..maxQuantity and availability: 400 naming `quantity` otherwise), DELETE removes it,
 * POST /cart/merge {items:[{productId, quantity}]} adds a guest's lines. Each answers the cart.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { CartLine } from '../cart-rules';
import type { Cart } from '../cart-model';
import type { CartAnswer, CartLineBody, MergeBody } from '../types';
import { CART_QUERY_KEY } from './get-cart';
import { toCart } from './normalize';

export async function setCartQuantity(productId: number, quantity: number): Promise<Cart> {
  const response = await getApiClient().put<{ data: CartAnswer }>(`/cart/items/${productId}`, { quantity } satisfies CartLineBody);
  return toCart(response.data);
}

export async function removeCartItem(productId: number): Promise<Cart> {
  const response = await getApiClient().delete<{ data: CartAnswer }>(`/cart/items/${productId}`);
  return toCart(response.data);
}

export async function mergeCart(items: readonly CartLine[]): Promise<Cart> {
  const response = await getApiClient().post<{ data: CartAnswer }>('/cart/merge', { items: [...items] } satisfies MergeBody);
  return toCart(response.data);
}

/**
 * Mutations that put the answered cart into the cache. A read of the cart still under way was sent
 * before the change (e.g. the cart page's, beside the sign-in merge): it is cancelled first, or its
 * older answer would land after this one and empty the page.
 */
export function useCartMutations() {
  const queryClient = useQueryClient();
  const onSuccess = async (cart: Cart) => {
    await queryClient.cancelQueries({ queryKey: CART_QUERY_KEY });
    queryClient.setQueryData(CART_QUERY_KEY, cart);
  };
  return {
    setQuantity: useMutation({ mutationFn: ({ productId, quantity }: { productId: number; quantity: number }) => setCartQuantity(productId, quantity), onSuccess }),
    remove: useMutation({ mutationFn: (productId: number) => removeCartItem(productId), onSuccess }),
    merge: useMutation({ mutationFn: (items: readonly CartLine[]) => mergeCart(items), onSuccess }),
  };
}
