// The server-side cart: voucher products with the commerce §3 item fields and
// totals in minor units, quantity bounds, merge of a guest cart, and the
// hosted sandbox checkout that issues the codes by mail and empties the cart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data, payAtCheckout, CARDS } from '../subscriptions/support.mjs';
import { mailedCodes, redeem } from '../vouchers/support.mjs';

let server, aurora, noor;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => server && (await server.stop()));

const put = (call, token, id, body) => call(`/cart/items/${id}`, { method: 'PUT', body, token });
const REDIRECT = 'http://localhost:8080/myCart?from=test';

test('guests get 401; a new cart is empty', async () => {
  await expectError(await aurora('/cart'), 401, 'UNAUTHORIZED');
  const { token } = await newUser(server, 'aurora');
  const cart = await data(await aurora('/cart', { token }));
  assert.deepEqual(cart.items, []);
  assert.deepEqual(cart.totals, { quantity: 0, subtotalAmount: 0, discountAmount: 0, totalAmount: 0, currency: 'EUR' });
  assert.equal(cart.maxQuantity, 10);
});

test('items carry the cart item fields, in the request language, and totals in minor units', async () => {
  const { token } = await newUser(server, 'aurora');
  await data(await put(aurora, token, 8001, { quantity: 2 }));
  const cart = await data(await put(aurora, token, 8101, { quantity: 1 }));
  const [voucher, book] = cart.items;
  for (const key of ['id', 'imageUrl', 'name', 'description', 'availableNo', 'discountPercentage', 'price', 'quantity', 'currency'])
    assert.ok(key in voucher, key);
  assert.equal(voucher.id, 8001);
  assert.equal(voucher.quantity, 2);
  assert.deepEqual(voucher.price, { amount: 1000, currency: 'EUR' });
  assert.equal(voucher.currency, 'EUR');
  assert.equal(voucher.discountPercentage, 0);
  assert.match(voucher.name, /Music Gift Card/);
  assert.equal(typeof voucher.availableNo, 'number');
  assert.match(voucher.imageUrl, /^\/media\//);
  // The book's price already holds its 15 % saving against its three vouchers (1000 + 1000 + 2500).
  assert.equal(book.id, 8101);
  assert.equal(book.discountPercentage, 15);
  assert.deepEqual(book.price, { amount: 3825, currency: 'EUR' });
  assert.deepEqual(book.originalPrice, { amount: 4500, currency: 'EUR' });
  assert.deepEqual(cart.totals, { quantity: 3, subtotalAmount: 6500, discountAmount: 675, totalAmount: 5825, currency: 'EUR' });
  const fr = await data(await aurora('/cart?lang=fr', { token }));
  assert.match(fr.items[0].name, /Carte cadeau|cadeau/i);
  // The tenant's currency: noor sells in SAR.
  const { token: noorUser } = await newUser(server, 'noor');
  const sar = await data(await put(noor, noorUser, 8001, { quantity: 1 }));
  assert.deepEqual(sar.items[0].price, { amount: 4000, currency: 'SAR' });
  // Removing answers the cart without it.
  const after = await data(await aurora('/cart/items/8001', { method: 'DELETE', token }));
  assert.deepEqual(after.items.map((i) => i.id), [8101]);
});

test('quantity 1..10: 0, 11, negative, unknown or non-voucher product, bad ids are 400 naming the field', async () => {
  const { token } = await newUser(server, 'aurora');
  for (const quantity of [0, 11, -1]) {
    const e = await expectError(await put(aurora, token, 8001, { quantity }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, 'quantity', `quantity ${quantity}`);
  }
  let e = await expectError(await put(aurora, token, 8001, { quantity: 'two' }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'quantity');
  e = await expectError(await put(aurora, token, 8001, {}), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'quantity');
  for (const id of [999999, 2101]) {
    e = await expectError(await put(aurora, token, id, { quantity: 1 }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, 'productId', `product ${id}`);
  }
  e = await expectError(await put(aurora, token, 'abc', { quantity: 1 }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'productId');
  assert.equal((await data(await put(aurora, token, 8001, { quantity: 10 }))).items[0].quantity, 10);
  assert.equal((await data(await aurora('/cart', { token }))).items[0].quantity, 10);
});

test('merge adds a guest cart: quantities add up and are capped, unknown products skipped', async () => {
  const { token } = await newUser(server, 'aurora');
  await data(await put(aurora, token, 8001, { quantity: 8 }));
  const merged = await data(await aurora('/cart/merge', {
    method: 'POST', token,
    body: { items: [{ productId: 8001, quantity: 5 }, { productId: '8002', quantity: 3 }, { productId: 999999, quantity: 1 }, { productId: 8003, quantity: 50 }] },
  }));
  assert.deepEqual(merged.items.map((i) => [i.id, i.quantity]), [[8001, 10], [8002, 3], [8003, 10]]);
  let e = await expectError(await aurora('/cart/merge', { method: 'POST', token, body: { items: [{ productId: 8001, quantity: 0 }] } }), 400);
  assert.equal(e.data.field, 'items[0].quantity');
  e = await expectError(await aurora('/cart/merge', { method: 'POST', token, body: { items: [{ productId: 'x', quantity: 1 }] } }), 400);
  assert.equal(e.data.field, 'items[0].productId');
  e = await expectError(await aurora('/cart/merge', { method: 'POST', token, body: { items: 'none' } }), 400);
  assert.equal(e.data.field, 'items');
});

test('checkout with 4242: 303 back with status=200&purchaseType=cart, codes mailed, cart emptied, availability taken', async () => {
  const { token, email } = await newUser(server, 'aurora');
  const before = (await data(await put(aurora, token, 8003, { quantity: 2 }))).items[0].availableNo;
  await expectError(await aurora('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: 'https://evil.example/x', lang: 'en' } }), 400, 'INVALID_REDIRECT');
  const start = await data(await aurora('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: REDIRECT, lang: 'en' } }));
  assert.deepEqual(start.amount, { amount: 10000, currency: 'EUR' });
  assert.match(start.url, /\/backend\/checkout\/cart\/[0-9a-f-]{36}\?lang=en$/);
  const page = await fetch(start.url);
  const html = await page.text();
  assert.equal(page.status, 200);
  for (const card of Object.values(CARDS)) assert.ok(html.includes(card), card);
  assert.match(html, /€100\.00/, 'the total as the storefront writes it (issue 72 item 10)');
  const paid = await payAtCheckout(start.url, CARDS.success);
  assert.equal(paid.res.status, 303);
  assert.equal(paid.location.origin + paid.location.pathname, 'http://localhost:8080/myCart');
  assert.equal(paid.location.searchParams.get('from'), 'test');
  assert.equal(paid.location.searchParams.get('status'), '200');
  assert.equal(paid.location.searchParams.get('purchaseType'), 'cart');
  assert.equal(paid.location.searchParams.get('purchaseID'), start.purchaseID);
  const codes = await mailedCodes(server, 'aurora', email);
  assert.equal(codes.length, 2);
  const cart = await data(await aurora('/cart', { token }));
  assert.deepEqual(cart.items, []);
  const again = await data(await put(aurora, token, 8003, { quantity: 1 }));
  assert.equal(again.items[0].availableNo, before - 2);
  // The page of a paid order is gone (410).
  assert.equal((await fetch(start.url)).status, 410);
  const { token: friend } = await newUser(server, 'aurora');
  assert.equal((await data(await redeem(aurora, friend, codes[0]))).subscriptionTypeId, 103);
  await expectError(await aurora('/cart/checkout', { method: 'POST', token: friend, body: { redirectionUrl: REDIRECT } }), 409, 'CART_EMPTY');
});

test('checkout with 9995: status=402&error=INSUFFICIENT_FUNDS, the cart and the availability stay; cancel returns 400', async () => {
  const { token, email } = await newUser(server, 'aurora');
  const before = (await data(await put(aurora, token, 8004, { quantity: 1 }))).items[0].availableNo;
  const start = await data(await aurora('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: REDIRECT, lang: 'en' } }));
  const paid = await payAtCheckout(start.url, CARDS.insufficient);
  assert.equal(paid.location.searchParams.get('status'), '402');
  assert.equal(paid.location.searchParams.get('error'), 'INSUFFICIENT_FUNDS');
  assert.equal(paid.location.searchParams.get('purchaseType'), 'cart');
  const cart = await data(await aurora('/cart', { token }));
  assert.deepEqual(cart.items.map((i) => [i.id, i.quantity, i.availableNo]), [[8004, 1, before]]);
  assert.deepEqual(await mailedCodes(server, 'aurora', email), []);
  const cancelled = await payAtCheckout(start.url, '', { cancel: true });
  assert.equal(cancelled.location.searchParams.get('status'), '400');
  assert.equal(cancelled.location.searchParams.get('error'), 'PAYMENT_CANCELLED');
});

test('checkout bodies: 400 naming redirectionUrl or lang; Idempotency-Key answers the same checkout', async () => {
  const { token } = await newUser(server, 'aurora');
  await data(await put(aurora, token, 8001, { quantity: 1 }));
  let e = await expectError(await aurora('/cart/checkout', { method: 'POST', token, body: {} }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'redirectionUrl');
  e = await expectError(await aurora('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: REDIRECT, lang: 'xx' } }), 400);
  assert.equal(e.data.field, 'lang');
  const headers = { 'Idempotency-Key': 'cart-1' };
  const first = await data(await aurora('/cart/checkout', { method: 'POST', token, headers, body: { redirectionUrl: REDIRECT } }));
  const second = await data(await aurora('/cart/checkout', { method: 'POST', token, headers, body: { redirectionUrl: REDIRECT } }));
  assert.equal(second.purchaseID, first.purchaseID);
});
