import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addLocal, clearLocal } from '@/features/cart/local-cart';
import { jsonResponse, renderApp, testToken } from '@/testing/render-app';

const bronze = { id: 8001, productId: 8001, name: 'Bronze', description: '', price: 15, originalPrice: 15, discountPercentage: 0, imageUrl: null, currency: 'EUR', availableNo: null };
/** GET /cart as the server answers it (the cart line's prices are money objects). */
const serverCart = (quantity: number) => {
  const eur = { amount: 15, currency: 'EUR' };
  const item = { id: 8001, imageUrl: '', name: 'Bronze', description: '', availableNo: null, discountPercentage: 0, price: eur, originalPrice: eur, quantity, currency: 'EUR', contentType: 'voucher' };
  const total = 15 * quantity;
  return { items: [item], totals: { quantity, subtotalAmount: total, discountAmount: 0, totalAmount: total, currency: 'EUR' }, maxQuantity: 10 };
};

describe('the header cart', () => {
  afterEach(() => clearLocal());

  it("leads a guest to /myCart and counts the browser cart's items", async () => {
    const { user, router } = await renderApp({ path: '/' });
    const empty = await screen.findByTestId('cart-button');
    expect(empty.getAttribute('aria-label')).toBe('Cart, empty');
    addLocal(bronze, 2, 10);
    await waitFor(() => expect(screen.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, 2 items'));
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    await user.click(screen.getByTestId('cart-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myCart'));
  });

  it("counts a signed-in user's server cart, in Arabic with its dual form", async () => {
    await renderApp({
      path: '/ar',
      lang: 'ar',
      token: testToken(),
      fetch: (url) => (url.pathname.endsWith('/cart') ? jsonResponse({ data: serverCart(2) }) : undefined),
    });
    await waitFor(() => expect(screen.getByTestId('cart-button').getAttribute('aria-label')).toBe('سلة التسوق، منتجان'));
    expect(screen.getByTestId('cart-count').textContent).toBe('٢');
    expect(screen.getByTestId('cart-button').getAttribute('href')).toBe('/ar/myCart');
  });
});
