// POST /backend/subscription: every status of the contract in its order,
// checkouts with their options, Idempotency-Key and concurrent subscribes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, openCheckout, submitCheckout, mySubscriptions, CARDS, GUEST } from './support.mjs';

let server, aurora, vela;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  vela = client(server, 'vela');
});
after(async () => server && (await server.stop()));

test('a guest gets 401', async () => {
  await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(102) }), 401, 'UNAUTHORIZED');
});

test('400 names each bad field', async () => {
  const token = await aurora.login();
  const cases = [
    [{ lang: 'en', redirect: 'http://localhost:8080/' }, 'subscriptionTypeId'],
    [{ subscriptionTypeId: 'abc', lang: 'en', redirect: 'http://localhost:8080/' }, 'subscriptionTypeId'],
    [{ subscriptionTypeId: 102, lang: 'en' }, 'redirect'],
    [{ subscriptionTypeId: 102, redirect: 'http://localhost:8080/' }, 'lang'],
    [{ subscriptionTypeId: 102, lang: 'xx', redirect: 'http://localhost:8080/' }, 'lang'],
    [{ subscriptionTypeId: 102, lang: 'en', redirect: 'http://localhost:8080/', price: { amount: 'x' } }, 'price'],
  ];
  for (const [body, field] of cases) {
    const err = await expectError(await aurora('/subscription', { method: 'POST', body, token }), 400, 'VALIDATION_ERROR');
    assert.equal(err.data.field, field, JSON.stringify(body));
  }
  const bad = await expectError(
    await aurora('/subscription', { method: 'POST', body: subscribeBody(102, 'aurora', { redirect: 'https://evil.example/' }), token }),
    400, 'INVALID_REDIRECT');
  assert.equal(bad.data.field, 'redirect');
  await expectError(await aurora('/subscription', { method: 'POST', body: '{not json', token }), 400);
});

test('404 for an unknown type and for a type of another tenant', async () => {
  const token = await aurora.login();
  await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(999), token }), 404, 'SUBSCRIPTION_TYPE_NOT_FOUND');
  await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(401), token }), 404, 'SUBSCRIPTION_TYPE_NOT_FOUND');
});

test('404 REQUIRED_IDENTITY_FIELD_NOT_FOUND lists the missing profile fields', async () => {
  const { token } = await newUser(server, 'vela', { name: 'Vera', lastName: '' });
  const err = await expectError(await vela('/subscription', { method: 'POST', body: subscribeBody(502, 'vela'), token }), 404,
    'REQUIRED_IDENTITY_FIELD_NOT_FOUND');
  assert.deepEqual(err.data.fields, ['lastName']);
  // 501 needs nothing: options come back.
  const ok = await data(await vela('/subscription', { method: 'POST', body: subscribeBody(501, 'vela'), token }));
  assert.equal(ok.options.length, 2);
});

test('200: one checkout with one option per payment option; a single WEB option is a redirect', async () => {
  const { token } = await newUser(server, 'aurora');
  const two = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  assert.equal(two.type, 'onclick');
  assert.equal(two.url, null);
  assert.match(two.purchaseID, /^[0-9a-f-]{36}$/);
  assert.deepEqual(two.options.map((o) => [o.code, o.flow]), [['card', 'WEB'], ['operator', 'API']]);
  assert.match(two.options[0].redirectionUrl, new RegExp(`/backend/checkout/${two.options[0].uuid}\\?lang=en$`));
  assert.equal(two.options[1].redirectionUrl, null);

  const one = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }));
  assert.equal(one.type, 'redirect');
  assert.equal(one.options.length, 1);
  assert.equal(one.url, one.options[0].redirectionUrl);

  // A second call while the checkout is open answers the same checkout.
  const again = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  assert.equal(again.purchaseID, two.purchaseID);
});

test('409 PRICE_CHANGED when the shown price is not the current one', async () => {
  const { token } = await newUser(server, 'aurora');
  const err = await expectError(await aurora('/subscription', {
    method: 'POST', body: subscribeBody(101, 'aurora', { price: { amount: 499, currency: 'EUR' } }), token,
  }), 409, 'PRICE_CHANGED');
  assert.deepEqual(err.data, { amount: 299, currency: 'EUR' });
  const ok = await data(await aurora('/subscription', {
    method: 'POST', body: subscribeBody(101, 'aurora', { price: { amount: 299, currency: 'EUR' } }), token,
  }));
  assert.ok(ok.purchaseID);
});

test('409 USER_ALREADY_SUBSCRIBED, 409 upgrade/downgrade, and a migration with migrateSubId', async () => {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  const paid = await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  assert.equal(paid.res.status, 303);
  const [sub] = await mySubscriptions(aurora, token);
  assert.equal(sub.typeId, 102);

  const dup = await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }), 409, 'USER_ALREADY_SUBSCRIBED');
  assert.equal(dup.data.subscriptionId, sub.id);
  const up = await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(103), token }), 409,
    'NEED_CANCEL_SUBSCRIPTION_BEFORE_UPGRADE');
  assert.deepEqual(up.data, { subscriptionId: sub.id, fromTypeId: 102, toTypeId: 103 });
  const down = await expectError(await aurora('/subscription', { method: 'POST', body: subscribeBody(101), token }), 409,
    'NEED_CANCEL_SUBSCRIPTION_BEFORE_DOWNGRADE');
  assert.equal(down.data.toTypeId, 101);
  // Other groups are independent.
  assert.ok((await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token }))).purchaseID);

  // With migrateSubId the upgrade goes ahead; the old one is CANCELED once the new one is paid.
  const upgrade = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(103, 'aurora', { migrateSubId: sub.id }), token }));
  const done = await payAtCheckout(upgrade.options[0].redirectionUrl, CARDS.success);
  assert.equal(done.location.searchParams.get('status'), '200');
  const all = await mySubscriptions(aurora, token, '?inclCancelled=true');
  const byType = Object.fromEntries(all.map((s) => [s.typeId, s]));
  assert.equal(byType[103].state, 'ACTIVE');
  assert.equal(byType[102].state, 'CANCELED');
  assert.ok(!(await mySubscriptions(aurora, token)).some((s) => s.typeId === 102), 'CANCELED is left out by default');
});

test('upgradeTo also allows the move', async () => {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(201), token }));
  await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  const move = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202, 'aurora', { upgradeTo: 202 }), token }));
  assert.ok(move.purchaseID);
});

test('202 SUBSCRIPTION_PENDING while a payment of that type is pending', async () => {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token }));
  const pending = await payAtCheckout(start.options[0].redirectionUrl, CARDS.pending);
  assert.equal(pending.location.searchParams.get('status'), '202');
  const res = await aurora('/subscription', { method: 'POST', body: subscribeBody(202), token });
  const body = await expectError(res, 202, 'SUBSCRIPTION_PENDING');
  assert.equal(body.data.subscription.state, 'REQUESTED');
  assert.equal(body.data.subscription.subState, 'PENDING');
  assert.equal(body.data.subscription.active, false);
});

test('the same Idempotency-Key answers the same and makes one checkout', async () => {
  const { token } = await newUser(server, 'aurora');
  const headers = { 'Idempotency-Key': 'key-1' };
  const a = await aurora('/subscription', { method: 'POST', body: subscribeBody(301), token, headers });
  const first = await a.text();
  assert.equal(a.status, 200);
  const b = await aurora('/subscription', { method: 'POST', body: subscribeBody(301), token, headers });
  assert.equal(b.status, 200);
  assert.equal(b.headers.get('idempotent-replayed'), 'true');
  assert.equal(await b.text(), first);
  // Concurrent retries with a new key agree too.
  const twins = await Promise.all([1, 2, 3].map(() =>
    aurora('/subscription', { method: 'POST', body: subscribeBody(201), token, headers: { 'Idempotency-Key': 'key-2' } })));
  const ids = new Set(await Promise.all(twins.map(async (r) => (await r.json()).data.purchaseID)));
  assert.equal(ids.size, 1);
});

test('two simultaneous subscribes for the same user and type make one checkout', async () => {
  const { token } = await newUser(server, 'aurora');
  const answers = await Promise.all([0, 1, 2, 3].map(() => aurora('/subscription', { method: 'POST', body: subscribeBody(103), token })));
  const bodies = await Promise.all(answers.map((r) => r.json()));
  assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200]);
  assert.equal(new Set(bodies.map((b) => b.data.purchaseID)).size, 1);
  // Paying that one checkout from two open pages at once charges once (both pages are open
  // first: a page opened after the other paid is already gone, 410).
  const url = bodies[0].data.options[0].redirectionUrl;
  const forms = await Promise.all([openCheckout(url), openCheckout(url)]);
  const [x, y] = await Promise.all(forms.map((form) => submitCheckout(url, form, CARDS.success)));
  const statuses = [x, y].map((p) => p.location?.searchParams.get('status') ?? String(p.res.status)).sort();
  assert.ok(statuses.includes('200'), statuses.join());
  const subs = (await mySubscriptions(aurora, token)).filter((s) => s.typeId === 103);
  assert.equal(subs.length, 1);
});

test('another user of the tenant is independent', async () => {
  const token = await aurora.login(GUEST);
  const res = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  assert.ok(res.purchaseID);
});
