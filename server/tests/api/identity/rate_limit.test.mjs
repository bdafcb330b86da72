// Failed sign-ins are throttled per account and address (after 5 failures a
// delay of 30 s that doubles with each further one), per client address (20
// in 15 minutes) and per account from everywhere (100): 429
// TOO_MANY_ATTEMPTS with Retry-After, also for the right password, and the
// same for known and unknown e-mails. The owner's browser (a device cookie
// from an earlier sign-in) passes the account's limits; a device cookie that
// fails 5 times does not. security.test.mjs shows that another address is not
// locked out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { PASSWORD, SUBSCRIBER, hostedUrl, json, openForm, postForm, setCookies } from './flow.mjs';

let server;
before(async () => {
  // 127.0.0.1 is a trusted proxy here, so X-Forwarded-For can play many client addresses.
  server = await startPortal(['--trusted-proxy', '127.0.0.1']);
});
after(async () => server && (await server.stop()));

test('per account and address: the sixth attempt waits, even with the right password', async () => {
  const api = backend(server, 'aurora');
  for (const email of [SUBSCRIBER, 'nobody@example.com']) {
    for (let i = 0; i < 5; i++)
      await expectError(await api('/login/api', json({ email, password: `wrong-${i}-password` })), 400, 'INVALID_CREDENTIALS');
    const res = await api('/login/api', json({ email, password: PASSWORD }));
    const body = await expectError(res, 429, 'TOO_MANY_ATTEMPTS');
    const retry = Number(res.headers.get('retry-after'));
    assert.ok(retry > 0 && retry <= 31, `Retry-After ${retry}`);
    assert.equal(body.data.retryAfter, retry);
  }
  // The account is throttled in this tenant only.
  const vela = backend(server, 'vela');
  assert.equal((await vela('/login/api', json({ email: SUBSCRIBER, password: PASSWORD }))).status, 200);
});

test('the hosted page shows the limit translated, with the 429 status and Retry-After', async () => {
  const url = hostedUrl(server, 'login', 'aurora', { lang: 'de', redirectUrl: `http://localhost:${server.port}/` });
  const form = await openForm(url);
  const res = await postForm(url, form, { email: SUBSCRIBER, password: PASSWORD });
  assert.equal(res.status, 429);
  assert.ok(Number(res.headers.get('retry-after')) > 0);
  assert.match(await res.text(), /Zu viele Fehlversuche/);
});

test('per address: twenty failures with any e-mails block the address', async () => {
  const api = backend(server, 'noor');
  let blocked = null;
  for (let i = 0; i < 25 && !blocked; i++) {
    const res = await api('/login/api', json({ email: `user${i}@example.com`, password: 'wrong-password' }));
    if (res.status === 429) blocked = { i, res };
    else assert.equal(res.status, 400);
  }
  assert.ok(blocked, 'the address got blocked');
  assert.equal(blocked.i, 20);
  assert.ok(Number(blocked.res.headers.get('retry-after')) > 0);
  await expectError(await api('/login/api', json({ email: 'guest@example.com', password: PASSWORD })), 429, 'TOO_MANY_ATTEMPTS');
});

const from = (address, headers = {}) => ({ ...headers, 'X-Forwarded-For': address });

test("the owner's browser passes the account ceiling 25 attacking addresses reached; unknown browsers meet it", async () => {
  const api = backend(server, 'vela');
  const owner = 'player@example.com';
  const url = hostedUrl(server, 'login', 'vela', { redirectUrl: `http://vela.localhost:${server.port}/` });
  // The owner signs in on the hosted form at home: the answer sets the device cookie, for the sign-in calls only.
  const home = await openForm(url, from('198.51.100.1'));
  const signedIn = await postForm(url, home, { email: owner, password: PASSWORD }, from('198.51.100.1'));
  assert.equal(signedIn.status, 302);
  const line = signedIn.headers.getSetCookie().find((c) => c.startsWith('portal_device='));
  assert.match(line, /HttpOnly/i);
  assert.match(line, /SameSite=Strict/i);
  assert.match(line, /Path=\/backend\/login(;|$)/i);
  let device = `portal_device=${setCookies(signedIn).portal_device}`;

  // 5 wrong passwords from each of 25 addresses: 125 failures, past the account's ceiling of 100.
  await Promise.all(Array.from({ length: 25 }, async (_, a) => {
    for (let i = 0; i < 5; i++) {
      const res = await api('/login/api', json({ email: owner, password: `wrong-${i}-password` }, from(`203.0.113.${a + 1}`)));
      assert.ok([400, 429].includes(res.status), `attacker got ${res.status}`);
    }
  }));

  // An unknown browser, even with the right password and a fresh address, meets the ceiling: the JSON call and the form.
  const blocked = await api('/login/api', json({ email: owner, password: PASSWORD }, from('198.51.100.2')));
  await expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
  const strangerForm = await openForm(url, from('198.51.100.2'));
  assert.equal((await postForm(url, strangerForm, { email: owner, password: PASSWORD }, from('198.51.100.2'))).status, 429);

  // The owner's browser signs in on the hosted form and the JSON call, from wherever it is.
  const form = await openForm(url, from('198.51.100.3'));
  const again = await postForm(url, form, { email: owner, password: PASSWORD }, from('198.51.100.3', { cookie: `${form.cookie}; ${device}` }));
  assert.equal(again.status, 302, 'the owner is not locked out');
  device = `portal_device=${setCookies(again).portal_device}`;
  const viaApi = await api('/login/api', json({ email: owner, password: PASSWORD }, from('203.0.113.1', { cookie: device })));
  assert.equal(viaApi.status, 200);
  device = `portal_device=${setCookies(viaApi).portal_device}`;

  // Another account's sign-in on this browser keeps the owner's entry.
  const other = await api('/login/api', json({ email: 'guest@example.com', password: PASSWORD }, from('198.51.100.3', { cookie: device })));
  assert.equal(other.status, 200);
  device = `portal_device=${setCookies(other).portal_device}`;
  assert.equal((await api('/login/api', json({ email: owner, password: PASSWORD }, from('198.51.100.4', { cookie: device })))).status, 200);

  // A made-up cookie is an unknown browser.
  const forged = `portal_device=${'a'.repeat(32)}.${'b'.repeat(64)}`;
  await expectError(await api('/login/api', json({ email: owner, password: PASSWORD }, from('198.51.100.5', { cookie: forged }))), 429, 'TOO_MANY_ATTEMPTS');
});

test('a device cookie that fails 5 times is trusted no more', async () => {
  const api = backend(server, 'noor');
  const owner = 'player@example.com';
  const first = await api('/login/api', json({ email: owner, password: PASSWORD }, from('198.51.100.40')));
  assert.equal(first.status, 200);
  const device = `portal_device=${setCookies(first).portal_device}`;
  // Its failures count against it only: five of them from one address, and it is an unknown browser again.
  for (let i = 0; i < 5; i++)
    await expectError(await api('/login/api', json({ email: owner, password: `guess-${i}-password` }, from('198.51.100.41', { cookie: device }))), 400, 'INVALID_CREDENTIALS');
  // Those were the cookie's failures, not the address's: another browser there signs in.
  assert.equal((await api('/login/api', json({ email: owner, password: PASSWORD }, from('198.51.100.41')))).status, 200);
  // The cookie alone: 25 addresses reach the ceiling, and the failing cookie no longer passes it.
  await Promise.all(Array.from({ length: 25 }, async (_, a) => {
    for (let i = 0; i < 5; i++) await api('/login/api', json({ email: owner, password: 'wrong-password' }, from(`192.0.2.${a + 1}`)));
  }));
  await expectError(await api('/login/api', json({ email: owner, password: PASSWORD }, from('198.51.100.42', { cookie: device }))), 429, 'TOO_MANY_ATTEMPTS');
});
