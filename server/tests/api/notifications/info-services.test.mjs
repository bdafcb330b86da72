// Info services (commerce §7; docs/decisions.md "Info services"): the demo
// services of every tenant with today's lines in the asked language, subscribe
// and unsubscribe (idempotent), the caller's subscriptions and daily-abo,
// bad bodies, and isolation between users and tenants.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data } from '../subscriptions/support.mjs';

let server, aurora, noor;
before(async () => {
  server = await startPortal();
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => server && (await server.stop()));

const subscribe = (call, token, body) => call('/info-service/subscribe', { method: 'POST', token, body });
const today = new Date().toISOString().slice(0, 10);

test('daily: every demo service with today\'s lines, in the asked language, for guests too', async () => {
  const en = await data(await aurora('/info-service/daily?lang=en'));
  assert.deepEqual(en.map((s) => s.name), ['daily-horoscope', 'football-results', 'quote-of-the-day']);
  for (const s of en) {
    assert.equal(s.date, today);
    assert.ok(s.lines.length >= 1, s.name);
    assert.equal(s.subscribed, false);
  }
  assert.equal(en[0].title, 'Daily horoscope');
  assert.equal(en[1].kind, 'results');
  assert.equal(en[1].lines.length, 4);
  assert.match(en[1].lines[0], /^.+ \d – \d .+$/);
  const ar = await data(await aurora('/info-service/daily?lang=ar'));
  assert.equal(ar[0].title, 'برج اليوم');
  assert.match(ar[2].lines[0], /[\u0600-\u06ff]/);
  // Results are the same for every language and caller.
  assert.deepEqual(ar[1].lines, en[1].lines);
  const noorDaily = await data(await noor('/info-service/daily'));
  assert.equal(noorDaily.length, 3);
  assert.equal(noorDaily[0].title, 'برج اليوم');  // noor speaks Arabic by default
});

test('subscribe, list, daily-abo, unsubscribe; each idempotent', async () => {
  await expectError(await subscribe(aurora, undefined, { serviceId: 1 }), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/info-service/subscriptions'), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/info-service/daily-abo'), 401, 'UNAUTHORIZED');
  const { token } = await newUser(server, 'aurora');
  assert.deepEqual(await data(await aurora('/info-service/subscriptions', { token })), []);
  assert.deepEqual(await data(await aurora('/info-service/daily-abo', { token })), []);

  assert.deepEqual(await data(await subscribe(aurora, token, { serviceId: 3, subscribe: true })), { serviceId: 3, subscribed: true });
  assert.deepEqual(await data(await subscribe(aurora, token, { serviceId: '3' })), { serviceId: 3, subscribed: true });
  assert.deepEqual(await data(await subscribe(aurora, token, { serviceId: 2 })), { serviceId: 2, subscribed: true });
  const mine = await data(await aurora('/info-service/subscriptions?lang=de', { token }));
  assert.deepEqual(mine.map((s) => s.serviceId), [2, 3]);
  assert.equal(mine[1].title, 'Spruch des Tages');
  assert.match(mine[0].subscribedAt, /^\d{4}-\d\d-\d\dT/);
  const abo = await data(await aurora('/info-service/daily-abo?lang=en', { token }));
  assert.deepEqual(abo.map((s) => s.name), ['football-results', 'quote-of-the-day']);
  assert.ok(abo.every((s) => s.subscribed && s.lines.length > 0));
  const daily = await data(await aurora('/info-service/daily', { token }));
  assert.deepEqual(daily.map((s) => s.subscribed), [false, true, true]);

  assert.deepEqual(await data(await subscribe(aurora, token, { serviceId: 3, subscribe: false })), { serviceId: 3, subscribed: false });
  assert.deepEqual(await data(await subscribe(aurora, token, { serviceId: 3, subscribe: false })), { serviceId: 3, subscribed: false });
  assert.deepEqual((await data(await aurora('/info-service/subscriptions', { token }))).map((s) => s.serviceId), [2]);
});

test('bad bodies name the field; unknown services are 404', async () => {
  const { token } = await newUser(server, 'aurora');
  for (const [body, field] of [[{}, 'serviceId'], [{ serviceId: 0 }, 'serviceId'], [{ serviceId: 'x' }, 'serviceId'],
    [{ serviceId: 1, subscribe: 'yes' }, 'subscribe']]) {
    const e = await expectError(await subscribe(aurora, token, body), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, field, JSON.stringify(body));
  }
  await expectError(await subscribe(aurora, token, { serviceId: 99 }), 404, 'INFO_SERVICE_NOT_FOUND');
});

test('subscriptions belong to one user of one tenant', async () => {
  const a = await newUser(server, 'aurora');
  const b = await newUser(server, 'aurora');
  const n = await newUser(server, 'noor');
  await data(await subscribe(aurora, a.token, { serviceId: 1 }));
  assert.deepEqual(await data(await aurora('/info-service/subscriptions', { token: b.token })), []);
  assert.deepEqual(await data(await noor('/info-service/subscriptions', { token: n.token })), []);
  // An aurora token is not a noor user.
  await expectError(await noor('/info-service/subscriptions', { token: a.token }), 401, 'UNAUTHORIZED');
});

test('every info service card of the apps marketplace opens a service that exists (issue 30)', async () => {
  const page = await data(await aurora('/catalog/articles?contentType=info_service&limit=50&lang=en'));
  const names = (await data(await aurora('/info-service/daily?lang=en'))).map((s) => s.name);
  assert.ok(page.entries.length >= 1);
  for (const article of page.entries) {
    const match = /^\/partners\/info-services\/([^/]+)$/.exec(article.href);
    assert.ok(match, article.href);
    assert.ok(names.includes(match[1]), `${article.title} links to ${article.href}, no such service`);
  }
});
