/** GET /cart: the signed-in user's cart (guests keep theirs in the browser). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import type { Cart } from '../cart-model';
import type { CartAnswer } from '../types';
import { toCart } from './normalize';

export async function getCart(): Promise<Cart> {
  const response = await getApiClient().get<{ data: CartAnswer }>('/cart');
  return toCart(response.data);
}

export const CART_QUERY_KEY = ['cart'] as const;

export const getCartQueryOptions = () => queryOptions({ queryKey: CART_QUERY_KEY, queryFn: getCart, staleTime: 0 });

export function useServerCart() {
  const signedIn = usePortalStore((state) => state.role === 'user');
  return useQuery({ ...getCartQueryOptions(), enabled: signedIn });
}
