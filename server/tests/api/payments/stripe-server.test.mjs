// The Stripe test server (support/stripe.mjs) checked on its own, without the portal: Stripe's Node library
// (the `stripe` npm package) calls it through Prism, a small webhook endpoint checks every event with the
// library's constructEvent, and at the end Prism must have found nothing outside Stripe's published contract.
// What the portal's tests rely on: Checkout in payment mode saving the card, off-session charges per test card,
// refunds, disputes, idempotency keys, Stripe's errors, and events signed as Stripe signs them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { startStripe, payInCheckout, STRIPE_CARDS } from '../support/stripe.mjs';

const require = createRequire(resolve(import.meta.dirname, '../../../../web/package.json'));
const Stripe = require('stripe');

let stripe, account, api, endpoint;

// A webhook endpoint as the portal's: each event verified with Stripe's library (signature and its 5-minute
// tolerance) against the account's secret, else 400.
async function startEndpoint(secret) {
  const received = [];
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    try {
      received.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), req.headers['stripe-signature'], secret()));
      res.writeHead(200).end('{}');
    } catch (e) {
      res.writeHead(400).end(e.message);
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/stripe`, received, close: () => server.close() };
}

// Stripe's library pointed at the test server's API (through Prism), pinned to the server's API version.
function stripeClient(secretKey) {
  const { port } = new URL(stripe.apiBase);
  return new Stripe(secretKey, { host: '127.0.0.1', port: Number(port), protocol: 'http', apiVersion: '2020-08-27', maxNetworkRetries: 0 });
}

const line = (amount) => ({ price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'Gold plan' } }, quantity: 1 });
const sessionFor = (customer, amount) => api.checkout.sessions.create({
  mode: 'payment', customer, line_items: [line(amount)], payment_intent_data: { setup_future_usage: 'off_session' },
  success_url: 'https://portal.test/done?session={CHECKOUT_SESSION_ID}', cancel_url: 'https://portal.test/cancel',
});

// A card the customer saved for off-session charges by paying once in Checkout: { customer, paymentMethod }.
async function savedCard(card) {
  const customer = await api.customers.create({ email: `${card}@example.com` });
  const session = await sessionFor(customer.id, 1000);
  await payInCheckout(session.url, card);
  const { payment_method: paymentMethod } = await api.paymentIntents.retrieve(session.payment_intent);
  return { customer: customer.id, paymentMethod };
}

const offSession = ({ customer, paymentMethod }, amount = 999) => api.paymentIntents.create({
  amount, currency: 'usd', customer, payment_method: paymentMethod, off_session: true, confirm: true,
  description: 'Renewal', metadata: { renewal: '1' },
});

const typesReceived = () => endpoint.received.map((event) => event.type);

before(async () => {
  stripe = await startStripe();
  endpoint = await startEndpoint(() => account.webhookSecret);
  account = stripe.account({ webhookUrl: endpoint.url });
  api = stripeClient(account.secretKey);
});
after(async () => {
  await stripe?.stop();
  endpoint?.close();
});

let saved, renewal;

test('a customer pays in Checkout, which saves the card; the session, PaymentIntent and card read back; signed events arrive', async () => {
  const customer = await api.customers.create({ email: 'listener@example.com', name: 'Listener', metadata: { tenant: 'aurora' } });
  assert.match(customer.id, /^cus_/);
  assert.deepEqual(customer.metadata, { tenant: 'aurora' });
  const session = await api.checkout.sessions.create({
    mode: 'payment', customer: customer.id, line_items: [{ ...line(1500), quantity: 2 }], locale: 'en', client_reference_id: 'order-1',
    success_url: 'https://portal.test/done?session={CHECKOUT_SESSION_ID}', cancel_url: 'https://portal.test/cancel',
    metadata: { order: '1' }, payment_intent_data: { setup_future_usage: 'off_session', metadata: { order: '1' } },
  });
  assert.equal(session.status, 'open');
  assert.equal(session.payment_status, 'unpaid');
  assert.equal(session.amount_total, 3000);
  assert.equal(session.url, `${stripe.directBase}/pay/${session.id}`);
  const page = await (await fetch(session.url)).text();
  assert.match(page, /<html lang="en" dir="auto">/);
  assert.match(page, /Pay \$30\.00/);
  assert.match(page, /type="radio" name="card" id="card-4242424242424242"/);

  assert.equal(await payInCheckout(session.url, STRIPE_CARDS.succeeds), `https://portal.test/done?session=${session.id}`);
  const paid = await api.checkout.sessions.retrieve(session.id);
  assert.equal(paid.status, 'complete');
  const listed = await api.checkout.sessions.list({ limit: 1 });  // what the portal asks to check a key
  assert.deepEqual([listed.object, listed.data.map((s) => s.id)], ['list', [session.id]]);
  assert.equal(paid.payment_status, 'paid');
  assert.equal(paid.customer, customer.id);
  const intent = await api.paymentIntents.retrieve(paid.payment_intent);
  assert.equal(intent.status, 'succeeded');
  assert.equal(intent.setup_future_usage, 'off_session');
  assert.deepEqual(intent.metadata, { order: '1' });
  assert.equal(intent.charges.data[0].amount, 3000);
  const card = await api.paymentMethods.retrieve(intent.payment_method);
  assert.deepEqual([card.type, card.card.brand, card.card.last4, card.customer], ['card', 'visa', '4242', customer.id]);

  assert.deepEqual(typesReceived(), ['checkout.session.completed', 'payment_intent.succeeded']);
  assert.equal(endpoint.received[0].data.object.id, session.id);
  assert.equal(endpoint.received[0].api_version, '2020-08-27');
  assert.deepEqual(account.deliveries.map((delivery) => delivery.status), [200, 200]);
  saved = { customer: customer.id, paymentMethod: card.id };
});

test('a declined card in Checkout leaves the session open and the PaymentIntent with the decline', async () => {
  const session = await sessionFor(saved.customer, 2000);
  await assert.rejects(payInCheckout(session.url, STRIPE_CARDS.insufficientFunds), /insufficient funds/);
  assert.equal((await api.checkout.sessions.retrieve(session.id)).status, 'open');
  const intent = await api.paymentIntents.retrieve(session.payment_intent);
  assert.equal(intent.status, 'requires_payment_method');
  assert.equal(intent.last_payment_error.decline_code, 'insufficient_funds');
  assert.equal(intent.charges.data[0].status, 'failed');
  assert.equal(typesReceived().at(-1), 'payment_intent.payment_failed');
  const expired = await api.checkout.sessions.expire(session.id);
  assert.equal(expired.status, 'expired');
});

test('off-session charges follow the saved card: 4242 and 3155 succeed, 3184 needs authentication (402)', async () => {
  renewal = await offSession(saved);
  assert.equal(renewal.status, 'succeeded');
  assert.equal(renewal.charges.data.length, 1);
  assert.equal((await offSession(await savedCard(STRIPE_CARDS.authenticateUnlessSaved))).status, 'succeeded');
  const always = await savedCard(STRIPE_CARDS.authenticateAlways);
  await assert.rejects(offSession(always), (e) => {
    assert.equal(e.type, 'StripeCardError');
    assert.equal(e.statusCode, 402);
    assert.equal(e.code, 'authentication_required');
    assert.equal(e.raw.payment_intent.status, 'requires_payment_method');
    return true;
  });
  await stripe.delivered();
  assert.equal(typesReceived().at(-1), 'payment_intent.payment_failed');
});

test('a partial refund, then the rest; one more is refused as Stripe refuses it', async () => {
  const part = await api.refunds.create({ payment_intent: renewal.id, amount: 300, reason: 'requested_by_customer' });
  assert.deepEqual([part.status, part.amount], ['succeeded', 300]);
  const rest = await api.refunds.create({ payment_intent: renewal.id });
  assert.equal(rest.amount, 699);
  await assert.rejects(api.refunds.create({ payment_intent: renewal.id }),
    { type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
  const charge = await api.charges.retrieve(rest.charge);
  assert.deepEqual([charge.amount_refunded, charge.refunded, charge.refunds.data.length], [999, true, 2]);
  const listed = await api.refunds.list({ payment_intent: renewal.id, limit: 100 });  // what the portal asks of a pending one
  assert.deepEqual(listed.data.map((r) => r.id), [rest.id, part.id]);
  await stripe.delivered();
  const refunded = endpoint.received.filter((event) => event.type === 'charge.refunded');
  assert.deepEqual(refunded.map((event) => event.data.object.amount_refunded), [300, 999]);
});

test('a refund of the card whose refunds fail is answered succeeded, then fails with charge.refund.updated', async () => {
  const card = await savedCard(STRIPE_CARDS.refundFails);
  const refund = await api.refunds.create({ payment_intent: (await offSession(card)).id });
  assert.equal(refund.status, 'succeeded');
  await stripe.delivered();
  const failed = await api.refunds.retrieve(refund.id);
  assert.deepEqual([failed.status, failed.failure_reason], ['failed', 'expired_or_canceled_card']);
  assert.equal((await api.charges.retrieve(refund.charge)).amount_refunded, 0);
  assert.equal(typesReceived().at(-1), 'charge.refund.updated');
});

test('a dispute of a payment', async () => {
  const payment = await offSession(saved, 1200);
  const dispute = await stripe.dispute(payment.id);
  assert.equal((await api.disputes.retrieve(dispute.id)).status, 'needs_response');
  assert.equal(typesReceived().at(-1), 'charge.dispute.created');
  await assert.rejects(api.refunds.create({ payment_intent: payment.id }), { code: 'charge_disputed' });
});

test('an idempotency key replays the first answer; reused with other parameters it is refused', async () => {
  const first = await api.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'customer-once' });
  const again = await api.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'customer-once' });
  assert.equal(again.id, first.id);
  assert.equal(again.lastResponse.headers['idempotent-replayed'], 'true');
  await assert.rejects(api.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'customer-once' }),
    { type: 'StripeIdempotencyError' });
  const other = stripeClient(stripe.account().secretKey);
  assert.notEqual((await other.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'customer-once' })).id, first.id);
});

test("Stripe's errors: a wrong secret key (401), a missing parameter (400 parameter_missing)", async () => {
  await assert.rejects(stripeClient('sk_test_wrong').customers.create({}), { type: 'StripeAuthenticationError', statusCode: 401 });
  const noLines = { mode: 'payment', success_url: 'https://portal.test/ok', cancel_url: 'https://portal.test/no' };
  await assert.rejects(api.checkout.sessions.create(noLines), { code: 'parameter_missing', param: 'line_items' });
  const before = stripe.requests.length;
  await assert.rejects(api.paymentIntents.create({ currency: 'usd', confirm: true }), { code: 'parameter_missing', param: 'amount' });
  assert.deepEqual(stripe.requests.slice(before).map(({ method, path, form }) => [method, path, form]),
    [['POST', '/v1/payment_intents', { currency: 'usd', confirm: 'true' }]]);
});

test('held events are delivered by the test: out of order, twice, and stale (refused by the endpoint)', async () => {
  const held = await startEndpoint(() => holding.webhookSecret);
  const holding = stripe.account({ webhookUrl: held.url, hold: true });
  const client = stripeClient(holding.secretKey);
  const session = await client.checkout.sessions.create({
    mode: 'payment', customer_email: 'held@example.com', line_items: [line(700)],
    success_url: 'https://portal.test/done', cancel_url: 'https://portal.test/cancel',
  });
  await payInCheckout(session.url, STRIPE_CARDS.succeeds);
  assert.deepEqual(holding.events.map((event) => event.type), ['checkout.session.completed', 'payment_intent.succeeded']);
  assert.equal(held.received.length, 0);
  const [completed, succeeded] = holding.events;
  assert.equal((await stripe.deliver(succeeded)).status, 200);
  assert.equal((await stripe.deliver(completed)).status, 200);
  assert.equal((await stripe.deliver(completed)).status, 200);
  const stale = await stripe.deliver(completed, { at: Math.floor(Date.now() / 1000) - 600 });
  assert.equal(stale.status, 400);
  assert.match(stale.body, /tolerance/i);
  assert.deepEqual(held.received.map((event) => event.type),
    ['payment_intent.succeeded', 'checkout.session.completed', 'checkout.session.completed']);
  assert.equal(held.received[1].data.object.customer_details.email, 'held@example.com');
  held.close();
});

test("every call and answer kept to Stripe's published contract (Prism)", () => {
  assert.deepEqual(stripe.violations, []);
});
