// Stripe as aurora's card provider (issue 51; docs/decisions.md "Stripe"): the keys in the console, sealed and
// never shown again; a plan bought through a Checkout Session and settled by the webhook, never by the return;
// renewed off-session with the saved card; a renewal that needs the customer present goes to grace; a partial
// and a full refund; a dispute on the payment and in the audit log; a replayed, re-ordered or stale event does
// nothing twice. Stripe is the tests' server (support/stripe.mjs) behind Prism checking every call and answer
// against Stripe's own published OpenAPI document; its events are signed by Stripe's own library.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { startPortal, expectError, sqlOn } from '../support/server.mjs';
import { startStripe, payInCheckout, STRIPE_CARDS } from '../support/stripe.mjs';
import { client, newUser, subscribeBody, data, openCheckout, submitCheckout, mySubscriptions, advance, runScheduler, DAY } from '../subscriptions/support.mjs';
import { demoStaff, staffLogin, json } from '../staff/staff_flow.mjs';
import { outboxMails } from '../identity/flow.mjs';
import { mailedCodes, redeem } from '../vouchers/support.mjs';

let stripe;
let server;
let aurora;
let account;
let owner;

const admin = (path, init = {}) => aurora.api(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${owner}`, ...(init.headers ?? {}) } });

before(async () => {
  stripe = await startStripe();
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock', '--stripe-api-base', stripe.apiBase]);
  aurora = client(server, 'aurora');
  owner = (await staffLogin(aurora.api, demoStaff(server.output())['owner@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
  await stripe?.stop();
});

async function userUuid(token) {
  return (await data(await aurora('/user/profile', { token }))).uuid;
}

// A plan bought through Stripe Checkout with `card`: the portal's page, Stripe's page, back through the portal.
async function planBought(card = STRIPE_CARDS.succeeds) {
  const { token, email } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  const page = start.options[0].redirectionUrl;
  const form = await openCheckout(page);
  assert.match(form.html, /Test mode/, 'test keys: the page says no real money moves');
  assert.doesNotMatch(form.html, /4242/, 'no sandbox test cards on a Stripe checkout');
  const toStripe = await submitCheckout(page, form, '');
  assert.equal(toStripe.res.status, 303);
  assert.equal(toStripe.location.origin, new URL(stripe.directBase).origin, 'the payer goes to Stripe Checkout');
  const [pending] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  assert.equal(pending.status, 'PENDING', 'nothing is paid before Stripe says so');
  const back = new URL(await payInCheckout(toStripe.location.toString(), card));
  await stripe.delivered();
  const done = await fetch(back, { redirect: 'manual' });
  assert.equal(done.status, 303);
  const storefront = new URL(done.headers.get('location'));
  assert.equal(storefront.searchParams.get('status'), '200', storefront.toString());
  assert.equal(storefront.searchParams.get('purchaseID'), start.purchaseID);
  const [payment] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  const [subscription] = await mySubscriptions(aurora, token);
  return { token, email, start, payment, subscription, userId: await userUuid(token) };
}

test('the console keeps the Stripe keys sealed: shapes checked, secrets never shown again, audited without them', async () => {
  const before = await data(await admin('/payment-providers/stripe'));
  assert.equal(before.configured, false);
  assert.match(before.webhookUrl, /\/backend\/payments\/stripe\/webhook\/\d+$/);
  assert.ok(before.events.includes('checkout.session.completed'));
  const options = await data(await admin('/payment-options'));
  assert.ok(!options.providers.some((p) => p.name === 'stripe'), 'Stripe is no choice before its keys');

  account = stripe.account({ webhookUrl: `${server.base}${new URL(before.webhookUrl).pathname}` });
  const mixed = await admin('/payment-providers/stripe', json({ publishableKey: account.publishableKey, secretKey: 'sk_live_0123456789abcdef', webhookSecret: account.webhookSecret }, {}, 'PUT'));
  assert.equal((await expectError(mixed, 400, 'VALIDATION_ERROR')).data.field, 'secretKey');
  const noHook = await admin('/payment-providers/stripe', json({ publishableKey: account.publishableKey, secretKey: account.secretKey, webhookSecret: 'nope' }, {}, 'PUT'));
  assert.equal((await expectError(noHook, 400, 'VALIDATION_ERROR')).data.field, 'webhookSecret');
  // A key of the right shape that Stripe does not know is refused on save (Stripe asked), not at a payer's checkout.
  const unknown = await admin('/payment-providers/stripe', json({ publishableKey: account.publishableKey, secretKey: `sk_test_${'x'.repeat(40)}`, webhookSecret: account.webhookSecret }, {}, 'PUT'));
  const refused = await expectError(unknown, 400, 'VALIDATION_ERROR');
  assert.equal(refused.data.field, 'secretKey');
  assert.match(refused.message, /Stripe does not accept this key/);
  assert.ok(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/checkout/sessions'), 'the key was asked of Stripe');

  const saved = await data(await admin('/payment-providers/stripe', json({ publishableKey: account.publishableKey, secretKey: account.secretKey, webhookSecret: account.webhookSecret }, {}, 'PUT')));
  assert.equal(saved.mode, 'test');
  assert.equal(saved.secretKeyHint, `…${account.secretKey.slice(-4)}`);
  const shown = JSON.stringify(await data(await admin('/payment-providers/stripe')));
  assert.ok(!shown.includes(account.secretKey) && !shown.includes(account.webhookSecret), 'no secret is shown');
  const stored = sqlOn(server.database, "SELECT secret_key_sealed || webhook_secret_sealed FROM payment_accounts");
  assert.ok(stored && !stored.includes(account.secretKey) && !stored.includes('whsec_'), 'sealed at rest');
  const audited = JSON.stringify((await data(await admin('/audit?action=payments.stripe'))).items);
  assert.ok(audited.includes(saved.secretKeyHint) && !audited.includes(account.secretKey), 'audited without the secret');
  await expectError(await admin('/payment-providers/stripe', json({ publishableKey: account.publishableKey, version: 99 }, {}, 'PUT')), 409, 'PAYMENT_ACCOUNT_VERSION_CONFLICT');

  // aurora's card option now takes cards through Stripe (plan 101 is paid with it).
  const option = await data(await admin('/payment-options/card', json({ provider: 'stripe', name: { en: 'Card', ar: 'بطاقة' } }, {}, 'PUT')));
  assert.deepEqual([option.provider, option.flow], ['stripe', 'WEB']);
  await expectError(await admin('/payment-providers/stripe', { method: 'DELETE' }), 409, 'PAYMENT_PROVIDER_IN_USE');
});

test('a partial and a full refund go through Stripe with their keys; a dispute is kept and audited', async () => {
  const { payment, userId } = await planBought();
  const path = `/customers/${userId}/payments/${payment.id}/refunds`;
  const part = await data(await admin(path, json({ amount: 100, reason: 'Goodwill' }, { 'Idempotency-Key': randomUUID() })), 201);
  assert.equal(part.status, 'SUCCEEDED');
  const rest = await data(await admin(path, json({ amount: payment.amount.amount - 100, reason: 'Cancelled' }, { 'Idempotency-Key': randomUUID() })), 201);
  assert.equal(rest.status, 'SUCCEEDED');
  const refunds = stripe.requests.filter((r) => r.path === '/v1/refunds');
  assert.deepEqual(refunds.slice(-2).map((r) => r.idempotencyKey), [`portal-refund-${part.id}`, `portal-refund-${rest.id}`]);
  assert.deepEqual(refunds.slice(-2).map((r) => Number(r.form.amount)), [100, payment.amount.amount - 100]);
  await expectError(await admin(path, json({ amount: 1, reason: 'Again' }, { 'Idempotency-Key': randomUUID() })), 409, 'PAYMENT_NOT_REFUNDABLE');

  const intent = sqlOn(server.database, `SELECT provider_ref FROM payments WHERE id = '${payment.id}'`);
  assert.match(intent, /^pi_/);
  await stripe.dispute(intent, { reason: 'fraudulent' });
  await stripe.delivered();
  assert.equal(sqlOn(server.database, `SELECT reason || ':' || status FROM payment_disputes WHERE payment_id = '${payment.id}'`), 'fraudulent:needs_response');
  const audited = (await data(await admin('/audit?action=payments.dispute'))).items;
  const disputed = audited.find((e) => e.objectId === payment.id);
  assert.ok(disputed, 'the dispute is in the audit log');
  assert.deepEqual(Object.keys(disputed.after), ['dispute', 'userId', 'amount', 'currency', 'reason', 'status']);
  assert.deepEqual([disputed.after.userId, disputed.after.currency, disputed.after.reason, disputed.after.status],
    [userId, payment.amount.currency, 'fraudulent', 'needs_response']);

  // Support finds the customer by Stripe's names: the PaymentIntent and the Stripe customer.
  const byIntent = await data(await admin(`/customers?q=${intent}`));
  assert.deepEqual(byIntent.customers.map((c) => [c.uuid, c.matchedBy]), [[userId, 'providerReference']]);
  const customer = sqlOn(server.database, `SELECT token FROM payment_methods WHERE user_uuid = '${userId}' AND provider = 'stripe'`).split(' ')[0];
  assert.match(customer, /^cus_/);
  const byCustomer = await data(await admin(`/customers?q=${customer}`));
  assert.deepEqual(byCustomer.customers.map((c) => [c.uuid, c.matchedBy]), [[userId, 'providerCustomer']]);
  // The customer's page shows the payment's Stripe reference and its dispute.
  const page = await data(await admin(`/customers/${userId}`));
  const shown = page.payments.find((p) => p.id === payment.id);
  assert.deepEqual([shown.providerReference, shown.disputeStatus, shown.disputeReason], [intent, 'needs_response', 'fraudulent']);
});

test('a refund Stripe fails after it succeeded (the card\'s bank sent it back): FAILED, refundable again, audited', async () => {
  const { payment, userId } = await planBought(STRIPE_CARDS.refundFails);
  const path = `/customers/${userId}/payments/${payment.id}/refunds`;
  const refund = await data(await admin(path, json({ amount: payment.amount.amount, reason: 'Cancelled' }, { 'Idempotency-Key': randomUUID() })), 201);
  assert.equal(refund.status, 'SUCCEEDED', 'Stripe answers succeeded at first');
  await stripe.delivered();  // then charge.refund.updated: failed
  assert.equal(sqlOn(server.database, `SELECT status FROM payment_refunds WHERE id = '${refund.id}'`), 'FAILED');
  assert.equal(sqlOn(server.database, `SELECT refunded FROM payments WHERE id = '${payment.id}'`), '0', 'refundable again');
  const audited = (await data(await admin('/audit?action=payments.refund_failed'))).items;
  const entry = audited.find((e) => e.objectId === payment.id);
  assert.ok(entry, 'the failed refund is in the audit log');
  assert.equal(entry.actorId, 'stripe');
  assert.deepEqual(entry.after, { refund: refund.id, userId, amount: payment.amount.amount, currency: payment.amount.currency,
    reason: entry.after.reason });
  assert.ok(entry.after.reason, 'the provider\'s reason');
  const again = await data(await admin(path, json({ amount: 100, reason: 'Goodwill' }, { 'Idempotency-Key': randomUUID() })), 201);
  assert.equal(again.status, 'SUCCEEDED', 'support refunds again');
});

test('a single album bought through Checkout lands in the wallet when the webhook says paid; no card is kept', async () => {
  const { token } = await newUser(server, 'aurora');
  const started = await data(await aurora('/purchase/ArticleOneTimePurchase?articleId=2102', { token }));
  const choice = await data(await aurora('/subscription/oneTimePaymentOptions', {
    method: 'POST', token, body: { redirectionUrl: 'http://localhost:8080/music', lang: 'en', transactionId: started.transactionId },
  }));
  const card = choice.options.find((o) => o.flow === 'WEB');
  await data(await aurora('/subscription/oneTimePurchase', { method: 'POST', token, body: { paymentOptionUUID: card.paymentOptionUUID } }));
  const form = await openCheckout(card.redirectionUrl);
  assert.match(form.html, /Test mode/);
  const toStripe = await submitCheckout(card.redirectionUrl, form, '');
  assert.equal(toStripe.location.origin, new URL(stripe.directBase).origin);
  const wallet = async () => (await aurora('/wallet/userarticles', { token })).headers.get('x-result-count');
  assert.notEqual(await wallet(), '1-1/1', 'nothing in the wallet before Stripe says paid');
  const back = await fetch(await payInCheckout(toStripe.location.toString(), STRIPE_CARDS.succeeds), { redirect: 'manual' });
  const storefront = new URL(back.headers.get('location'));
  assert.equal(storefront.searchParams.get('status'), '200', storefront.toString());
  assert.equal(storefront.searchParams.get('articleId'), '2102');
  assert.equal(await wallet(), '1-1/1');
  const [payment] = await data(await aurora(`/dev/payments?purchaseID=${started.transactionId}`, { token }));
  assert.equal(payment.status, 'SUCCEEDED');
  const session = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === payment.id);
  assert.equal(session.form.payment_intent_data.setup_future_usage, undefined, 'a single purchase keeps no card');
  assert.equal(session.form.line_items[0].price_data.unit_amount, '799');

  // The revenue report splits by provider: Stripe's gross is what its payments took.
  await data(await admin('/reports/refresh', { method: 'POST' }));
  const revenue = await data(await admin('/reports/revenue'));
  const taken = Number(sqlOn(server.database, "SELECT SUM(amount) FROM payments WHERE provider = 'stripe' AND status = 'SUCCEEDED'"));
  const row = revenue.byProvider.find((r) => r.provider === 'stripe' && r.currency === 'EUR');
  assert.equal(row?.gross, taken, JSON.stringify(revenue.byProvider));
  assert.ok(revenue.byProvider.every((r) => ['sandbox', 'sandbox-operator', 'stripe', 'camara'].includes(r.provider)));
});

test('a cart of vouchers paid through Checkout: the cart stays until the webhook says paid, then the codes are mailed; a payer who gives up gets the stock back', async () => {
  const { token, email } = await newUser(server, 'aurora');
  const redirect = 'http://localhost:8080/myCart?from=test';
  const put = (quantity) => aurora('/cart/items/8003', { method: 'PUT', token, body: { quantity } });
  const before = (await data(await put(2))).items[0].availableNo;
  const start = await data(await aurora('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: redirect, lang: 'en' } }));
  const form = await openCheckout(start.url);
  assert.match(form.html, /Test mode/);
  assert.doesNotMatch(form.html, /4242/, 'no sandbox test cards on a Stripe checkout');
  const toStripe = await submitCheckout(start.url, form, '');
  assert.equal(toStripe.res.status, 303);
  assert.equal(toStripe.location.origin, new URL(stripe.directBase).origin, 'the buyer goes to Stripe Checkout');
  assert.equal((await data(await aurora('/cart', { token }))).items.length, 1, 'the cart stays while on Stripe\'s page');
  const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
  assert.equal(session.form.line_items[0].price_data.unit_amount, String(start.amount.amount));
  assert.equal(session.form.payment_intent_data.setup_future_usage, undefined, 'a cart keeps no card');
  const back = new URL(await payInCheckout(toStripe.location.toString(), STRIPE_CARDS.succeeds));
  await stripe.delivered();
  const done = await fetch(back, { redirect: 'manual' });
  assert.equal(done.status, 303);
  const storefront = new URL(done.headers.get('location'));
  assert.equal(storefront.pathname, '/myCart');
  assert.equal(storefront.searchParams.get('status'), '200', storefront.toString());
  assert.equal(storefront.searchParams.get('purchaseType'), 'cart');
  assert.equal(storefront.searchParams.get('purchaseID'), start.purchaseID);
  assert.deepEqual((await data(await aurora('/cart', { token }))).items, [], 'paid: the cart is emptied');
  await runScheduler(server);  // the paid order's codes are issued and mailed
  assert.equal((await mailedCodes(server, 'aurora', email, { ms: 5000 })).length, 2);

  assert.equal(sqlOn(server.database, `SELECT provider || '|' || status FROM payments WHERE reference = '${start.purchaseID}'`), 'stripe|SUCCEEDED');

  // Another buyer gives up on Stripe's page: the order fails, its stock comes back, the cart keeps the item.
  const other = await newUser(server, 'aurora');
  const left = (await data(await aurora('/cart/items/8003', { method: 'PUT', token: other.token, body: { quantity: 1 } }))).items[0].availableNo;
  assert.equal(left, before - 2);
  const opened = await data(await aurora('/cart/checkout', { method: 'POST', token: other.token, body: { redirectionUrl: redirect, lang: 'en' } }));
  const page = await openCheckout(opened.url);
  const onStripe = await submitCheckout(opened.url, page, '');
  const cancelUrl = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1).form.cancel_url;
  assert.equal(new URL(onStripe.location).origin, new URL(stripe.directBase).origin);
  const cancelled = await fetch(cancelUrl, { redirect: 'manual' });
  const gaveUp = new URL(cancelled.headers.get('location'));
  assert.equal(gaveUp.searchParams.get('status'), '400');
  assert.equal(gaveUp.searchParams.get('error'), 'PAYMENT_CANCELLED');
  const kept = (await data(await aurora('/cart', { token: other.token }))).items;
  assert.deepEqual(kept.map((i) => [i.id, i.quantity, i.availableNo]), [[8003, 1, before - 2]], 'the stock given back');

  // A payer who pays on Stripe's page and never comes back: the webhook empties the cart all the same.
  const gone = await newUser(server, 'aurora');
  await aurora('/cart/items/8003', { method: 'PUT', token: gone.token, body: { quantity: 1 } });
  const away = await data(await aurora('/cart/checkout', { method: 'POST', token: gone.token, body: { redirectionUrl: redirect, lang: 'en' } }));
  const awayPage = await submitCheckout(away.url, await openCheckout(away.url), '');
  await payInCheckout(awayPage.location.toString(), STRIPE_CARDS.succeeds);
  await stripe.delivered();
  assert.deepEqual((await data(await aurora('/cart', { token: gone.token }))).items, [], 'paid, never back: the cart is emptied');
});

test('vouchers bought with the card a plan saved at Stripe: charged on session (the buyer is there); a bank that wants its customer present declines it', async () => {
  const body = { externalProviderCode: 'card', voucherRequest: { voucherId: 8001, quantity: 1 } };
  const { token } = await planBought();
  const bought = await data(await aurora('/voucher/consumption/voucher', { method: 'POST', body, token, headers: { 'Idempotency-Key': randomUUID() } }));
  assert.equal(bought.codes, 1);
  const intent = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1);
  assert.equal(intent.form.off_session, undefined, 'the customer\'s own payment, not the merchant\'s');
  assert.equal(intent.form.confirm, 'true');
  assert.match(intent.form.payment_method, /^pm_/);

  const strict = await planBought(STRIPE_CARDS.authenticateAlways);
  const refused = await aurora('/voucher/consumption/voucher', { method: 'POST', body, token: strict.token, headers: { 'Idempotency-Key': randomUUID() } });
  assert.ok(refused.status >= 400, `declined: ${refused.status}`);
  assert.equal((await refused.json()).error, 'PAYMENT_DECLINED');
});

test('a payer who gives up on Stripe\'s page comes back cancelled and may start again; paying that page later is refunded', async () => {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  const page = start.options[0].redirectionUrl;
  const toStripe = await submitCheckout(page, await openCheckout(page), '');
  const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
  const back = await fetch(session.form.cancel_url, { redirect: 'manual' });
  const storefront = new URL(back.headers.get('location'));
  assert.equal(storefront.searchParams.get('status'), '400');
  assert.equal(storefront.searchParams.get('error'), 'PAYMENT_CANCELLED');
  const [payment] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  assert.equal(payment.status, 'DECLINED', 'the payment not made is declined');
  const again = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  assert.notEqual(again.purchaseID, start.purchaseID, 'a new checkout');

  // Paid anyway on Stripe's page left open in another tab: the money goes back at once, nothing is granted.
  await payInCheckout(toStripe.location.toString(), STRIPE_CARDS.succeeds);
  await stripe.delivered();
  const refund = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1);
  assert.equal(refund.form.metadata.payment_id, payment.id);
  assert.equal(Number(refund.form.amount), payment.amount.amount);
  assert.equal(sqlOn(server.database, `SELECT status FROM payment_refunds WHERE payment_id = '${payment.id}'`), 'SUCCEEDED');
  assert.equal(sqlOn(server.database, `SELECT COUNT(*) FROM payment_refunds WHERE payment_id = '${payment.id}'`), '1', 'once, though two events told of it');
  const [after] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token }));
  assert.equal(after.status, 'DECLINED');
  assert.ok(!(await mySubscriptions(aurora, token)).some((x) => x.state === 'ACTIVE'), 'no plan for money given back');
});

test('webhooks: a replayed event does nothing twice, a stale or forged one is refused, order does not matter', async () => {
  const { payment } = await planBought();
  const event = account.events.find((e) => e.type === 'checkout.session.completed' && e.data.object.client_reference_id === payment.id);
  const again = await stripe.deliver(event);
  assert.equal(again.status, 200);
  assert.equal(JSON.parse(again.body).data.outcome, 'duplicate');
  const stale = await stripe.deliver(event, { at: Math.floor(Date.now() / 1000) - 3600 });
  assert.equal(stale.status, 401, 'an event signed an hour ago is refused');
  const forged = await fetch(account.deliveries.at(-1).url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body: JSON.stringify(event) });
  assert.equal(forged.status, 401);
  // The PaymentIntent's success after the session's (another id, the same payment): nothing moves again.
  const late = account.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.payment_id === payment.id);
  const second = await stripe.deliver(late);
  assert.equal(second.status, 200);
  assert.ok(['ignored', 'duplicate'].includes(JSON.parse(second.body).data.outcome));
  assert.equal(sqlOn(server.database, `SELECT COUNT(*) FROM payment_methods WHERE provider = 'stripe'`) >= '1', true);
});

test('webhooks: the tenant in the path has one spelling, and an event\'s ids never walk to another Stripe resource', async () => {
  const { payment } = await planBought();
  const signed = account.events.find((e) => e.type === 'checkout.session.completed' && e.data.object.client_reference_id === payment.id);
  const url = new URL(account.deliveries.at(-1).url);
  const tenant = url.pathname.split('/').at(-1);
  assert.match(tenant, /^[1-9]\d*$/);
  const Stripe = createRequire(resolve(import.meta.dirname, '../../../../web/package.json'))('stripe');
  const post = (path, event) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: account.webhookSecret });
    return fetch(`${url.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  };
  const fresh = () => ({ ...signed, id: `evt_${randomUUID().replaceAll('-', '')}` });
  for (const spelling of [`0${tenant}`, `+${tenant}`, `%2B${tenant}`, `%20${tenant}`, `${tenant}abc`, `${tenant}.0`])
    await expectError(await post(`/backend/payments/stripe/webhook/${spelling}`, fresh()), 404, 'NOT_FOUND');
  assert.equal((await post(url.pathname, fresh())).status, 200, 'the exact address takes the same event');

  // A checkout.session.completed whose payment_intent would walk Stripe's API: nothing is asked of Stripe for it.
  const before = stripe.requests.length;
  const walking = fresh();
  walking.data = { object: { ...signed.data.object, payment_intent: 'pi_x/../../v1/refunds?amount=1' } };
  assert.equal((await post(url.pathname, walking)).status, 200);
  const asked = stripe.requests.slice(before).map((r) => r.path);
  assert.ok(!asked.some((p) => p.includes('..') || p.includes('/v1/refunds') || p.includes('pi_x')), JSON.stringify(asked));
});

test('a plan bought through Checkout is settled by the webhook and keeps the card; the receipt names Stripe\'s reference', async () => {
  const { payment, subscription, email } = await planBought();
  assert.equal(payment.status, 'SUCCEEDED');
  assert.equal(sqlOn(server.database, `SELECT provider FROM payments WHERE id = '${payment.id}'`), 'stripe');
  assert.equal(payment.instrument, 'Visa •••• 4242');
  assert.equal(subscription.state, 'ACTIVE');
  const session = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === payment.id);
  assert.equal(session.idempotencyKey, `portal-charge-${payment.id}`, 'the charge carries its idempotency key');
  assert.equal(session.form.payment_intent_data.setup_future_usage, 'off_session', 'a plan keeps the card');
  assert.equal(session.form.line_items[0].price_data.unit_amount, String(payment.amount.amount));
  const intent = sqlOn(server.database, `SELECT provider_ref FROM payments WHERE id = '${payment.id}'`);
  const [receipt] = (await outboxMails(server, 'aurora', email)).filter((m) => /receipt/i.test(m.subject));
  assert.ok(receipt, 'a receipt is mailed once the webhook settled the payment');
  assert.match(receipt.text ?? receipt.body, new RegExp(`Visa •••• 4242 · Stripe ${intent}`));
});

// The clock moves on here (Stripe's with it): a refund Stripe holds pending, whose word never came, is asked of Stripe.
test('vouchers paid through Checkout with a card whose refunds stay pending: the codes are held while Stripe keeps the refund pending, back when it fails, gone when one succeeds', async () => {
  const { token, email } = await newUser(server, 'aurora');
  const userId = await userUuid(token);
  await aurora('/cart/items/8001', { method: 'PUT', token, body: { quantity: 2 } });
  const start = await data(await aurora('/cart/checkout', { method: 'POST', token, body: { redirectionUrl: 'http://localhost:8080/myCart', lang: 'en' } }));
  const toStripe = await submitCheckout(start.url, await openCheckout(start.url), '');
  const back = new URL(await payInCheckout(toStripe.location.toString(), STRIPE_CARDS.refundPending));
  await stripe.delivered();
  assert.equal((await fetch(back, { redirect: 'manual' })).status, 303);
  await runScheduler(server);
  const codes = await mailedCodes(server, 'aurora', email, { ms: 5000 });
  assert.equal(codes.length, 2);
  const payment = (await data(await admin(`/customers/${userId}`))).payments.find((p) => p.reference === start.purchaseID);
  const path = `/customers/${userId}/payments/${payment.id}/refunds`;
  const { token: friend } = await newUser(server, 'aurora');

  const first = await data(await admin(path, json({ amount: payment.amount, reason: 'Refund' }, { 'Idempotency-Key': randomUUID() })), 201);
  assert.equal(first.status, 'PENDING', 'Stripe keeps it pending');
  await expectError(await redeem(aurora, friend, codes[0]), 404, 'VOUCHER_NOT_FOUND');
  assert.equal(await stripe.failRefunds(), 1);
  await stripe.delivered();
  assert.equal(sqlOn(server.database, `SELECT status FROM payment_refunds WHERE id = '${first.id}'`), 'FAILED');
  assert.equal((await data(await redeem(aurora, friend, codes[0]))).subscriptionTypeId, 101, 'the failed refund gave the code back');

  const second = await data(await admin(path, json({ amount: payment.amount / 2, reason: 'The unused code', confirmRedeemed: true }, { 'Idempotency-Key': randomUUID() })), 201);
  assert.equal(second.status, 'PENDING');
  const { token: third } = await newUser(server, 'aurora');
  await expectError(await redeem(aurora, third, codes[1]), 404, 'VOUCHER_NOT_FOUND');
  assert.equal(await stripe.completeRefunds(), 1);
  await stripe.delivered();
  assert.equal(sqlOn(server.database, `SELECT status FROM payment_refunds WHERE id = '${second.id}'`), 'SUCCEEDED');
  await expectError(await redeem(aurora, third, codes[1]), 404, 'VOUCHER_NOT_FOUND');
  assert.deepEqual(await mySubscriptions(aurora, third), []);
});

test('a provider\'s return acts only with the state the portal gave the provider: an id alone, or another\'s state, is 404 and declines nothing', async () => {
  const lastSession = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1).form;
  const strangers = (url) => {
    const bare = new URL(url);
    bare.searchParams.delete('state');
    const forged = new URL(bare);
    forged.searchParams.set('state', '0'.repeat(32));
    return [bare, forged];
  };
  // A plan's checkout left open on Stripe's page.
  const buyer = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token: buyer.token }));
  const page = start.options[0].redirectionUrl;
  await submitCheckout(page, await openCheckout(page), '');
  const plan = lastSession();
  assert.match(new URL(plan.cancel_url).searchParams.get('state'), /^[0-9a-f]{32}$/);
  for (const url of [...strangers(plan.cancel_url), ...strangers(plan.success_url)])
    await expectError(await fetch(url, { redirect: 'manual' }), 404, 'CHECKOUT_NOT_FOUND');
  const [pending] = await data(await aurora(`/dev/payments?purchaseID=${start.purchaseID}`, { token: buyer.token }));
  assert.equal(pending.status, 'PENDING', 'a stranger declined nothing');

  // A cart's order on Stripe's page: another order's state does not open it either.
  const cartBuyer = await newUser(server, 'aurora');
  await aurora('/cart/items/8003', { method: 'PUT', token: cartBuyer.token, body: { quantity: 1 } });
  const opened = await data(await aurora('/cart/checkout', { method: 'POST', token: cartBuyer.token, body: { redirectionUrl: 'http://localhost:8080/myCart', lang: 'en' } }));
  await submitCheckout(opened.url, await openCheckout(opened.url), '');
  const cart = lastSession();
  for (const url of strangers(cart.cancel_url)) await expectError(await fetch(url, { redirect: 'manual' }), 404, 'ORDER_NOT_FOUND');
  const swapped = new URL(cart.cancel_url);
  swapped.searchParams.set('state', new URL(plan.cancel_url).searchParams.get('state'));
  await expectError(await fetch(swapped, { redirect: 'manual' }), 404, 'ORDER_NOT_FOUND');
  assert.equal(sqlOn(server.database, `SELECT status FROM payments WHERE reference = '${opened.purchaseID}'`), 'PENDING');

  // The payers' own links still work.
  const gaveUp = await fetch(plan.cancel_url, { redirect: 'manual' });
  assert.equal(gaveUp.status, 303);
  assert.equal(new URL(gaveUp.headers.get('location')).searchParams.get('error'), 'PAYMENT_CANCELLED');
  const cartGaveUp = await fetch(cart.cancel_url, { redirect: 'manual' });
  assert.equal(new URL(cartGaveUp.headers.get('location')).searchParams.get('error'), 'PAYMENT_CANCELLED');
});

test('a refund Stripe keeps pending and whose event is lost is asked of Stripe after three days: still pending, then succeeded', async () => {
  const { payment, userId } = await planBought(STRIPE_CARDS.refundPending);
  const endpoint = `${server.base}${new URL((await data(await admin('/payment-providers/stripe'))).webhookUrl).pathname}`;
  account.setWebhookUrl(null);  // Stripe's events about this refund never arrive
  try {
    const path = `/customers/${userId}/payments/${payment.id}/refunds`;
    const refund = await data(await admin(path, json({ amount: 100, reason: 'Goodwill' }, { 'Idempotency-Key': randomUUID() })), 201);
    assert.equal(refund.status, 'PENDING');
    const status = () => sqlOn(server.database, `SELECT status FROM payment_refunds WHERE id = '${refund.id}'`);
    const asked = () => stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/refunds').length;
    await advance(server, 4 * DAY);
    stripe.advance(4 * DAY);
    await runScheduler(server);
    assert.equal(asked(), 1, 'Stripe asked');
    assert.equal(status(), 'PENDING', 'Stripe still holds it: not assumed either way');
    assert.equal(await stripe.completeRefunds(), 1);
    await runScheduler(server);
    assert.equal(asked(), 1, 'asked again only a day later');
    await advance(server, DAY + 60);
    stripe.advance(DAY + 60);
    await runScheduler(server);
    assert.equal(asked(), 2);
    assert.equal(status(), 'SUCCEEDED', 'Stripe\'s word settles it');
  } finally {
    account.setWebhookUrl(endpoint);
  }
});

// Last: the portal's clock moves a month on (Stripe's server and the webhooks' signatures keep real time).
test('a month later: renewed off-session with the saved card; one the bank wants authenticated goes to grace, is dunned and paid again on Stripe\'s page with a new card', async () => {
  const good = await planBought();
  const strict = await planBought(STRIPE_CARDS.authenticateAlways);
  const before = stripe.requests.length;
  await advance(server, 32 * DAY);
  await runScheduler(server);
  const renewals = stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
  // Both (and those of the plans bought in the tests before) were asked of Stripe.
  assert.ok(renewals.length >= 2, `${renewals.length} renewals`);
  for (const r of renewals) {
    assert.equal(r.form.off_session, 'true');
    assert.equal(r.form.confirm, 'true');
    assert.match(r.idempotencyKey, /^portal-charge-/);
    assert.match(r.form.customer, /^cus_/);
    assert.match(r.form.payment_method, /^pm_/);
  }
  const [renewed] = await mySubscriptions(aurora, await aurora.login(good.email));  // the old tokens expired
  assert.equal(renewed.state, 'ACTIVE');
  assert.equal(renewed.graceUntil, null);
  assert.notEqual(renewed.nextRenewalDate, good.subscription.nextRenewalDate, 'a new period');
  const strictToken = await aurora.login(strict.email);
  const [held] = await mySubscriptions(aurora, strictToken, '?inclCancelled=true');
  assert.ok(held.graceUntil, `in grace: ${JSON.stringify(held)}`);

  // Dunning: the mail's "Pay again" opens the manage page, whose button opens a checkout of the due period (issue 72
  // item 4): aurora's card is Stripe's, so its one option is the portal's page, on to Stripe's with a new card.
  const dunning = (await outboxMails(server, 'aurora', strict.email)).find((m) => /could not renew/i.test(m.subject));
  assert.ok(dunning, 'a dunning mail');
  assert.match(dunning.text ?? dunning.body, /Pay again: \S+\/profile\/manage/);
  stripe.advance(32 * DAY);  // Stripe's clock follows the portal's (a session's expiry, the events' signatures)
  const payAgain = () => aurora(`/subscription/payAgain/${held.id}`, { method: 'POST', token: strictToken,
    body: { redirect: subscribeBody(101).redirect, lang: 'en' } });
  const again = await data(await payAgain());
  assert.equal(again.type, 'redirect', 'one way to pay: the card, on Stripe');
  assert.equal((await data(await payAgain())).purchaseID, again.purchaseID, 'pressed twice: the same checkout');
  const form = await openCheckout(again.url);
  const toStripe = await submitCheckout(again.url, form, '');
  assert.equal(toStripe.location.origin, new URL(stripe.directBase).origin, 'the subscriber pays on Stripe\'s page');
  const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
  assert.equal(session.form.payment_intent_data.setup_future_usage, 'off_session', 'the new card renews next');
  assert.match(session.idempotencyKey, /^portal-charge-/);
  const twice = await submitCheckout(again.url, form, '');
  assert.equal(twice.location.toString(), toStripe.location.toString(), 'the form again: the same Stripe page, one payment');
  const back = new URL(await payInCheckout(toStripe.location.toString(), STRIPE_CARDS.succeeds));
  await stripe.delivered();
  // Only the state the portal gave Stripe opens the return: the checkout's id alone tells nothing (issue 71 item 6).
  const bare = new URL(back);
  bare.searchParams.delete('state');
  assert.equal((await fetch(bare, { redirect: 'manual' })).status, 404);
  const done = await fetch(back, { redirect: 'manual' });
  assert.equal(done.status, 303);
  const storefront = new URL(done.headers.get('location'));
  assert.equal(storefront.searchParams.get('status'), '200', storefront.toString());
  assert.equal(storefront.searchParams.get('subTypeId'), '101');
  const [paid] = await mySubscriptions(aurora, strictToken, '?inclCancelled=true');
  assert.equal(paid.state, 'ACTIVE');
  assert.equal(paid.graceUntil, null, 'out of grace');
  assert.notEqual(paid.nextRenewalDate, held.nextRenewalDate, 'the period paid');
  assert.equal(sqlOn(server.database, `SELECT label FROM payment_methods WHERE id =
    (SELECT payment_method_id FROM user_subscriptions WHERE id = '${held.id}')`), 'Visa •••• 4242', 'the new card kept');
  await expectError(await payAgain(), 409, 'NOTHING_DUE');
});

test('every call to Stripe kept to its published contract', () => {
  assert.deepEqual(stripe.violations, []);
});
