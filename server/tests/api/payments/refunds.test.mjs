// Refunds from the console (issue 34; docs/contracts.md "Refunds"):
// POST/GET /backend/admin/customers/{userId}/payments/{paymentId}/refunds, finance and above.
// A refunded plan ends (unless kept), a refunded article leaves the wallet, nothing refunds more
// than was paid, twice or concurrently (50 refunds at once), a mobile bill's refund settles later.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, advance, runScheduler, CARDS } from '../subscriptions/support.mjs';
import { demoStaff, staffLogin } from '../staff/staff_flow.mjs';
import { outboxMails } from '../identity/flow.mjs';

const ALBUM = 2102;  // 799 EUR cents; its five tracks go in the wallet
let server;
let aurora;
let noor;
const staffTokens = {};

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
  const staff = demoStaff(server.output());
  staffTokens.finance = (await staffLogin(aurora.api, staff['finance@example.com aurora'])).token;
  staffTokens.support = (await staffLogin(aurora.api, staff['support@example.com aurora'])).token;
  staffTokens.noorFinance = (await staffLogin(noor.api, staff['finance@example.com noor'])).token;
});
after(async () => server && (await server.stop()));

const path = (userId, paymentId) => `/admin/customers/${userId}/payments/${paymentId}/refunds`;

function refund(call, userId, paymentId, body, { token = staffTokens.finance, key = randomUUID() } = {}) {
  return call(path(userId, paymentId), { method: 'POST', body, token, headers: { 'Idempotency-Key': key } });
}

async function userUuid(call, token) {
  return (await data(await call('/user/profile', { token }))).uuid;
}

// A new subscriber of plan 101 who paid with 4242: {token, userId, subscription, payment}.
async function planBought(card = CARDS.success) {
  const { token, email } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  const paid = await payAtCheckout(start.options[0].redirectionUrl, card);
  assert.equal(paid.location.searchParams.get('status'), '200');
  const [payment] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  assert.equal(payment.status, 'SUCCEEDED');
  const [subscription] = await mySubscriptions(aurora, token);
  assert.equal(subscription.state, 'ACTIVE');
  return { token, email, userId: await userUuid(aurora, token), subscription, payment };
}

async function subscriptionState(token, id) {
  const all = await mySubscriptions(aurora, token, '?inclCancelled=true');
  return all.find((s) => s.id === id)?.state;
}

test('a plan bought with 4242, refunded in full by finance: the plan ends, a refund receipt is mailed; a second refund is refused', async () => {
  const { token, email, userId, subscription, payment } = await planBought();
  const done = await data(await refund(aurora, userId, payment.id, { amount: payment.amount.amount, reason: 'Charged twice' }), 201);
  assert.equal(done.status, 'SUCCEEDED');
  assert.equal(done.amount, payment.amount.amount);
  assert.equal(done.keepPlan, false);
  assert.notEqual(await subscriptionState(token, subscription.id), 'ACTIVE', 'the refunded plan ended');
  assert.equal((await mySubscriptions(aurora, token)).filter((s) => s.state === 'ACTIVE').length, 0);
  const again = await expectError(await refund(aurora, userId, payment.id, { amount: 1, reason: 'Again' }), 409, 'PAYMENT_NOT_REFUNDABLE');
  assert.equal(again.data.paymentId, payment.id);
  const listed = await data(await aurora(path(userId, payment.id), { token: staffTokens.finance }));
  assert.equal(listed.refunded, payment.amount.amount);
  assert.equal(listed.refundable, 0);
  assert.equal(listed.refunds.length, 1);
  // The refund receipt (docs/contracts.md "Customer mail"), to the customer's address, with the amount.
  const receipts = (await outboxMails(server, 'aurora', email)).filter((m) => /refund/i.test(m.subject));
  assert.equal(receipts.length, 1);
  assert.ok(receipts[0].html, 'an HTML alternative beside the text');
});

test('partial then the rest; too much is 409 with what is left; keepPlan keeps the plan', async () => {
  const { token, userId, subscription, payment } = await planBought();
  const total = payment.amount.amount;
  const part = await data(await refund(aurora, userId, payment.id, { amount: 100, reason: 'Goodwill', keepPlan: true }), 201);
  assert.equal(part.status, 'SUCCEEDED');
  assert.equal(await subscriptionState(token, subscription.id), 'ACTIVE', 'keepPlan keeps it');
  const tooMuch = await expectError(await refund(aurora, userId, payment.id, { amount: total, reason: 'All' }), 409, 'REFUND_EXCEEDS_PAYMENT');
  assert.equal(tooMuch.data.refundable, total - 100);
  assert.equal(tooMuch.data.field, 'amount');
  await data(await refund(aurora, userId, payment.id, { amount: total - 100, reason: 'The rest' }), 201);
  assert.notEqual(await subscriptionState(token, subscription.id), 'ACTIVE');
  const listed = await data(await aurora(path(userId, payment.id), { token: staffTokens.finance }));
  assert.deepEqual([listed.refunded, listed.refundable, listed.refunds.length], [total, 0, 2]);
});

test('validation, roles, tenants and owners: 400 by field, 403 for support, 404 for another user or tenant', async () => {
  const { userId, payment } = await planBought();
  assert.equal((await expectError(await refund(aurora, userId, payment.id, { amount: 0, reason: 'x' }), 400, 'VALIDATION_ERROR')).data.field, 'amount');
  assert.equal((await expectError(await refund(aurora, userId, payment.id, { amount: 10, reason: '' }), 400, 'VALIDATION_ERROR')).data.field, 'reason');
  assert.equal((await expectError(await refund(aurora, userId, payment.id, { amount: 'ten', reason: 'x' }), 400, 'VALIDATION_ERROR')).data.field, 'amount');
  await expectError(await refund(aurora, userId, payment.id, { amount: 10, reason: 'x' }, { token: staffTokens.support }), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await refund(aurora, randomUUID(), payment.id, { amount: 10, reason: 'x' }), 404, 'PAYMENT_NOT_FOUND');
  await expectError(await refund(noor, userId, payment.id, { amount: 10, reason: 'x' }, { token: staffTokens.noorFinance }), 404, 'PAYMENT_NOT_FOUND');
  await expectError(await aurora(path(randomUUID(), payment.id), { token: staffTokens.finance }), 404, 'PAYMENT_NOT_FOUND');
  // The same Idempotency-Key replays the answer: one refund.
  const key = randomUUID();
  const first = await data(await refund(aurora, userId, payment.id, { amount: 10, reason: 'Once' }, { key }), 201);
  const replay = await refund(aurora, userId, payment.id, { amount: 10, reason: 'Once' }, { key });
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal((await data(replay, 201)).id, first.id);
  assert.equal((await data(await aurora(path(userId, payment.id), { token: staffTokens.finance }))).refunds.length, 1);
});

test('the test card whose refunds fail: 502 REFUND_FAILED, nothing refunded, the plan stays', async () => {
  const { token, userId, subscription, payment } = await planBought(CARDS.refundFails);
  const failed = await expectError(await refund(aurora, userId, payment.id, { amount: payment.amount.amount, reason: 'Try' }), 502, 'REFUND_FAILED');
  assert.equal(failed.data.paymentId, payment.id);
  assert.equal(await subscriptionState(token, subscription.id), 'ACTIVE');
  const listed = await data(await aurora(path(userId, payment.id), { token: staffTokens.finance }));
  assert.equal(listed.refunded, 0);
  assert.deepEqual(listed.refunds.map((r) => r.status), ['FAILED']);
});

test('a single article bought and refunded leaves the wallet', async () => {
  const { token } = await newUser(server, 'aurora');
  const userId = await userUuid(aurora, token);
  const started = await data(await aurora(`/purchase/ArticleOneTimePurchase?articleId=${ALBUM}`, { token }));
  const choice = await data(await aurora('/subscription/oneTimePaymentOptions', {
    method: 'POST', token, body: { redirectionUrl: 'http://localhost:8080/music', lang: 'en', transactionId: started.transactionId },
  }));
  const card = choice.options.find((o) => o.flow === 'WEB');
  await data(await aurora('/subscription/oneTimePurchase', { method: 'POST', token, body: { paymentOptionUUID: card.paymentOptionUUID } }));
  const { location } = await payAtCheckout(card.redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  const wallet = async () => (await aurora('/wallet/userarticles', { token })).headers.get('x-result-count');
  assert.equal(await wallet(), '1-1/1');
  const [payment] = await data(await aurora(`/dev/payments?purchaseID=${started.transactionId}`, { token }));
  assert.equal(payment.amount.amount, 799);
  await data(await refund(aurora, userId, payment.id, { amount: 799, reason: 'Not what I wanted' }), 201);
  assert.notEqual(await wallet(), '1-1/1', 'the album left the wallet');
  const [after] = await data(await aurora(`/dev/payments?purchaseID=${started.transactionId}`, { token }));
  assert.equal(after.refunded, 799, 'the storefront payment shows the refunded amount');
});

test('50 concurrent refunds of one payment: the sum never exceeds the amount; exactly the allowed number succeed', async () => {
  const { userId, payment } = await planBought();
  const total = payment.amount.amount;
  const each = Math.max(1, Math.floor(total / 7));
  const allowed = Math.floor(total / each);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => refund(aurora, userId, payment.id, { amount: each, reason: `Concurrent ${i}` }, { key: randomUUID() })),
  );
  const statuses = answers.map((r) => r.status);
  const ok = statuses.filter((s) => s === 201).length;
  assert.equal(ok, allowed, `statuses: ${statuses.join(',')}`);
  for (const r of answers.filter((a) => a.status !== 201)) {
    assert.equal(r.status, 409);
    const body = await r.json();
    assert.ok(['REFUND_EXCEEDS_PAYMENT', 'PAYMENT_NOT_REFUNDABLE'].includes(body.error), body.error);
  }
  const listed = await data(await aurora(path(userId, payment.id), { token: staffTokens.finance }));
  assert.equal(listed.refunded, allowed * each);
  assert.ok(listed.refunded <= total);
  assert.equal(listed.refunds.filter((r) => r.status === 'SUCCEEDED').length, allowed);
});

test("a mobile bill's refund is PENDING and settles later (the scheduler); then the plan ends", async () => {
  const { token } = await newUser(server, 'noor');
  const userId = await userUuid(noor, token);
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token }));
  const uuid = start.options[0].uuid;
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: uuid, body }, token });
  const sent = await data(await step({ msisdn: '966501234567' }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  const [payment] = await data(await noor(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  const pending = await data(await refund(noor, userId, payment.id, { amount: payment.amount.amount, reason: 'Operator' }, { token: staffTokens.noorFinance }), 201);
  assert.equal(pending.status, 'PENDING');
  assert.equal((await mySubscriptions(noor, token))[0].state, 'ACTIVE', 'the plan stays until the refund settles');
  await expectError(await refund(noor, userId, payment.id, { amount: 1, reason: 'More' }, { token: staffTokens.noorFinance }), 409, 'PAYMENT_NOT_REFUNDABLE');
  await advance(server, 130);
  await runScheduler(server);
  const listed = await data(await noor(path(userId, payment.id), { token: staffTokens.noorFinance }));
  assert.deepEqual(listed.refunds.map((r) => r.status), ['SUCCEEDED']);
  const subs = await mySubscriptions(noor, token, '?inclCancelled=true');
  assert.notEqual(subs[0].state, 'ACTIVE');
});
