// Webhooks out (issue 78 item 1): an owner connects endpoints in the console; the portal sends each chosen event
// signed per the Standard Webhooks specification, which the endpoint server started here verifies with the
// `standardwebhooks` library. Events are written in the transaction of their change (a rolled-back change is never
// sent), delivered under a lease by any instance (one killed with SIGKILL mid-delivery: another delivers, at least
// once), retried after a failure, refused towards private and link-local addresses, and listed with every attempt.
// SQLite and PostgreSQL (scripts/with-postgres --pgbouncer scripts/node-test-api FILE).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backend, expectError, sqlOn, startPortal, until } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { CARDS, client, data, newUser, payAtCheckout, subscribeBody } from '../subscriptions/support.mjs';
import { endpointServer, eventually, verified } from './support.mjs';

// The instance every call goes to keeps the database and delivers nothing itself.
const QUIET = ['--media-job-interval', '0', '--reports-interval', '0', '--scheduler-interval', '0'];
const DELIVERS = ['--webhook-interval', '1', '--webhook-first-retry', '1'];
let owner, deliverer, doomed, staff, hooks, api, ownerToken;
const started = [];

async function instance(args, shared = true) {
  const s = await startPortal([...QUIET, ...args], shared && owner ? { database: owner.database } : {});
  started.push(s);
  return s;
}
const sql = (query) => sqlOn(owner.database, query);
const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const console_ = (path, init = {}, token = ownerToken) => api(`/admin/webhooks${path}`, as(token, init));
const ALL = ['subscription.created', 'subscription.renewed', 'subscription.cancelled', 'subscription.held',
  'subscription.expired', 'payment.succeeded', 'payment.failed', 'payment.refunded', 'purchase.created',
  'voucher.redeemed', 'customer.created', 'customer.deleted', 'article.published', 'article.unpublished',
  'media.job.failed'];

async function addEndpoint(path, body = {}) {
  const url = path.startsWith('http') ? path : hooks.url(path);
  return data(await console_('/endpoints', json({ url, description: `test ${path}`, events: ALL, allowPrivate: true, ...body })), 201);
}
const deliveriesOf = async (id) => (await data(await console_(`/endpoints/${id}/deliveries`))).items;

before(async () => {
  hooks = await endpointServer();
  owner = await instance(['--webhook-interval', '0']);
  staff = demoStaff(owner.output());
  api = backend(owner, 'aurora');
  ownerToken = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  deliverer = await instance(DELIVERS);
});
after(async () => {
  if (doomed) try { process.kill(doomed.pid, 'SIGKILL'); } catch { /* gone */ }
  for (const s of started.filter((s) => s !== owner)) await s.stop().catch(() => {});
  await owner?.stop();
  await hooks?.close();
});

test('owners and platform administrators manage endpoints; other staff get 403; writes are audited', async () => {
  for (const who of ['support@example.com aurora', 'editor@example.com aurora', 'finance@example.com aurora', 'admin@example.com aurora']) {
    if (!staff[who]) continue;
    const token = (await staffLogin(api, staff[who])).token;
    await expectError(await console_('/endpoints', {}, token), 403);
  }
  const platform = (await staffLogin(api, staff['admin@example.com '])).token;
  const list = await data(await console_('/endpoints', {}, platform));
  assert.deepEqual(list.eventTypes, ALL);
  assert.equal(list.privateAllowed, true, 'the tests run in the dev stage');

  const bad = await expectError(await console_('/endpoints', json({ url: 'javascript:alert(1)', events: ['customer.created'] })), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'url');
  const unknown = await expectError(await console_('/endpoints', json({ url: 'https://hooks.example/in', events: ['customer.eaten'] })), 400, 'VALIDATION_ERROR');
  assert.equal(unknown.data.field, 'events');

  const made = await addEndpoint('https://hooks.example/audited', { events: ['customer.created'], allowPrivate: false });
  assert.match(made.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(made.endpoint.allowPrivate, false);
  const edited = await data(await console_(`/endpoints/${made.endpoint.id}`, json({ url: made.endpoint.url, events: ['customer.deleted'], enabled: false }, {}, 'PUT')));
  assert.deepEqual([edited.events, edited.enabled], [['customer.deleted'], false]);
  await data(await console_(`/endpoints/${made.endpoint.id}`, { method: 'DELETE' }));
  const entries = (await data(await api('/admin/audit?action=webhooks.endpoint.create', as(ownerToken)))).items;
  const entry = entries.find((e) => e.objectId === made.endpoint.id);
  assert.ok(entry, 'the creation is in the audit log');
  assert.ok(!JSON.stringify(entry).includes(made.secret), 'never the secret');
  for (const action of ['webhooks.endpoint.update', 'webhooks.endpoint.delete'])
    assert.ok((await data(await api(`/admin/audit?action=${action}`, as(ownerToken)))).items.some((e) => e.objectId === made.endpoint.id), action);
});

test("a subscription's events arrive signed, verified, once each and in order; a rotation signs with both secrets", async () => {
  const { endpoint, secret } = await addEndpoint('/all');
  const aurora = client(owner, 'aurora');
  const { token } = await newUser(owner, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  const sub = (await data(await aurora('/subscription', { token }))).find((s) => s.typeId === 102);
  await data(await aurora(`/subscription/${sub.id}?lang=en`, { method: 'DELETE', token }));

  // The payment is recorded before the plan it pays turns ACTIVE (one transaction, in that order).
  const want = ['customer.created', 'payment.succeeded', 'subscription.created', 'subscription.cancelled'];
  const got = await until(() => hooks.delivered('/all').map((d) => verified(d, [secret])),
    (events) => want.every((t) => events.some((e) => e.type === t)), 20_000, 'the events delivered');
  for (const d of hooks.delivered('/all')) verified(d, [secret]);  // every one verifies (throws otherwise)
  const created = got.find((e) => e.type === 'subscription.created');
  assert.equal(created.data.id, sub.id);
  assert.equal(created.data.typeId, '102');
  assert.equal(created.data.state, 'ACTIVE');
  const customer = got.find((e) => e.type === 'customer.created').data.id;
  assert.equal(created.data.customerId, customer);
  const paid = got.find((e) => e.type === 'payment.succeeded').data;
  assert.deepEqual([paid.customerId, paid.purpose, paid.status], [customer, 'checkout', 'SUCCEEDED']);  // a plan's checkout
  assert.equal(got.find((e) => e.type === 'subscription.cancelled').data.cancelRequested, true);
  // Once each (webhook-id is the message's), and in the order the changes happened.
  const ids = hooks.delivered('/all').map((d) => d.id);
  assert.equal(new Set(ids).size, ids.length, `no duplicates: ${ids}`);
  assert.deepEqual(ids, [...ids].sort(), 'in order');
  assert.deepEqual(got.map((e) => e.type).filter((t) => want.includes(t)), want);

  // The console lists each delivery with its attempt.
  const listed = await deliveriesOf(endpoint.id);
  const first = listed.find((d) => d.eventType === 'subscription.created');
  assert.equal(first.status, 'delivered');
  assert.equal(first.attemptList.length, 1);
  assert.equal(first.attemptList[0].status, 200);
  assert.equal(first.attemptList[0].answer, 'ok');

  // Rotation: the new secret shown once; for a day both sign, so a receiver on either secret verifies.
  const rotated = await data(await console_(`/endpoints/${endpoint.id}/rotate`, { method: 'POST' }));
  assert.notEqual(rotated.secret, secret);
  assert.ok(rotated.endpoint.previousSecretUntil > new Date().toISOString());
  const before = hooks.delivered('/all').length;
  await newUser(owner, 'aurora');
  const [next] = await until(() => hooks.delivered('/all').slice(before), (l) => l.length >= 1, 20_000, 'the event after the rotation');
  assert.equal(next.headers['webhook-signature'].split(' ').length, 2);
  assert.equal(verified(next, [rotated.secret]).type, 'customer.created');
  assert.equal(verified(next, [secret]).type, 'customer.created');
});

test('an endpoint answering 500 then 200 receives the retry; both attempts are listed and one can be resent', async () => {
  hooks.answer = ({ path, n }) => (path === '/flaky' && n === 1 ? 500 : 200);
  const { endpoint, secret } = await addEndpoint('/flaky', { events: ['customer.created'] });
  await newUser(owner, 'aurora');
  const [ok] = await until(() => hooks.delivered('/flaky'), (l) => l.length === 1, 20_000, 'the retry delivered');
  assert.equal(ok.n, 2, 'the second attempt of the same webhook-id');
  assert.equal(verified(ok, [secret]).type, 'customer.created');
  const [delivery] = await eventually(() => deliveriesOf(endpoint.id), (l) => l[0]?.status === 'delivered', 10_000, 'listed');
  assert.deepEqual(delivery.attemptList.map((a) => a.status), [200, 500]);
  assert.equal(delivery.attemptList[1].answer, 'busy <500>');
  // Resend: the same message again (same webhook-id), recorded as a third attempt, audited.
  await data(await console_(`/deliveries/${delivery.id}/resend`, { method: 'POST' }));
  await until(() => hooks.delivered('/flaky'), (l) => l.length === 2, 20_000, 'the resent delivery');
  assert.equal(hooks.delivered('/flaky')[1].id, ok.id);
  assert.ok((await data(await api('/admin/audit?action=webhooks.delivery.resend', as(ownerToken)))).items.some((e) => e.objectId === delivery.id));
  hooks.answer = () => 200;
});

test('no request to 127.0.0.1 or 169.254.169.254 without the dev allowance', async () => {
  const local = await addEndpoint('/private', { events: ['customer.created'], allowPrivate: false });
  const metadata = await addEndpoint('http://169.254.169.254/latest/meta-data/', { events: ['customer.created'], allowPrivate: false });
  await newUser(owner, 'aurora');
  for (const { endpoint } of [local, metadata]) {
    const [d] = await eventually(() => deliveriesOf(endpoint.id), (l) => l[0]?.attemptList.length >= 1, 20_000, `an attempt to ${endpoint.url}`);
    assert.equal(d.status, 'pending', 'kept for a retry');
    assert.equal(d.attemptList[0].status, 0);
    assert.match(d.attemptList[0].error, /is not a public address/);
  }
  assert.equal(hooks.received.filter((r) => r.path === '/private').length, 0, 'nothing reached the private endpoint');
  for (const { endpoint } of [local, metadata]) await data(await console_(`/endpoints/${endpoint.id}`, { method: 'DELETE' }));
});

test('a change that rolls back is never delivered', async () => {
  const { endpoint } = await addEndpoint('/articles', { events: ['article.published', 'article.unpublished'] });
  const editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  const article = (id) => api(`/admin/catalog/articles/${id}`, as(editor)).then((r) => data(r));
  // The unpublish's own audit entry fails: its transaction (the article, the audit entry, the outbox) rolls back.
  const pg = /^postgres/.test(owner.database);
  sql(pg
    ? "CREATE FUNCTION refuse_unpublish() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 'catalog.unpublish' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$; CREATE TRIGGER refuse_unpublish BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_unpublish()"
    : "CREATE TRIGGER refuse_unpublish BEFORE INSERT ON audit_log WHEN NEW.action = 'catalog.unpublish' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
  const { version } = await article(2104);
  const refused = await api('/admin/catalog/articles/2104/unpublish', as(editor, json({ version })));
  assert.equal(refused.status, 500);
  sql(pg ? 'DROP TRIGGER refuse_unpublish ON audit_log; DROP FUNCTION refuse_unpublish()' : 'DROP TRIGGER refuse_unpublish');
  assert.equal((await article(2104)).state, 'published', 'the change rolled back');
  assert.equal(Number(sql("SELECT count(*) FROM webhook_messages WHERE event_type = 'article.unpublished'")), 0);
  // The same change committed: its event is delivered.
  await data(await api('/admin/catalog/articles/2104/unpublish', as(editor, json({ version }))));
  const [d] = await until(() => hooks.delivered('/articles'), (l) => l.length === 1, 20_000, 'the committed change');
  assert.deepEqual(JSON.parse(d.body).data, { id: '2104', kind: JSON.parse(d.body).data.kind });
  assert.equal(JSON.parse(d.body).type, 'article.unpublished');
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(hooks.delivered('/articles').length, 1, 'only the committed change');
  assert.equal((await deliveriesOf(endpoint.id)).length, 1);
});

test('a catalog file that publishes an article sends article.published, once, in its transaction', async () => {
  const editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  const before = hooks.delivered('/articles').length;
  // The catalog as the import's JSON, with 2104 (unpublished by the test before) published again; nothing else moves.
  const exported = await api('/admin/catalog/export/file?format=json', as(editor));
  assert.equal(exported.status, 200);
  const file = JSON.parse(await exported.text());
  const article = file.articles.find((a) => a.id === 2104);
  assert.equal(article.published, false);
  article.published = true;
  await data(await api('/admin/catalog/import/apply', as(editor, json({ format: 'json', fileName: 'catalog.json', file: JSON.stringify(file), mode: 'all' }))));
  const got = await until(() => hooks.delivered('/articles'), (l) => l.length === before + 1, 20_000, 'the file\'s event');
  const event = JSON.parse(got.at(-1).body);
  assert.equal(event.type, 'article.published');
  assert.equal(event.data.id, '2104');
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(hooks.delivered('/articles').length, before + 1, 'only the article whose flag moved');
});

test('an instance killed with SIGKILL mid-delivery: another delivers every event, at least once', async () => {
  await deliverer.stop();
  // Only this test's endpoint is served: the earlier ones are disabled.
  for (const e of (await data(await console_('/endpoints'))).items)
    await data(await console_(`/endpoints/${e.id}`, json({ url: e.url, events: e.events, enabled: false, allowPrivate: e.allowPrivate }, {}, 'PUT')));
  const { endpoint, secret } = await addEndpoint('/kill', { events: ['customer.created'] });
  // --test-work-delay holds each claimed delivery before it is sent: the window to kill its instance in.
  doomed = await instance(['--webhook-interval', '1', '--test-work-delay', '60000']);
  for (let i = 0; i < 3; i++) await newUser(owner, 'aurora');
  const messages = sql(`SELECT message_id FROM webhook_deliveries WHERE endpoint_id = '${endpoint.id}' ORDER BY id`).split('\n');
  assert.equal(messages.length, 3);
  await until(() => Number(sql(`SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = '${endpoint.id}' AND attempts = 1 AND status = 'pending'`)),
    (n) => n >= 1, 20_000, 'a delivery claimed by the first instance');
  process.kill(doomed.pid, 'SIGKILL');
  const killed = Date.now();
  await instance(DELIVERS);
  await until(() => Number(sql(`SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = '${endpoint.id}' AND status = 'delivered'`)),
    (n) => n === 3, 45_000, 'every delivery taken over and delivered');
  const arrived = hooks.delivered('/kill');
  for (const d of arrived) assert.equal(verified(d, [secret]).type, 'customer.created');
  for (const id of messages) assert.ok(arrived.some((d) => d.id === id), `message ${id} delivered`);
  const duplicates = arrived.length - new Set(arrived.map((d) => d.id)).size;
  assert.ok(duplicates >= 0 && Date.now() - killed < 45_000, `delivered within the lease's takeover (${duplicates} duplicates)`);
});

test("an endpoint failing for a day is disabled, and the tenant's owner is told by mail", async () => {
  // One instance delivers, on an offset clock (--dev-clock) that the test moves a day on: every other is stopped.
  for (const s of started.filter((s) => s !== owner)) await s.stop().catch(() => {});
  for (const e of (await data(await console_('/endpoints'))).items)
    await data(await console_(`/endpoints/${e.id}`, json({ url: e.url, events: e.events, enabled: false, allowPrivate: e.allowPrivate }, {}, 'PUT')));
  hooks.answer = ({ path }) => (path === '/down' ? 503 : 200);
  const { endpoint } = await addEndpoint('/down', { events: ['customer.created'] });
  const clocked = await instance(['--webhook-interval', '1', '--webhook-first-retry', '1', '--dev-clock']);
  await newUser(owner, 'aurora');
  await until(() => sql(`SELECT failing_since FROM webhook_endpoints WHERE id = '${endpoint.id}'`), (v) => v !== '', 20_000, 'the first failure');
  // Failing for under a day: still enabled, retried.
  await until(() => Number(sql(`SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = '${endpoint.id}'`)),
    (n) => n >= 2, 20_000, 'a retry');
  assert.equal(sql(`SELECT enabled FROM webhook_endpoints WHERE id = '${endpoint.id}'`), '1');
  const res = await fetch(`${clocked.base}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: 25 * 3600 }) });
  assert.equal(res.status, 200);
  await until(() => sql(`SELECT enabled FROM webhook_endpoints WHERE id = '${endpoint.id}'`), (v) => v === '0', 30_000, 'disabled after a day');
  const listed = (await data(await console_('/endpoints'))).items.find((e) => e.id === endpoint.id);
  assert.equal(listed.enabled, false);
  assert.ok(listed.disabledReason, 'the console says why');
  const mails = await eventually(async () => (await (await fetch(`${owner.base}/backend/dev/outbox/aurora`, { headers: { accept: 'application/json' } })).json()).data,
    (list) => list.some((m) => m.to === 'owner@example.com' && m.body.includes(hooks.url('/down'))), 20_000, "the owner's mail");
  assert.equal(mails.filter((m) => m.to !== 'owner@example.com' && m.body.includes(hooks.url('/down'))).length, 0, 'only owners are told');
  await clocked.stop();
  hooks.answer = () => 200;
});
