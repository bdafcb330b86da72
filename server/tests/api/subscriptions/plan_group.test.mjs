// One active level per plan group (aurora's music group: 101 Basic < 102 Plus
// < 103 Premium) whatever pays: saved-card API payments, hosted checkouts,
// concurrent charges, a pending payment settled by the webhook or the
// scheduler, the operator PIN, a free trial. A payment that would make a second
// level ACTIVE is not charged and answers 409 NEED_CANCEL_SUBSCRIPTION_BEFORE_
// UPGRADE/_DOWNGRADE; moving with migrateSubId or upgradeTo still works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import {
  client, newUser, subscribeBody, data, payAtCheckout, openCheckout, submitCheckout, mySubscriptions, advance,
  runScheduler, sandboxWebhook, CARDS, WEBHOOK_SECRET,
} from './support.mjs';

const MUSIC = [101, 102, 103];
const UPGRADE = 'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE';
const DOWNGRADE = 'NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE';

let server, aurora;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock', '--payments-webhook-secret', WEBHOOK_SECRET]);
  aurora = client(server, 'aurora');
});
after(async () => server && (await server.stop()));

const open = async (token, typeId, extra = {}) =>
  data(await aurora('/subscription', { method: 'POST', body: subscribeBody(typeId, 'aurora', extra), token }));
const option = (start, code) => start.options.find((o) => o.code === code);
const pageOf = (start) => option(start, 'card').redirectionUrl;
// The card option through the API flow: charges the card saved at an earlier checkout.
const payApi = (token, start) =>
  aurora('/subscription/api', { method: 'POST', body: { paymentOptionUUID: option(start, 'card').uuid, body: {} }, token });
const charges = async (token, start) => data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
const musicActive = async (token) =>
  (await mySubscriptions(aurora, token)).filter((s) => MUSIC.includes(s.typeId) && s.state === 'ACTIVE').map((s) => s.typeId);

// Pays a video checkout on the hosted page: the card is kept for API payments.
async function userWithSavedCard() {
  const { token } = await newUser(server, 'aurora');
  const paid = await payAtCheckout(pageOf(await open(token, 201)), CARDS.success);
  assert.equal(paid.location.searchParams.get('status'), '200');
  return token;
}

// The webhook's timestamp is checked against the server's clock, which the
// scheduler test moves forward: signatures follow it.
let clockMoved = 0;
function webhook(paymentId, outcome) {
  return sandboxWebhook(server, JSON.stringify({ paymentId, outcome }), { at: Math.floor(Date.now() / 1000) + clockMoved });
}

test('saved-card API payments of two levels: the second is 409 (upgrade or downgrade) and not charged', async () => {
  const token = await userWithSavedCard();
  // Checkouts opened while no level is active: subscribe lets each of them start.
  const [basic, plus, premium] = [await open(token, 101), await open(token, 102), await open(token, 103)];
  const first = await data(await payApi(token, plus), 201);
  assert.equal(first.subscription.typeId, 102);

  const up = await expectError(await payApi(token, premium), 409, UPGRADE);
  assert.equal(up.data.subscriptionId, first.subscription.id);
  assert.equal(up.data.fromTypeId, 102);
  assert.equal(up.data.toTypeId, 103);
  const back = new URL(up.data.url);
  assert.equal(back.searchParams.get('status'), '409');
  assert.equal(back.searchParams.get('error'), UPGRADE);
  assert.equal(back.searchParams.get('subTypeId'), '103');
  const down = await expectError(await payApi(token, basic), 409, DOWNGRADE);
  assert.equal(down.data.toTypeId, 101);

  assert.deepEqual(await charges(token, premium), [], 'no charge row: the provider was not asked');
  assert.deepEqual(await charges(token, basic), []);
  assert.deepEqual(await musicActive(token), [102]);
  // The refused checkouts stay open and refuse again.
  await expectError(await payApi(token, premium), 409, UPGRADE);
});

test('two hosted checkouts paid: the second returns status=409 with the code and is not charged', async () => {
  const { token } = await newUser(server, 'aurora');
  const [plus, premium] = [await open(token, 102), await open(token, 103)];
  const forms = await Promise.all([openCheckout(pageOf(plus)), openCheckout(pageOf(premium))]);
  const paid = await submitCheckout(pageOf(premium), forms[1], CARDS.success);
  assert.equal(paid.location.searchParams.get('status'), '200');

  const refused = await submitCheckout(pageOf(plus), forms[0], CARDS.success);
  assert.equal(refused.res.status, 303);
  assert.equal(refused.location.searchParams.get('status'), '409');
  assert.equal(refused.location.searchParams.get('error'), DOWNGRADE);
  assert.equal(refused.location.searchParams.get('subTypeId'), '102');
  assert.deepEqual(await charges(token, plus), []);
  assert.deepEqual(await musicActive(token), [103]);
});

test('30 concurrent charges across three levels: exactly one ACTIVE level and one charge', async () => {
  const token = await userWithSavedCard();
  const starts = [await open(token, 101), await open(token, 102), await open(token, 103)];
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => payApi(token, starts[i % 3])));
  const bodies = await Promise.all(answers.map((r) => r.json()));
  const statuses = answers.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join());
  for (const [i, body] of bodies.entries()) {
    if (statuses[i] === 201) continue;
    assert.equal(statuses[i], 409, JSON.stringify(body));
    assert.ok([UPGRADE, DOWNGRADE, 'USER_ALREADY_SUBSCRIBED'].includes(body.error), body.error);
  }
  assert.equal((await musicActive(token)).length, 1);
  const all = (await Promise.all(starts.map((s) => charges(token, s)))).flat();
  assert.deepEqual(all.map((p) => p.status), ['SUCCEEDED']);
});

test('a pending payment settled by the webhook after another level became ACTIVE settles declined', async () => {
  const { token } = await newUser(server, 'aurora');
  const [plus, premium] = [await open(token, 102), await open(token, 103)];
  const pending = await payAtCheckout(pageOf(premium), CARDS.pending);
  assert.equal(pending.location.searchParams.get('status'), '202');
  const [payment] = await charges(token, premium);
  assert.equal(payment.status, 'PENDING');
  // A pending payment holds no level: another one may be paid meanwhile.
  const paid = await payAtCheckout(pageOf(plus), CARDS.success);
  assert.equal(paid.location.searchParams.get('status'), '200');

  assert.deepEqual(await data(await webhook(payment.id, 'success')), { paymentId: payment.id, status: 'DECLINED' });
  const subs = await mySubscriptions(aurora, token);
  assert.equal(subs.find((s) => s.typeId === 103).state, 'INACTIVE');
  assert.equal(subs.find((s) => s.typeId === 102).state, 'ACTIVE');
  assert.equal((await charges(token, premium))[0].status, 'DECLINED');
  await expectError(await webhook(payment.id, 'success'), 409, 'PAYMENT_NOT_PENDING');
});

test('a pending payment the scheduler settles after another level became ACTIVE settles declined', async () => {
  const { token } = await newUser(server, 'aurora');
  const [basic, premium] = [await open(token, 101), await open(token, 103)];
  assert.equal((await payAtCheckout(pageOf(basic), CARDS.pending)).location.searchParams.get('status'), '202');
  assert.equal((await payAtCheckout(pageOf(premium), CARDS.success)).location.searchParams.get('status'), '200');
  await advance(server, 121);
  clockMoved += 121;
  assert.ok((await runScheduler(server)).settled >= 1);
  const subs = await mySubscriptions(aurora, token);
  assert.equal(subs.find((s) => s.typeId === 101).state, 'INACTIVE');
  assert.deepEqual(await musicActive(token), [103]);
  assert.equal((await charges(token, basic))[0].status, 'DECLINED');
});

test('operator PIN: a PIN asked before another level was paid charges nothing afterwards; no new PIN is sent', async () => {
  const { token } = await newUser(server, 'aurora');
  const [plus, premium] = [await open(token, 102), await open(token, 103)];
  const step = (start, body) =>
    aurora('/subscription/api', { method: 'POST', body: { paymentOptionUUID: option(start, 'operator').uuid, body }, token });
  const premiumPin = await data(await step(premium, { msisdn: '491701234567' }));
  const plusPin = await data(await step(plus, { msisdn: '491701234567' }));
  assert.equal((await data(await step(plus, { pin: plusPin.sandboxPin }), 201)).subscription.typeId, 102);

  const refused = await expectError(await step(premium, { pin: premiumPin.sandboxPin }), 409, UPGRADE);
  assert.equal(refused.data.fromTypeId, 102);
  assert.deepEqual(await charges(token, premium), []);
  await expectError(await step(premium, { msisdn: '491701234567' }), 409, UPGRADE);
  assert.deepEqual(await musicActive(token), [102]);
});

test('a free trial of another level is refused while one is active, and stays available', async () => {
  const { token } = await newUser(server, 'aurora');
  await payAtCheckout(pageOf(await open(token, 101)), CARDS.success);
  const trial = await aurora('/subscription/subscribeToFreeTrial', {
    method: 'POST', token, body: { redirect: 'http://localhost:8080/music', lang: 'en', subscriptionTypeId: 102 },
  });
  const err = await expectError(trial, 409, UPGRADE);
  assert.equal(err.data.fromTypeId, 101);
  assert.deepEqual(await musicActive(token), [101]);
  const eligible = await data(await aurora('/subscription/isFreeTrialEligible', { token }));
  assert.ok(eligible.subscriptionTypeIds.includes(102));
});

test('moving with migrateSubId or upgradeTo still works, paid now or pending', async () => {
  const { token } = await newUser(server, 'aurora');
  await payAtCheckout(pageOf(await open(token, 102)), CARDS.success);
  const [plus] = await mySubscriptions(aurora, token);

  // Upgrade with migrateSubId, the saved card through the API flow.
  const up = await data(await payApi(token, await open(token, 103, { migrateSubId: plus.id })), 201);
  assert.equal(up.subscription.typeId, 103);
  let all = await mySubscriptions(aurora, token, '?inclCancelled=true');
  assert.equal(all.find((s) => s.typeId === 102).state, 'CANCELED');
  assert.deepEqual(await musicActive(token), [103]);

  // Downgrade with upgradeTo, paid with a pending card: the old level holds until it settles.
  const basic = await open(token, 101, { upgradeTo: 101 });
  assert.equal((await payAtCheckout(pageOf(basic), CARDS.pending)).location.searchParams.get('status'), '202');
  assert.deepEqual(await musicActive(token), [103]);
  const [payment] = await charges(token, basic);
  assert.equal((await data(await webhook(payment.id, 'success'))).status, 'SUCCEEDED');
  all = await mySubscriptions(aurora, token, '?inclCancelled=true');
  assert.equal(all.find((s) => s.typeId === 103).state, 'CANCELED');
  assert.deepEqual(await musicActive(token), [101]);
});
