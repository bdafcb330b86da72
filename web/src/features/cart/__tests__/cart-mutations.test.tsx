import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { CART_QUERY_KEY, getCartQueryOptions } from '../api/get-cart';
import { useCartMutations } from '../api/update-cart';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const line = { id: 8001, imageUrl: '', name: 'Bronze', description: '', availableNo: null, discountPercentage: 0, price: eur(15), originalPrice: eur(15), quantity: 2, currency: 'EUR', contentType: 'voucher' };
const answer = (items: (typeof line)[]) => {
  const total = items.reduce((sum, item) => sum + item.price.amount * item.quantity, 0);
  const totals = { quantity: items.reduce((sum, item) => sum + item.quantity, 0), subtotalAmount: total, discountAmount: 0, totalAmount: total, currency: 'EUR' };
  return new Response(JSON.stringify({ data: { items, totals, maxQuantity: 10 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
};

describe('cart mutations', () => {
  it("a cart read sent before the sign-in merge cannot overwrite the merge's answer", async () => {
    // The page's GET /cart answers the empty cart after the merge has answered the merged one.
    let answerRead: (response: Response) => void = () => undefined;
    const fetchImpl = (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? Promise.resolve(answer([line])) : new Promise<Response>((resolve) => (answerRead = resolve));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

    const read = client.query(getCartQueryOptions()).catch(() => undefined);
    const { result } = renderHook(() => useCartMutations(), { wrapper });
    await act(async () => {
      await result.current.merge.mutateAsync([{ productId: 8001, quantity: 2 }]);
    });
    answerRead(answer([]));
    await read;
    expect(client.getQueryData<{ items: { id: number; quantity: number }[] }>(CART_QUERY_KEY)?.items).toMatchObject([{ id: 8001, quantity: 2 }]);
  });
});
