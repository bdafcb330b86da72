// A refund follows what was bought (issue 45 item 3; docs/decisions.md "Refunds"): a refunded voucher
// order's unredeemed codes stop working in the refund's transaction; a redeemed code cannot be taken
// back, so the refund's preview lists it and a refund of such an order needs confirmRedeemed (or
// keepPlan, which keeps every code). A pending refund (the mobile bill settles later) holds the codes from
// its reservation, and a failed one gives them back (issue 71 item 1). SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data, mySubscriptions, subscribeBody, advance, runScheduler, CARDS } from '../subscriptions/support.mjs';
import { demoStaff, staffLogin } from '../staff/staff_flow.mjs';
import { buyCart, mailedCodes, redeem } from '../vouchers/support.mjs';

const VOUCHER = 8001;  // 10.00 EUR, grants aurora's Music Basic (101)
let server, aurora, finance;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  const staff = demoStaff(server.output());
  finance = (await staffLogin(aurora.api, staff['finance@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

const path = (userId, paymentId) => `/admin/customers/${userId}/payments/${paymentId}/refunds`;
const refund = (userId, paymentId, body) =>
  aurora(path(userId, paymentId), { method: 'POST', body, token: finance, headers: { 'Idempotency-Key': randomUUID() } });
const preview = async (userId, paymentId) => data(await aurora(path(userId, paymentId), { token: finance }));

// A buyer of `quantity` × 8001 with the 4242 card at the cart's checkout: {userId, payment, codes}.
async function vouchersBought(quantity) {
  const { token, email } = await newUser(server, 'aurora');
  const userId = (await data(await aurora('/user/profile', { token }))).uuid;
  const { start, location } = await buyCart(aurora, token, { [VOUCHER]: quantity }, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  const codes = await mailedCodes(server, 'aurora', email, { ms: 5000 });
  assert.equal(codes.length, quantity);
  const customer = await data(await aurora(`/admin/customers/${userId}`, { token: finance }));
  const payment = customer.payments.find((p) => p.reference === start.purchaseID);
  assert.ok(payment, JSON.stringify(customer.payments));
  assert.equal(payment.purpose, 'vouchers');
  return { userId, payment, codes };
}

test('a voucher order refunded in full: its mailed code no longer redeems', async () => {
  const { userId, payment, codes } = await vouchersBought(1);
  const before = await preview(userId, payment.id);
  assert.deepEqual(before.codes, { total: 1, redeemed: [], unredeemedAmount: payment.amount });
  const done = await data(await refund(userId, payment.id, { amount: payment.amount, reason: 'Bought by mistake' }), 201);
  assert.equal(done.status, 'SUCCEEDED');
  const { token: player } = await newUser(server, 'aurora');
  const e = await expectError(await redeem(aurora, player, codes[0]), 404, 'VOUCHER_NOT_FOUND');
  assert.equal(e.data.voucherStatus, 7);
  assert.deepEqual(await mySubscriptions(aurora, player), [], 'no plan was granted');
  assert.equal((await preview(userId, payment.id)).codes.total, 0, 'the order holds no live code');
});

test('an order with a redeemed code: the preview lists it, the refund needs confirmRedeemed, the other code is voided', async () => {
  const { userId, payment, codes } = await vouchersBought(2);
  const { token: friend } = await newUser(server, 'aurora');
  const gift = await data(await redeem(aurora, friend, codes[0]));
  assert.equal(gift.subscriptionTypeId, 101);

  const shown = await preview(userId, payment.id);
  assert.equal(shown.codes.total, 2);
  assert.equal(shown.codes.redeemed.length, 1);
  assert.equal(shown.codes.redeemed[0].hint, codes[0].slice(-4));
  assert.ok(shown.codes.redeemed[0].redeemedAt);
  assert.equal(shown.codes.unredeemedAmount, payment.amount / 2);

  const refused = await expectError(await refund(userId, payment.id, { amount: payment.amount, reason: 'Refund all' }), 409, 'VOUCHER_CODES_REDEEMED');
  assert.equal(refused.data.field, 'confirmRedeemed');
  assert.deepEqual(refused.data.codes, [codes[0].slice(-4)]);
  assert.equal((await preview(userId, payment.id)).refunded, 0, 'nothing was reserved or refunded');

  const done = await data(await refund(userId, payment.id, { amount: shown.codes.unredeemedAmount, reason: 'The unused code', confirmRedeemed: true }), 201);
  assert.equal(done.amount, payment.amount / 2);
  const { token: third } = await newUser(server, 'aurora');
  await expectError(await redeem(aurora, third, codes[1]), 404, 'VOUCHER_NOT_FOUND');
  const [kept] = await mySubscriptions(aurora, friend);
  assert.equal(kept?.state, 'ACTIVE', 'a redeemed code is not taken back');
});

test('keepPlan (a goodwill refund) keeps the codes', async () => {
  const { userId, payment, codes } = await vouchersBought(1);
  await data(await refund(userId, payment.id, { amount: 100, reason: 'Goodwill', keepPlan: true }), 201);
  const { token: player } = await newUser(server, 'aurora');
  assert.equal((await data(await redeem(aurora, player, codes[0]))).subscriptionTypeId, 101);
});

// A buyer with a saved mobile-bill number (a plan paid on aurora's operator option saves it) buys `quantity`
// × 8001 on the bill with the voucher call: {userId, payment, codes}.
async function vouchersOnTheBill(msisdn, quantity) {
  const { token, email } = await newUser(server, 'aurora');
  const userId = (await data(await aurora('/user/profile', { token }))).uuid;
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(301), token }));  // Games Daily
  const option = start.options.find((o) => o.code === 'operator');
  assert.ok(option, JSON.stringify(start.options.map((o) => o.code)));
  const step = (body) => aurora('/subscription/api', { method: 'POST', body: { paymentOptionUUID: option.uuid, body }, token });
  const sent = await data(await step({ msisdn }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  const body = { externalProviderCode: 'operator', voucherRequest: { voucherId: VOUCHER, quantity } };
  const bought = await data(await aurora('/voucher/consumption/voucher', { method: 'POST', body, token, headers: { 'Idempotency-Key': randomUUID() } }));
  assert.equal(bought.codes, quantity);
  const codes = await mailedCodes(server, 'aurora', email, { ms: 5000 });
  assert.equal(codes.length, quantity);
  const customer = await data(await aurora(`/admin/customers/${userId}`, { token: finance }));
  const payment = customer.payments.find((p) => p.purpose === 'vouchers');
  assert.equal(payment.amount, 1000 * quantity);
  return { userId, payment, codes };
}

test('a pending refund of a bill-paid order: its codes do not redeem while it is pending, and it then pays back', async () => {
  const { userId, payment, codes } = await vouchersOnTheBill('4915112345678', 2);
  const pending = await data(await refund(userId, payment.id, { amount: payment.amount, reason: 'Operator refund' }), 201);
  assert.equal(pending.status, 'PENDING', 'the operator credits the bill later');
  const { token: friend } = await newUser(server, 'aurora');
  for (const code of codes) await expectError(await redeem(aurora, friend, code), 404, 'VOUCHER_NOT_FOUND');
  assert.deepEqual(await mySubscriptions(aurora, friend), [], 'nothing granted while the refund is pending');
  await advance(server, 130);
  await runScheduler(server);
  const listed = await data(await aurora(path(userId, payment.id), { token: finance }));
  assert.deepEqual(listed.refunds.map((r) => r.status), ['SUCCEEDED']);
  for (const code of codes) await expectError(await redeem(aurora, friend, code), 404, 'VOUCHER_NOT_FOUND');
  assert.deepEqual(await mySubscriptions(aurora, friend), []);
});

test('a pending refund that fails when it settles gives the held codes back', async () => {
  const { userId, payment, codes } = await vouchersOnTheBill('4915112340119', 2);  // the operator refuses its refunds
  const pending = await data(await refund(userId, payment.id, { amount: payment.amount, reason: 'Operator refund' }), 201);
  assert.equal(pending.status, 'PENDING');
  const { token: friend } = await newUser(server, 'aurora');
  await expectError(await redeem(aurora, friend, codes[0]), 404, 'VOUCHER_NOT_FOUND');
  await advance(server, 130);
  await runScheduler(server);
  const listed = await data(await aurora(path(userId, payment.id), { token: finance }));
  assert.deepEqual(listed.refunds.map((r) => r.status), ['FAILED']);
  assert.equal(listed.refunded, 0, 'the amount is refundable again');
  assert.equal((await data(await redeem(aurora, friend, codes[0]))).subscriptionTypeId, 101, 'the code is back');
  const shown = await preview(userId, payment.id);
  assert.equal(shown.codes.total, 2);
  assert.equal(shown.codes.redeemed.length, 1);
});

test('a redemption and a refund at once: never both (16 rounds, the database decides)', async () => {
  for (let round = 0; round < 16; ++round) {
    const { userId, payment, codes } = await vouchersOnTheBill(`49151123${String(4000 + round).padStart(5, '0')}`, 2);
    const { token: friend } = await newUser(server, 'aurora');
    const [redeemed, refunded] = await Promise.all([
      redeem(aurora, friend, codes[0]),
      refund(userId, payment.id, { amount: payment.amount, reason: 'Race' }),
    ]);
    if (redeemed.status === 200) {
      // The redemption won: the refund saw it and needs the agent's confirmation; nothing was reserved.
      const e = await expectError(refunded, 409, 'VOUCHER_CODES_REDEEMED');
      assert.deepEqual(e.data.codes, [codes[0].slice(-4)]);
      assert.equal((await preview(userId, payment.id)).refunded, 0);
    } else {
      await expectError(redeemed, 404, 'VOUCHER_NOT_FOUND');
      assert.equal((await data(refunded, 201)).status, 'PENDING');
      assert.deepEqual(await mySubscriptions(aurora, friend), []);
    }
  }
});
