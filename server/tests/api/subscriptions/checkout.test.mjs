// The hosted sandbox checkout end to end for every test card (GET the page,
// POST with the form token, follow the 303, then GET /subscription), the
// webhook that settles a pending card payment, and the saved card in the API flow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { openForm, postForm } from '../identity/flow.mjs';
import {
  client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, sandboxWebhook, CARDS, WEBHOOK_SECRET,
} from './support.mjs';

let server, aurora;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--payments-webhook-secret', WEBHOOK_SECRET]);
  aurora = client(server, 'aurora');
});
after(async () => server && (await server.stop()));

async function startCheckout(typeId = 102, lang = 'en') {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(typeId, 'aurora', { lang }), token }));
  return { token, start, url: start.options.find((o) => o.flow === 'WEB').redirectionUrl };
}

test('the page is translated, tenant-styled, lists the test cards and sets a form token', async () => {
  const { url } = await startCheckout(102, 'ar');
  const form = await openForm(url);
  assert.equal(form.res.status, 200);
  assert.match(form.res.headers.get('content-type'), /text\/html/);
  assert.match(form.html, /<html lang="ar" dir="rtl"/);
  assert.match(form.html, /id="tenant-colors" nonce="[0-9a-f]{32}">[^<]*--color-primary/);
  assert.match(form.html, /الدفع/);
  for (const card of Object.values(CARDS)) assert.ok(form.html.includes(card), card);
  // The price as the Arabic storefront writes it (issue 72 item 10): Arabic-Indic digits, the euro after them.
  assert.ok(form.html.includes('\u200f٧٫٩٩\u00a0€'), 'the Arabic price');
  assert.doesNotMatch(form.html, /7\.99 EUR/);
  assert.match(form.res.headers.get('content-security-policy'), /frame-ancestors 'none'/);
  assert.ok(form.cookie.startsWith('portal_csrf='));
  // aurora's paymentMetaData heads the page: no Arabic words, so the default language's (English).
  assert.match(form.html, /<title>Aurora secure checkout<\/title><meta name="description" content="Pay for your Aurora plan or purchase securely\.">/);
  const fr = await openForm(url.replace('lang=ar', 'lang=fr'));
  assert.match(fr.html, /Cartes de test/);
  const de = await openForm(url.replace('lang=ar', 'lang=de'));
  assert.match(de.html, /<title>Sichere Zahlung bei Aurora<\/title>/);
});

test('success: 303 back with status=200, subTypeId, purchaseID, type; the subscription is ACTIVE and the card saved', async () => {
  const { token, start, url } = await startCheckout(102);
  const { res, location } = await payAtCheckout(url, CARDS.success);
  assert.equal(res.status, 303);
  assert.equal(location.origin + location.pathname, 'http://localhost:8080/music');
  assert.equal(location.searchParams.get('from'), 'test', 'other parameters are kept');
  assert.equal(location.searchParams.get('status'), '200');
  assert.equal(location.searchParams.get('subTypeId'), '102');
  assert.equal(location.searchParams.get('purchaseID'), start.purchaseID);
  assert.equal(location.searchParams.get('type'), 'subscription');
  const [sub] = await mySubscriptions(aurora, token, '?inclSubscriptionType=true');
  assert.equal(sub.state, 'ACTIVE');
  assert.equal(sub.subState, null);
  assert.equal(sub.active, true);
  assert.equal(sub.paymentOption, 'card');
  assert.deepEqual(sub.contingents, [{ contentTypes: ['full_track_music', 'album', 'playlist'], amount: 30 }]);
  assert.equal(sub.subscriptionType.id, 102);
  assert.match(sub.endDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(sub.nextRenewalDate, sub.endDate);
  assert.equal(sub.subscriptionTypeGroupList[0].levels[1].currentSubscriptionExist, true);
  assert.equal(sub.graceUntil, null);
  assert.deepEqual(sub.partnerMetadata, {});
  const [plain] = await mySubscriptions(aurora, token);
  assert.ok(!('subscriptionType' in plain), 'left out without inclSubscriptionType');
  // The page of a paid checkout is closed now.
  assert.equal((await fetch(url)).status, 410);
  // The card was saved: a card option of a new checkout charges it through the API flow in one step.
  const next = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token }));
  const card = next.options.find((o) => o.code === 'card');
  const charged = await data(await aurora('/subscription/api', { method: 'POST', body: { paymentOptionUUID: card.uuid, body: {} }, token }), 201);
  assert.equal(charged.status, 302);
  assert.equal(charged.nextApiFlowStep, null);
  assert.equal(new URL(charged.url).searchParams.get('status'), '200');
  assert.equal(charged.subscription.typeId, 202);
});

test('insufficient funds: status=402&error=INSUFFICIENT_FUNDS; nothing subscribed, the checkout stays open', async () => {
  const { token, url } = await startCheckout(201);
  const { res, location } = await payAtCheckout(url, CARDS.insufficient);
  assert.equal(res.status, 303);
  assert.equal(location.searchParams.get('status'), '402');
  assert.equal(location.searchParams.get('error'), 'INSUFFICIENT_FUNDS');
  assert.equal(location.searchParams.get('subTypeId'), '201');
  assert.deepEqual(await mySubscriptions(aurora, token), []);
  const retry = await payAtCheckout(url, CARDS.success);
  assert.equal(retry.location.searchParams.get('status'), '200');
});

test('declined: status=490&error=PAYMENT_DECLINED with a translated msg', async () => {
  const { token, url } = await startCheckout(201, 'de');
  const { location } = await payAtCheckout(url, CARDS.declined);
  assert.equal(location.searchParams.get('status'), '490');
  assert.equal(location.searchParams.get('error'), 'PAYMENT_DECLINED');
  assert.equal(location.searchParams.get('msg'), 'Ihre Zahlung wurde abgelehnt.');
  assert.deepEqual(await mySubscriptions(aurora, token), []);
});

test('cancel at checkout: status=400&error=PAYMENT_CANCELLED', async () => {
  const { token, url } = await startCheckout(201);
  const { location } = await payAtCheckout(url, null, { cancel: true });
  assert.equal(location.searchParams.get('status'), '400');
  assert.equal(location.searchParams.get('error'), 'PAYMENT_CANCELLED');
  assert.deepEqual(await mySubscriptions(aurora, token), []);
  // A new subscribe opens a new checkout.
  const again = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(201), token }));
  assert.notEqual(again.options[0].redirectionUrl, url);
});

test('a form without its token is refused (403) and charges nothing; an unknown card is a 400 page', async () => {
  const { token, url } = await startCheckout(201);
  const form = await openForm(url);
  const forged = await postForm(url, { ...form, csrf: 'f'.repeat(64) }, { card: '4242424242424242' });
  assert.equal(forged.status, 403);
  const otherOrigin = await postForm(url, form, { card: '4242424242424242' }, { origin: 'https://evil.example' });
  assert.equal(otherOrigin.status, 403);
  const unknown = await postForm(url, form, { card: '1234123412341234' });
  assert.equal(unknown.status, 400);
  assert.match(await unknown.text(), /Please choose one of the test cards/);
  assert.deepEqual(await mySubscriptions(aurora, token), []);
  assert.equal((await fetch(`${server.base}/backend/checkout/00000000-0000-4000-8000-000000000000`)).status, 404);
});

test('pending: status=202 with purchaseID, REQUESTED/PENDING, then the signed webhook settles it', async () => {
  const { token, start, url } = await startCheckout(202);
  const { location } = await payAtCheckout(url, CARDS.pending);
  assert.equal(location.searchParams.get('status'), '202');
  assert.equal(location.searchParams.get('purchaseID'), start.purchaseID);
  const [sub] = await mySubscriptions(aurora, token);
  assert.equal(sub.state, 'REQUESTED');
  assert.equal(sub.subState, 'PENDING');
  // The payment id: the API flow answer of the same checkout says it is pending.
  const again = await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token });
  assert.equal(again.status, 202);

  // Find the payment: charge the same checkout through the API: 202 tells the state.
  const paymentId = await pendingPaymentId(token, start);
  const hook = (body, secret) => sandboxWebhook(server, body, { secret });
  const body = JSON.stringify({ paymentId, outcome: 'success' });
  await expectError(await hook(body, 'wrong-secret'), 401, 'INVALID_SIGNATURE');
  const settled = await data(await hook(body));
  assert.deepEqual(settled, { paymentId, status: 'SUCCEEDED' });
  await expectError(await hook(body), 409, 'PAYMENT_NOT_PENDING');
  await expectError(await hook(JSON.stringify({ paymentId: 'nope', outcome: 'success' })), 404, 'PAYMENT_NOT_FOUND');
  const [active] = await mySubscriptions(aurora, token);
  assert.equal(active.state, 'ACTIVE');
  assert.equal(active.active, true);
  assert.ok(active.endDate);
});

test('a declined webhook makes the pending subscription INACTIVE', async () => {
  const { token, start, url } = await startCheckout(201);
  await payAtCheckout(url, CARDS.pending);
  const paymentId = await pendingPaymentId(token, start);
  const body = JSON.stringify({ paymentId, outcome: 'decline' });
  assert.equal((await data(await sandboxWebhook(server, body))).status, 'DECLINED');
  const [sub] = await mySubscriptions(aurora, token);
  assert.equal(sub.state, 'INACTIVE');
});

test('NO_SAVED_CARD when the card option is used through the API flow without a saved card', async () => {
  const { token, start } = await startCheckout(202);
  const card = start.options.find((o) => o.code === 'card');
  await expectError(await aurora('/subscription/api', { method: 'POST', body: { paymentOptionUUID: card.uuid, body: {} }, token }), 400, 'NO_SAVED_CARD');
  await expectError(await aurora('/subscription/api', { method: 'POST', body: { paymentOptionUUID: 'nope', body: {} }, token }), 404);
});

// The pending payment's id, as the provider would know it: a second API
// charge attempt of that checkout is refused and names it.
async function pendingPaymentId(token, start) {
  const res = await aurora(`/dev/subscription/${(await mySubscriptions(aurora, token))[0].id}/events`, { token });
  assert.equal(res.status, 200);
  const events = await res.json();
  assert.equal(events.data[0].toSubState, 'PENDING');
  const payments = await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token });
  return (await payments.json()).data[0].id;
}

test('/subscription/api/any upgrades with the saved card in one step and cancels the old level', async () => {
  const { token, url } = await startCheckout(102);
  await payAtCheckout(url, CARDS.success);
  const res = await data(await aurora('/subscription/api/any', {
    method: 'POST', token, body: { redirectionUrl: 'http://localhost:8080/music', body: { subscriptionTypeId: 103 } },
  }), 201);
  assert.equal(new URL(res.url).searchParams.get('subTypeId'), '103');
  const all = await mySubscriptions(aurora, token, '?inclCancelled=true');
  assert.equal(all.find((s) => s.typeId === 103).state, 'ACTIVE');
  assert.equal(all.find((s) => s.typeId === 102).state, 'CANCELED');
  await expectError(await aurora('/subscription/api/any', { method: 'POST', token, body: { redirectionUrl: 'http://localhost:8080/', body: {} } }), 400, 'VALIDATION_ERROR');
});
