// The kill-an-instance test of issue 48, with Stripe as the provider (issue 51): an instance killed between a
// renewal's off-session PaymentIntent and its record; another instance takes the lapsed charge over, asks Stripe
// again with the same Idempotency-Key and records Stripe's replayed answer: one PaymentIntent, one renewal.
// Stripe is the tests' server behind Prism (support/stripe.mjs); the instances share one database.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sqlOn, startPortal, until } from '../support/server.mjs';
import { startStripe, payInCheckout } from '../support/stripe.mjs';
import { client, data, newUser, openCheckout, submitCheckout, subscribeBody } from '../subscriptions/support.mjs';
import { demoStaff, staffLogin, json } from '../staff/staff_flow.mjs';

const HOLD = ['--test-work-delay', '60000'];
const QUIET = ['--media-job-interval', '0', '--reports-interval', '0'];
let stripe, owner, account;
const started = [];

async function instance(args) {
  const s = await startPortal(['--stripe-api-base', stripe.apiBase, ...QUIET, ...args], owner ? { database: owner.database } : {});
  started.push(s);
  return s;
}

before(async () => {
  stripe = await startStripe();
  owner = await instance(['--scheduler-interval', '0']);
  const api = client(owner, 'aurora').api;
  const token = (await staffLogin(api, demoStaff(owner.output())['owner@example.com aurora'])).token;
  const admin = (path, init) => api(`/admin${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const shown = await data(await api('/admin/payment-providers/stripe', { headers: { authorization: `Bearer ${token}` } }));
  account = stripe.account({ webhookUrl: `${owner.base}${new URL(shown.webhookUrl).pathname}` });
  await data(await admin('/payment-providers/stripe', json({ publishableKey: account.publishableKey, secretKey: account.secretKey, webhookSecret: account.webhookSecret }, {}, 'PUT')));
  await data(await admin('/payment-options/card', json({ provider: 'stripe', name: { en: 'Card' } }, {}, 'PUT')));
});
after(async () => {
  for (const s of started.filter((s) => s !== owner)) await s.stop();
  await owner?.stop();
  await stripe?.stop();
});

const sql = (query) => sqlOn(owner.database, query);


test("an instance killed between a renewal's PaymentIntent and its record: another records Stripe's answer, one charge", async () => {
  const aurora = client(owner, 'aurora');
  const { email, token } = await newUser(owner, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  const page = start.options[0].redirectionUrl;
  const toStripe = await submitCheckout(page, await openCheckout(page), '');
  await payInCheckout(toStripe.location.toString(), '4242424242424242');
  await stripe.delivered();
  const [sub] = sql(`SELECT s.id FROM user_subscriptions s JOIN users u ON u.uuid = s.user_uuid WHERE u.email = '${email}' AND s.state = 'ACTIVE'`).split('|');
  assert.ok(sub, 'the plan paid through Checkout is active');
  // Due a minute ago: the next scheduler run renews it.
  const period = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  sql(`UPDATE user_subscriptions SET next_renewal_date = '${period}', end_date = '${period}' WHERE id = '${sub}'`);
  const reference = `${sub}@${period}`;
  const charge = () => {
    const [id, status] = sql(`SELECT id, status FROM payments WHERE purpose = 'renewal' AND reference = '${reference}' ORDER BY created_at DESC LIMIT 1`).split('|');
    const calls = id ? stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `portal-charge-${id}`).length : 0;
    return { id, status, calls };
  };

  const doomed = await instance([...HOLD, '--scheduler-interval', '1']);
  const held = await until(charge, (c) => c.calls === 1, 20_000, 'the renewal asked of Stripe by the first instance, not yet recorded');
  assert.equal(held.status, 'PROCESSING');
  process.kill(doomed.pid, 'SIGKILL');
  const killed = Date.now();
  await instance(['--scheduler-interval', '3600']);
  const done = await until(charge, (c) => c.status !== 'PROCESSING', 30_000 - (Date.now() - killed), 'the charge taken over');
  assert.deepEqual(done, { id: held.id, status: 'SUCCEEDED', calls: 2 }, 'asked again with the same key');
  await stripe.delivered();
  const intents = account.events.filter((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.payment_id === held.id);
  assert.equal(intents.length, 1, 'Stripe replayed the first answer: one PaymentIntent, charged once');
  assert.equal(sql(`SELECT provider_ref FROM payments WHERE id = '${held.id}'`), intents[0].data.object.id);
  assert.equal(Number(sql(`SELECT count(*) FROM subscription_events WHERE subscription_id = '${sub}' AND reason IN ('renewal charged', 'renewal settled')`)), 1, 'renewed once');
  assert.deepEqual(stripe.violations, []);
});
