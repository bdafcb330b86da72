// Failed sign-ins are throttled per account and address (after 5 failures a
// delay of 30 s that doubles with each further one), per client address (20
// in 15 minutes) and per account from everywhere (100): 429
// TOO_MANY_ATTEMPTS with Retry-After, also for the right password, and the
// same for known and unknown e-mails. security.test.mjs shows that another
// address is not locked out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { PASSWORD, SUBSCRIBER, hostedUrl, json, openForm, postForm } from './flow.mjs';

let server;
before(async () => {
  server = await startPortal();
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
