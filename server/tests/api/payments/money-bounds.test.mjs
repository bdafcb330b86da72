// Money amounts the console accepts are bounded (issue 45 item 5; docs/decisions.md "Money amounts are
// bounded"): at most 100,000,000 minor units (1,000,000.00) for a plan's price and promotion price, a
// catalog article's (a voucher product's) prices and a refund; more is 400 VALIDATION_ERROR naming the
// field, the bound itself is accepted. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { client, data, newUser, payAtCheckout, subscribeBody, CARDS } from '../subscriptions/support.mjs';

const MAX = 100_000_000;
const HUGE = 4_700_000_000_000_000_000;  // the 4.7×10^18
let server, aurora, api, editor, finance;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  api = backend(server, 'aurora');
  const staff = demoStaff(server.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  finance = (await staffLogin(api, staff['finance@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

const send = (path, body, method, token = editor) => api(path, json(body, staffBearer(token).headers, method));

test('a plan priced above the bound is refused naming price.amount / promotionPrice.amount; the bound is accepted', async () => {
  const basic = await data(await api('/admin/plans/101', staffBearer(editor)));
  const { state, retiredAt, successorId, subscribers, priceChange, ...plan } = basic;
  for (const [patch, field] of [
    [{ price: { amount: HUGE, currency: 'EUR' } }, 'price.amount'],
    [{ price: { amount: MAX + 1, currency: 'EUR' } }, 'price.amount'],
    [{ promotionPrice: { amount: MAX + 1, currency: 'EUR' } }, 'promotionPrice.amount'],
  ]) {
    const bad = await expectError(await send('/admin/plans', { ...plan, id: 170, ...patch }, 'POST'), 400, 'VALIDATION_ERROR');
    assert.equal(bad.data.field, field, JSON.stringify(patch));
  }
  const repriced = await expectError(await send('/admin/plans/101/price', { version: basic.version, price: { amount: HUGE, currency: 'EUR' }, effectiveFrom: '2099-01-01T00:00:00Z' }, 'POST', finance), 400, 'VALIDATION_ERROR');
  assert.equal(repriced.data.field, 'price.amount');
  const created = await data(await send('/admin/plans', { ...plan, id: 171, price: { amount: MAX, currency: 'EUR' }, promotionPrice: null }, 'POST'), 201);
  assert.equal(created.price.amount, MAX);
});

test('a voucher product (a catalog article) priced above the bound is refused naming prices.amount', async () => {
  const { version, article } = await data(await api('/admin/catalog/articles/8001?lang=en', staffBearer(editor)));
  const prices = article.prices.map((p) => ({ ...p, amount: HUGE }));
  const res = await send('/admin/catalog/articles/8001', { version, article: { ...article, prices } }, 'PUT');
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.equal(body.error, 'VALIDATION_ERROR');
  assert.ok(body.data.errors.some((e) => e.field === 'prices.amount'), JSON.stringify(body.data));
  const negative = await (await send('/admin/catalog/articles/8001', { version, article: { ...article, prices: article.prices.map((p) => ({ ...p, amount: -1 })) } }, 'PUT')).json();
  assert.ok(negative.data.errors.some((e) => e.field === 'prices.amount'), JSON.stringify(negative.data));
  // Minor units: 7.99 would sell for 0.08 EUR, so a fraction is refused with the reason (issue 50 item 6).
  const fraction = await (await send('/admin/catalog/articles/8001', { version, article: { ...article, prices: article.prices.map((p) => ({ ...p, amount: 7.99 })) } }, 'PUT')).json();
  const why = fraction.data.errors.find((e) => e.field === 'prices.amount');
  assert.match(why?.reason ?? '', /whole number of minor units/, JSON.stringify(fraction.data));
  const still = await data(await api('/admin/catalog/articles/8001?lang=en', staffBearer(editor)));
  assert.equal(still.version, version, 'nothing written');
  assert.deepEqual(still.article.prices, article.prices);
});

test('a refund above the bound is refused naming amount', async () => {
  const { token } = await newUser(server, 'aurora');
  const userId = (await data(await aurora('/user/profile', { token }))).uuid;
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  const [payment] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  const e = await expectError(await api(`/admin/customers/${userId}/payments/${payment.id}/refunds`,
    json({ amount: HUGE, reason: 'x' }, { ...staffBearer(finance).headers, 'Idempotency-Key': randomUUID() }, 'POST')), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'amount');
});
