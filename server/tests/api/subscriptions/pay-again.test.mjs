// Issue 72 item 4: "Pay now" on a plan held for a failed renewal retried the saved card (the 0341 card, whose later
// charges always fail) and answered "Payment not possible"; nothing offered another card or the mobile bill, as the
// dunning mail promises. Now it opens a checkout of the due period with the plan's ways to pay: another card on the
// hosted page, or the mobile bill (PIN). Paying clears the hold exactly once: the period's payment is the renewal's
// (unique while in flight, pending or paid), a PAID pay-again checkout of a period is unique, and the period applies
// in the payment's transaction; a retried form, two tabs at once or a press after paying charge nothing more.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError, sqlOn } from '../support/server.mjs';
import { outboxMails } from '../identity/flow.mjs';
import {
  advance, CARDS, client, data, DAY, mySubscriptions, newUser, openCheckout, ORIGIN, payAtCheckout, runScheduler, subscribeBody,
  submitCheckout,
} from './support.mjs';

let server, aurora;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
});
after(async () => server && (await server.stop()));

const MANAGE = `${ORIGIN.aurora}/profile/manage`;
const payAgain = (id, token, redirect = MANAGE) =>
  aurora(`/subscription/payAgain/${id}`, { method: 'POST', token, body: { redirect, lang: 'en' } });
// The period's payments that went through (its failed renewal is there too, INSUFFICIENT_FUNDS).
const paidOf = (reference) =>
  sqlOn(server.database, `SELECT COUNT(*) FROM payments WHERE purpose = 'renewal' AND reference = '${reference}' AND status = 'SUCCEEDED'`);

// Users whose plan 202 (card or mobile bill) was bought with the card whose renewals fail, then held by the month's
// failed renewal (the clock moves once for all of them).
let held = [];
test('set-up: three plans held for a failed renewal, dunned', async () => {
  for (let i = 0; i < 3; i++) {
    const user = await newUser(server, 'aurora');
    const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token: user.token }));
    await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.renewalFails);
    held.push(user);
  }
  await advance(server, 32 * DAY);
  await runScheduler(server);
  held = await Promise.all(held.map(async (user) => {
    const token = await aurora.login(user.email);
    const [sub] = await mySubscriptions(aurora, token);
    assert.ok(sub.graceUntil && sub.subState === 'PENDING', `held: ${JSON.stringify(sub)}`);
    const dunning = (await outboxMails(server, 'aurora', user.email)).find((m) => /could not renew/i.test(m.subject));
    assert.ok(dunning, 'dunned');
    return { ...user, token, sub };
  }));
});

test('"Pay now" offers another card and the mobile bill for the same plan, and pressed twice the same checkout', async () => {
  const [{ sub, token }] = held;
  const offer = await data(await payAgain(sub.id, token));
  assert.equal(offer.type, 'onclick', 'two ways: the payer picks');
  assert.deepEqual(offer.options.map((o) => [o.code, o.flow]), [['card', 'WEB'], ['operator', 'API']]);
  const card = offer.options.find((o) => o.code === 'card');
  assert.match(card.redirectionUrl, /\/backend\/checkout\/[0-9a-f-]{36}\?lang=en$/);
  const again = await data(await payAgain(sub.id, token));
  assert.equal(again.purchaseID, offer.purchaseID, 'the open checkout of this period again');
  // The card page shows the plan and the due amount, and the test cards: another card than the one that failed.
  const page = await openCheckout(card.redirectionUrl);
  assert.match(page.html, /You are renewing <span class="item">Video Monthly<\/span>: its last payment did not go through\./);
  assert.match(page.html, /4242/);
  assert.match(page.html, /€/, 'the price as the storefront writes it');
});

test('paid with another card on the hosted page: out of grace, the new card renews next; a retried form and a press after charge nothing', async () => {
  const [{ sub, token }] = held;
  const period = sub.nextRenewalDate;
  const offer = await data(await payAgain(sub.id, token));
  const url = offer.options.find((o) => o.code === 'card').redirectionUrl;
  const form = await openCheckout(url);
  const paid = await submitCheckout(url, form, CARDS.success);
  assert.equal(paid.res.status, 303);
  assert.equal(paid.location.origin + paid.location.pathname, MANAGE);
  assert.equal(paid.location.searchParams.get('status'), '200', paid.location.toString());
  assert.equal(paid.location.searchParams.get('subTypeId'), '202');
  assert.equal(paid.location.searchParams.get('type'), 'subscription');
  const [now] = await mySubscriptions(aurora, token);
  assert.equal(now.state, 'ACTIVE');
  assert.equal(now.subState, null, 'no payment due');
  assert.equal(now.graceUntil, null, 'out of grace');
  assert.notEqual(now.nextRenewalDate, period, 'the due period paid');
  // The same form again (a retry, the back button): the paid page, nothing charged again.
  const retried = await submitCheckout(url, form, CARDS.success);
  assert.equal(retried.location.searchParams.get('status'), '200');
  assert.equal(paidOf(`${sub.id}@${period}`), '1', 'one payment of the period');
  await expectError(await payAgain(sub.id, token), 409, 'NOTHING_DUE');
  const [after] = await mySubscriptions(aurora, token);
  assert.equal(after.nextRenewalDate, now.nextRenewalDate, 'the period applied once');
});

test('two tabs paying at once: one charge, the period applied once', async () => {
  const { sub, token } = held[1];
  const period = sub.nextRenewalDate;
  const offer = await data(await payAgain(sub.id, token));
  const url = offer.options.find((o) => o.code === 'card').redirectionUrl;
  const [one, two] = await Promise.all([openCheckout(url), openCheckout(url)]);
  const results = await Promise.all([submitCheckout(url, one, CARDS.success), submitCheckout(url, two, CARDS.success)]);
  // Each tab lands on a paid page, or (the slower one, when the other's payment applied the period first) on "you
  // have this plan already": never a second charge (below).
  for (const r of results) {
    const status = r.location.searchParams.get('status');
    const already = status === '409' && r.location.searchParams.get('error') === 'USER_ALREADY_SUBSCRIBED';
    assert.ok(['200', '202'].includes(status) || already, r.location.toString());
  }
  assert.ok(results.some((r) => r.location.searchParams.get('status') === '200'), 'one tab paid');
  assert.equal(paidOf(`${sub.id}@${period}`), '1', 'one succeeded payment');
  const [paid] = await mySubscriptions(aurora, token);
  assert.equal(paid.graceUntil, null);
  assert.equal(sqlOn(server.database, `SELECT COUNT(*) FROM subscription_events WHERE subscription_id = '${sub.id}' AND reason = 'renewal settled'`), '1');
});

test('paid by the mobile bill: the PIN, then out of grace, and the mobile bill renews next', async () => {
  const { sub, token } = held[2];
  const [current] = await mySubscriptions(aurora, token);
  const offer = await data(await payAgain(sub.id, token));
  const operator = offer.options.find((o) => o.code === 'operator');
  const step = (body) => aurora('/subscription/api', { method: 'POST', body: { paymentOptionUUID: operator.uuid, body }, token });
  const pin = await data(await step({ msisdn: '966501234567' }));
  assert.equal(pin.nextApiFlowStep, 'PIN');
  const paid = await data(await step({ pin: pin.sandboxPin }), 201);
  const back = new URL(paid.url);
  assert.equal(back.searchParams.get('status'), '200');
  assert.equal(back.searchParams.get('subTypeId'), '202');
  const [now] = await mySubscriptions(aurora, token);
  assert.equal(now.graceUntil, null);
  assert.notEqual(now.nextRenewalDate, current.nextRenewalDate);
  assert.equal(now.paymentOption, 'operator', 'the mobile bill renews next');
  assert.equal(paidOf(`${sub.id}@${current.nextRenewalDate}`), '1');
  // The PIN again: nothing more.
  const spent = await step({ pin: pin.sandboxPin });
  assert.ok([201, 410].includes(spent.status), `${spent.status}`);
  assert.equal(paidOf(`${sub.id}@${current.nextRenewalDate}`), '1');
});

test('only a held plan, only its own subscriber, only the tenant\'s return address', async () => {
  const stranger = await newUser(server, 'aurora');
  const { sub } = held[1];
  await expectError(await payAgain(sub.id, stranger.token), 404, 'NO_SUBSCRIPTION_FOUND');
  await expectError(await payAgain(sub.id, held[1].token), 409, 'NOTHING_DUE');
  await expectError(await payAgain(sub.id, held[1].token, 'https://evil.example/'), 400, 'INVALID_REDIRECT');
  await expectError(await aurora(`/subscription/payAgain/${sub.id}`, { method: 'POST', body: { redirect: MANAGE } }), 401, 'UNAUTHORIZED');
});

test('the dunning mail\'s link opens this portal\'s plans page', async () => {
  const [{ email }] = held;
  const dunning = (await outboxMails(server, 'aurora', email)).find((m) => /could not renew/i.test(m.subject));
  const link = dunning.body.match(/https?:\/\/\S+\/profile\/manage/)[0];
  assert.equal(new URL(link).origin, `http://localhost:${server.port}`, 'the portal\'s own address, not localhost:8080');
  assert.equal((await fetch(link)).status, 200);
});

test('a month on, the card and the number that paid renew: no plan is held again', async () => {
  await advance(server, 31 * DAY);
  await runScheduler(server);
  for (const { email } of held) {
    const [renewed] = await mySubscriptions(aurora, await aurora.login(email));  // the old tokens expired
    assert.equal(renewed.state, 'ACTIVE');
    assert.equal(renewed.graceUntil, null, `renewed by what paid again: ${JSON.stringify(renewed)}`);
  }
});
