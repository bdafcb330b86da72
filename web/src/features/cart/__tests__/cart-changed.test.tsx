/**
 * The cart's "your cart has changed" dialog (issue 72 item 2): the checkout's 409 NOT_ENOUGH_AVAILABLE
 * (six Platinum cards in the cart, four left) opens it; it names the line and what is left and offers
 * that many, or the line's removal when none is left.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '@/config/languages';
import { BUNDLES, jsonResponse, renderApp, testToken } from '@/testing/render-app';

const PLATINUM = 8003;
const NAME = 'Games Gift Card – Platinum';
/** The name as the dialog inserts it: a bidi isolate, so a Latin name does not scramble an Arabic sentence. */
const SHOWN = `\u2068${NAME}\u2069`;

/** GET /cart (and every change's answer) as the server sends it. */
function serverCart(quantity: number, availableNo: number | null) {
  const eur = { amount: 5000, currency: 'EUR' };
  const item = { id: PLATINUM, imageUrl: '', name: NAME, description: '', availableNo, discountPercentage: 0, price: eur, originalPrice: eur, quantity, currency: 'EUR', contentType: 'voucher' };
  const total = 5000 * quantity;
  return { items: [item], totals: { quantity, subtotalAmount: total, discountAmount: 0, totalAmount: total, currency: 'EUR' }, maxQuantity: 10 };
}

/** The server's answer to the checkout when fewer are left than the cart holds (vouchers_answers.cpp). */
const notEnough = (left: number) =>
  jsonResponse({ status: 409, error: 'NOT_ENOUGH_AVAILABLE', message: `Only ${String(left)} left`, data: { productId: PLATINUM, availableNo: left, voucherStatus: 0 }, requestId: 'r-1' }, 409);

/** A signed-in cart of six Platinum cards at /myCart whose checkout is refused with `left` remaining. */
async function renderCart(left: number, lang: LanguageCode = 'en') {
  const puts: unknown[] = [];
  const deletes: string[] = [];
  let quantity = 6;
  const result = await renderApp({
    path: lang === 'en' ? '/myCart' : `/${lang}/myCart`,
    lang,
    token: testToken(),
    fetch: (url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname.endsWith('/cart/checkout') && method === 'POST') return notEnough(left);
      if (url.pathname.endsWith(`/cart/items/${String(PLATINUM)}`) && method === 'PUT') {
        const body = JSON.parse(init?.body as string) as { quantity: number };
        puts.push(body);
        quantity = body.quantity;
        return jsonResponse({ data: serverCart(quantity, left) });
      }
      if (url.pathname.endsWith(`/cart/items/${String(PLATINUM)}`) && method === 'DELETE') {
        deletes.push(url.pathname);
        return jsonResponse({ data: { items: [], totals: { quantity: 0, subtotalAmount: 0, discountAmount: 0, totalAmount: 0, currency: null }, maxQuantity: 10 } });
      }
      if (url.pathname.endsWith('/cart') && method === 'GET') return jsonResponse({ data: serverCart(quantity, left) });
      return undefined;
    },
  });
  return { ...result, puts, deletes };
}

describe('the cart has changed (409 NOT_ENOUGH_AVAILABLE)', () => {
  it('says which card and how many are left, and offers the four', async () => {
    const { user, puts } = await renderCart(4);
    await user.click(await screen.findByRole('button', { name: 'Check out' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your cart has changed' });
    expect(dialog).toHaveAccessibleDescription(`Only 4 of “${SHOWN}” are left, and your cart holds 6.`);
    expect(screen.queryByRole('dialog', { name: 'Something went wrong' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Change to 4' }));
    await waitFor(() => expect(puts).toEqual([{ quantity: 4 }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart has changed' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('quantity')).toHaveTextContent('4'));
  });

  it('offers to remove a card that is sold out', async () => {
    const { user, deletes } = await renderCart(0);
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your cart has changed' });
    expect(dialog).toHaveAccessibleDescription(`“${SHOWN}” is sold out.`);
    await user.click(within(dialog).getByRole('button', { name: `Remove ${SHOWN}` }));
    await waitFor(() => expect(deletes).toHaveLength(1));
  });

  it('keeps the cart as it is when closed', async () => {
    const { user, puts } = await renderCart(4);
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your cart has changed' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);
  });

  it.each([
    ['de', `Von „${SHOWN}“ sind nur noch 4 Stück übrig, in Ihrem Warenkorb liegen 6.`, 'Auf 4 ändern'],
    ['ar', `لم يتبقَّ من «${SHOWN}» سوى ٤ قطع، وفي سلتك ٦.`, 'غيّر الكمية إلى ٤'],
  ] as const)('speaks %s, in its plural form and digits', async (lang, text, take) => {
    const messages = BUNDLES[lang] as { cart: { checkout: string }; dialogs: { cartChanged: { title: string } } };
    const { user } = await renderCart(4, lang);
    await user.click(await screen.findByRole('button', { name: messages.cart.checkout }));
    const dialog = await screen.findByRole('dialog', { name: messages.dialogs.cartChanged.title });
    expect(dialog).toHaveAccessibleDescription(text);
    expect(within(dialog).getByRole('button', { name: take })).toBeInTheDocument();
  });
});
