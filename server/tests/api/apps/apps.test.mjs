// The apps marketplace (docs/contracts.md "Apps marketplace"; decisions.md):
// register with field errors, the client secret shown once, owner-only
// management (another user's app is 404), names unique per tenant, consent
// grant / refuse / revoke with the granted list, a paused app, deletion, and
// isolation between tenants.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data } from '../subscriptions/support.mjs';

let server, aurora, vela;
before(async () => {
  server = await startPortal();
  aurora = client(server, 'aurora');
  vela = client(server, 'vela');
});
after(async () => server && (await server.stop()));

let seq = 0;
const sample = (extra = {}) => ({
  name: `Step Counter ${process.pid}-${seq++}`,
  publisher: 'Acme Studio',
  description: 'Counts your steps and shows them next to your playlists.',
  redirectUri: 'https://acme.example/callback',
  scopes: ['history', 'profile'],
  ...extra,
});
const register = (call, token, body) => call('/apps', { method: 'POST', token, body });
const decide = (call, token, id, decision) => call(`/apps/consent/${id}`, { method: 'PUT', token, body: { decision } });

test('guests are refused every call', async () => {
  await expectError(await register(aurora, undefined, sample()), 401, 'UNAUTHORIZED');
  for (const path of ['/apps/mine', '/apps/consents', '/apps/consent/app_0123456789abcdef'])
    await expectError(await aurora(path), 401, 'UNAUTHORIZED');
});

test('register answers the app and its secret once; answers are private', async () => {
  const { token } = await newUser(server, 'aurora');
  const res = await register(aurora, token, sample({ scopes: ['purchases', 'profile', 'profile'], redirectUri: 'HTTPS://Acme.Example' }));
  assert.equal(res.status, 201);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  const issued = (await res.json()).data;
  assert.match(issued.app.id, /^app_[0-9a-f]{16}$/);
  assert.match(issued.clientSecret, /^[0-9a-f]{64}$/);
  assert.deepEqual(issued.app.scopes, ['profile', 'purchases']);
  assert.equal(issued.app.redirectUri, 'https://acme.example/');
  assert.equal(issued.app.status, 'active');
  assert.equal(issued.app.grantedCount, 0);
  const mine = await data(await aurora('/apps/mine', { token }));
  assert.deepEqual(mine.map((a) => a.id), [issued.app.id]);
  assert.equal(JSON.stringify(mine).includes(issued.clientSecret), false);
  const one = await data(await aurora(`/apps/mine/${issued.app.id}`, { token }));
  assert.equal('clientSecret' in one, false);

  const rotated = await data(await aurora(`/apps/mine/${issued.app.id}/secret`, { method: 'POST', token }));
  assert.match(rotated.clientSecret, /^[0-9a-f]{64}$/);
  assert.notEqual(rotated.clientSecret, issued.clientSecret);
});

test('bad bodies name the field', async () => {
  const { token } = await newUser(server, 'aurora');
  const cases = [
    [{ name: undefined }, 'name'],
    [{ name: 'ab' }, 'name'],
    [{ name: 'x'.repeat(61) }, 'name'],
    [{ publisher: ' ' }, 'publisher'],
    [{ description: 'too short' }, 'description'],
    [{ description: 'x'.repeat(501) }, 'description'],
    [{ redirectUri: 'http://acme.example/cb' }, 'redirectUri'],
    [{ redirectUri: 'acme.example' }, 'redirectUri'],
    [{ redirectUri: 'https://acme.example/#frag' }, 'redirectUri'],
    [{ redirectUri: 'https://user:pw@acme.example/' }, 'redirectUri'],
    [{ scopes: [] }, 'scopes'],
    [{ scopes: ['profile', 'wallet'] }, 'scopes'],
    [{ scopes: 'profile' }, 'scopes'],
  ];
  for (const [override, field] of cases) {
    const e = await expectError(await register(aurora, token, sample(override)), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, field, JSON.stringify(override));
    assert.ok(e.data.reason, field);
  }
  assert.deepEqual(await data(await aurora('/apps/mine', { token })), []);
});

test('names are unique in a tenant whatever the case, not across tenants', async () => {
  const a = await newUser(server, 'aurora');
  const b = await newUser(server, 'aurora');
  const body = sample();
  await data(await register(aurora, a.token, body), 201);
  const e = await expectError(await register(aurora, b.token, { ...body, name: body.name.toUpperCase() }), 409, 'APP_NAME_TAKEN');
  assert.equal(e.data.field, 'name');
  const v = await newUser(server, 'vela');
  await data(await register(vela, v.token, body), 201);
});

test('redirect addresses are read strictly: port, dot segments, encoded separators, controls', async () => {
  const { token } = await newUser(server, 'aurora');
  for (const redirectUri of [
    'https://probe.example:99999/',
    'https://probe.example:0/',
    'https://evil.example/..%2f',
    'https://evil.example/%2e%2e/',
    'https://evil.example/a/../b',
    'https://evil.example/a%5cb',
    'https://evil.example/a%252fb',
    'https://evil.example/cb%00',
    'https://evil.example/cb?x=%0d%0a',
    'https://acme.example:443.evil.example/',
    'https://a_b.example/',
    'https://acme.example/cb#',
  ]) {
    const e = await expectError(await register(aurora, token, sample({ redirectUri })), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, 'redirectUri', redirectUri);
    assert.ok(e.data.reason, redirectUri);
  }
  assert.deepEqual(await data(await aurora('/apps/mine', { token })), []);
  const ok = await data(await register(aurora, token, sample({ redirectUri: 'https://acme.example:8443/v1.2/cb?state=a%20b' })), 201);
  assert.equal(ok.app.redirectUri, 'https://acme.example:8443/v1.2/cb?state=a%20b');
  // An edit is read the same way.
  const edit = { ...sample({ name: ok.app.name, redirectUri: 'https://evil.example/..%2f' }), status: 'active' };
  const e = await expectError(await aurora(`/apps/mine/${ok.app.id}`, { method: 'PUT', token, body: edit }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'redirectUri');
});

test('a name that looks like another app\'s is refused; invisible characters are refused', async () => {
  const a = await newUser(server, 'aurora');
  const b = await newUser(server, 'aurora');
  const name = `Step Counter ${process.pid} look`;
  await data(await register(aurora, a.token, sample({ name })), 201);
  for (const lookalike of [
    name.replace('e', '\u0435'), // Cyrillic е
    name.replace('o', '\u043e').replace('S', '\u0405'), // Cyrillic о and Ѕ
    name.replace('l', 'I'), // upper-case I for l
    name.toUpperCase().replace('P', '\u0420'), // another case with a Cyrillic Р
  ]) {
    const e = await expectError(await register(aurora, b.token, sample({ name: lookalike })), 409, 'APP_NAME_CONFUSABLE');
    assert.equal(e.data.field, 'name', lookalike);
  }
  for (const hidden of [name.replace(' ', ' \u200b'), `${name}\u200b`, name.replace(' ', '\u202e'), name.replace('o', 'o\u034f')]) {
    const e = await expectError(await register(aurora, b.token, sample({ name: hidden })), 400, 'APP_NAME_INVISIBLE_CHARACTERS');
    assert.equal(e.data.field, 'name', JSON.stringify(hidden));
  }
  assert.deepEqual(await data(await aurora('/apps/mine', { token: b.token })), []);
  // Renaming another app into a look-alike is refused too; another tenant may use the name.
  const { app } = await data(await register(aurora, b.token, sample()), 201);
  const rename = { ...sample({ name: name.replace('e', '\u0435') }), status: 'active' };
  await expectError(await aurora(`/apps/mine/${app.id}`, { method: 'PUT', token: b.token, body: rename }), 409, 'APP_NAME_CONFUSABLE');
  const v = await newUser(server, 'vela');
  await data(await register(vela, v.token, sample({ name: name.replace('e', '\u0435') })), 201);
});

test('look-alike names registered at once: the database keeps one', async () => {
  const users = await Promise.all([0, 1, 2, 3, 4, 5].map(() => newUser(server, 'aurora')));
  const name = `Race Counter ${process.pid}`;
  const names = [name, name.replace('a', '\u0430'), name.replace('e', '\u0435'), name.replace('o', '\u043e'), name.replace('C', '\u0421'), name.replace('c', '\u0441')];
  const answers = await Promise.all(users.map((u, i) => register(aurora, u.token, sample({ name: names[i] }))));
  const statuses = answers.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
  for (const r of answers) if (r.status !== 201) assert.match((await r.json()).error, /^APP_NAME_(CONFUSABLE|TAKEN)$/);
});

test('only the owner reads, edits, rotates and deletes an app', async () => {
  const owner = await newUser(server, 'aurora');
  const other = await newUser(server, 'aurora');
  const { app } = await data(await register(aurora, owner.token, sample()), 201);
  const update = { ...sample({ name: `Renamed ${app.id}` }), status: 'paused' };
  await expectError(await aurora(`/apps/mine/${app.id}`, { token: other.token }), 404, 'APP_NOT_FOUND');
  await expectError(await aurora(`/apps/mine/${app.id}`, { method: 'PUT', token: other.token, body: update }), 404, 'APP_NOT_FOUND');
  await expectError(await aurora(`/apps/mine/${app.id}/secret`, { method: 'POST', token: other.token }), 404, 'APP_NOT_FOUND');
  await expectError(await aurora(`/apps/mine/${app.id}`, { method: 'DELETE', token: other.token }), 404, 'APP_NOT_FOUND');
  await expectError(await aurora('/apps/mine/not-an-id', { token: owner.token }), 404, 'APP_NOT_FOUND');
  assert.deepEqual(await data(await aurora('/apps/mine', { token: other.token })), []);
  assert.equal((await data(await aurora(`/apps/mine/${app.id}`, { token: owner.token }))).name, app.name);

  const e = await expectError(await aurora(`/apps/mine/${app.id}`, { method: 'PUT', token: owner.token, body: { ...update, status: 'gone' } }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'status');
  const updated = await data(await aurora(`/apps/mine/${app.id}`, { method: 'PUT', token: owner.token, body: update }));
  assert.equal(updated.name, update.name);
  assert.equal(updated.status, 'paused');
  assert.deepEqual(await data(await aurora(`/apps/mine/${app.id}`, { method: 'DELETE', token: owner.token })), { id: app.id, deleted: true });
  await expectError(await aurora(`/apps/mine/${app.id}`, { token: owner.token }), 404, 'APP_NOT_FOUND');
});

test('a user grants, refuses and revokes; the owner sees the count', async () => {
  const owner = await newUser(server, 'aurora');
  const user = await newUser(server, 'aurora');
  const { app } = await data(await register(aurora, owner.token, sample()), 201);

  const before = await data(await aurora(`/apps/consent/${app.id}`, { token: user.token }));
  assert.equal(before.decision, null);
  assert.equal(before.app.name, app.name);
  assert.equal(before.app.redirectHost, 'acme.example');
  assert.deepEqual(before.app.scopes, ['profile', 'history']);
  assert.equal(before.app.redirectUri, 'https://acme.example/callback');
  assert.equal('clientSecret' in before.app, false);

  const e = await expectError(await decide(aurora, user.token, app.id, 'maybe'), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'decision');
  const refused = await data(await decide(aurora, user.token, app.id, 'refused'));
  assert.equal(refused.decision, 'refused');
  assert.deepEqual(refused.scopes, []);
  assert.deepEqual(await data(await aurora('/apps/consents', { token: user.token })), []);
  await expectError(await aurora(`/apps/consent/${app.id}`, { method: 'DELETE', token: user.token }), 404, 'CONSENT_NOT_FOUND');

  const granted = await data(await decide(aurora, user.token, app.id, 'granted'));
  assert.equal(granted.decision, 'granted');
  assert.equal(granted.current, true);
  assert.deepEqual(granted.scopes, ['profile', 'history']);
  const list = await data(await aurora('/apps/consents', { token: user.token }));
  assert.deepEqual(list.map((c) => c.app.id), [app.id]);
  assert.equal((await data(await aurora(`/apps/mine/${app.id}`, { token: owner.token }))).grantedCount, 1);
  assert.deepEqual(await data(await aurora('/apps/consents', { token: owner.token })), []);

  const revoked = await data(await aurora(`/apps/consent/${app.id}`, { method: 'DELETE', token: user.token }));
  assert.equal(revoked.decision, 'revoked');
  assert.deepEqual(await data(await aurora('/apps/consents', { token: user.token })), []);
  assert.equal((await data(await aurora(`/apps/mine/${app.id}`, { token: owner.token }))).grantedCount, 0);
  await expectError(await aurora(`/apps/consent/${app.id}`, { method: 'DELETE', token: user.token }), 404, 'CONSENT_NOT_FOUND');
});

test('a paused app takes no grants; a deleted one leaves no consents', async () => {
  const owner = await newUser(server, 'aurora');
  const user = await newUser(server, 'aurora');
  const body = sample();
  const { app } = await data(await register(aurora, owner.token, body), 201);
  await data(await decide(aurora, user.token, app.id, 'granted'));
  await data(await aurora(`/apps/mine/${app.id}`, { method: 'PUT', token: owner.token, body: { ...body, status: 'paused' } }));
  const late = await newUser(server, 'aurora');
  await expectError(await decide(aurora, late.token, app.id, 'granted'), 409, 'APP_PAUSED');
  assert.equal((await data(await decide(aurora, late.token, app.id, 'refused'))).decision, 'refused');
  assert.equal((await data(await aurora('/apps/consents', { token: user.token })))[0].app.status, 'paused');
  await data(await aurora(`/apps/mine/${app.id}`, { method: 'DELETE', token: owner.token }));
  assert.deepEqual(await data(await aurora('/apps/consents', { token: user.token })), []);
  await expectError(await aurora(`/apps/consent/${app.id}`, { token: user.token }), 404, 'APP_NOT_FOUND');
});

test('an app of one tenant does not exist in another', async () => {
  const owner = await newUser(server, 'aurora');
  const { app } = await data(await register(aurora, owner.token, sample()), 201);
  const v = await newUser(server, 'vela');
  await expectError(await vela(`/apps/consent/${app.id}`, { token: v.token }), 404, 'APP_NOT_FOUND');
  await expectError(await decide(vela, v.token, app.id, 'granted'), 404, 'APP_NOT_FOUND');
  await expectError(await vela(`/apps/mine/${app.id}`, { token: v.token }), 404, 'APP_NOT_FOUND');
  // The owner's token does not carry over to the other tenant.
  await expectError(await vela('/apps/mine', { token: owner.token }), 401, 'UNAUTHORIZED');
});

test('the demo subscriber grants a demo account\'s app', async () => {
  const subscriber = await aurora.login();
  const guest = await aurora.login('guest@example.com');
  const { app } = await data(await register(aurora, guest, sample()), 201);
  assert.equal((await data(await decide(aurora, subscriber, app.id, 'granted'))).decision, 'granted');
  assert.ok((await data(await aurora('/apps/consents', { token: subscriber }))).some((c) => c.app.id === app.id));
});

test('the database decides under concurrency: one name, one consent row', async () => {
  const users = await Promise.all([0, 1, 2, 3, 4, 5].map(() => newUser(server, 'aurora')));
  const body = sample();
  const answers = await Promise.all(users.map((u) => register(aurora, u.token, body)));
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409]);
  for (const r of answers) if (r.status === 409) assert.equal((await r.json()).error, 'APP_NAME_TAKEN');

  const created = answers.find((r) => r.status === 201);
  const { app } = (await created.json()).data;
  const user = users[0];
  const decisions = await Promise.all(Array.from({ length: 12 }, (_, i) => decide(aurora, user.token, app.id, i % 2 ? 'refused' : 'granted')));
  assert.ok(decisions.every((r) => r.status === 200));
  const final = await data(await aurora(`/apps/consent/${app.id}`, { token: user.token }));
  const granted = await data(await aurora('/apps/consents', { token: user.token }));
  assert.equal(granted.length, final.decision === 'granted' ? 1 : 0);
});
