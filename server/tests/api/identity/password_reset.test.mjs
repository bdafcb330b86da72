// Password reset: the hosted "forgot" page mails a link to the portal's
// /resetpassword (dev outbox), POST /password/reset sets the new password
// once, and old sessions end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { GUEST, PASSWORD, bearer, hostedUrl, json, loginApi, openForm, postForm, withoutNonces } from './flow.mjs';

let server;
let api;
before(async () => {
  server = await startPortal();
  api = backend(server, 'aurora');
});
after(async () => server && (await server.stop()));

async function outbox(tenant) {
  const res = await fetch(`${server.base}/backend/dev/outbox/${tenant}`, { headers: { accept: 'application/json' } });
  assert.equal(res.status, 200);
  return (await res.json()).data;
}

test('forgot → mail in the outbox → reset → sign in with the new password', async () => {
  const old = await loginApi(api, GUEST);
  const portal = `http://localhost:${server.port}`;
  const url = hostedUrl(server, 'password/forgot', 'aurora', { lang: 'fr', redirectUrl: `${portal}/profile` });
  const form = await openForm(url);
  assert.match(form.html, /Réinitialiser le mot de passe/);

  const sent = await postForm(url, form, { email: 'Guest@Example.com' });
  assert.equal(sent.status, 200);
  const answer = await sent.text();
  assert.match(answer, /Si un compte existe pour cette adresse e-mail/);
  // An unknown e-mail gets the very same page and no mail.
  const unknown = await postForm(url, form, { email: 'nobody@example.com' });
  assert.equal(withoutNonces(await unknown.text()), withoutNonces(answer));

  const mails = await outbox('aurora');
  assert.equal(mails.length, 1);
  const [mail] = mails;
  assert.equal(mail.to, GUEST);
  assert.match(mail.subject, /Réinitialisez votre mot de passe Aurora Play/);
  const link = new URL(/(http:\/\/\S+)/.exec(mail.body)[1]);
  assert.equal(link.origin, portal);
  assert.equal(link.pathname, '/fr/resetpassword');
  const session = link.searchParams.get('session');
  assert.match(session, /^[0-9a-f]{64}$/);
  // The HTML outbox lists it with a clickable link.
  const page = await (await fetch(`${server.base}/backend/dev/outbox/aurora`)).text();
  assert.match(page, /<a href="http:\/\/localhost:\d+\/fr\/resetpassword\?session=/);

  const short = await expectError(await api('/password/reset', json({ session, password: 'short' })), 400, 'VALIDATION_ERROR');
  assert.equal(short.data.field, 'password');
  const res = await api('/password/reset', json({ session, password: 'a-brand-new-password' }));
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).data, { ok: true });
  // Single use.
  await expectError(await api('/password/reset', json({ session, password: 'yet-another-one' })), 400, 'RESET_SESSION_INVALID');
  await expectError(await api('/password/reset', json({ session: 'f'.repeat(64), password: 'yet-another-one' })), 400, 'RESET_SESSION_INVALID');

  // Sessions opened with the old password are over; the new password works, the old does not.
  await expectError(await api('/user/profile', bearer(old.access_token)), 401, 'UNAUTHORIZED');
  await expectError(await api('/login/api', json({ email: GUEST, password: PASSWORD })), 400, 'INVALID_CREDENTIALS');
  const fresh = await loginApi(api, GUEST, 'a-brand-new-password');
  assert.equal((await api('/user/profile', bearer(fresh.access_token))).status, 200);
});

test('the reset link of an English page is unprefixed, and mails stay in their tenant', async () => {
  const url = hostedUrl(server, 'password/forgot', 'vela', { lang: 'en', redirectUrl: `http://vela.localhost:${server.port}/` });
  const form = await openForm(url);
  await postForm(url, form, { email: 'subscriber@example.com' });
  const [mail] = await outbox('vela');
  assert.match(mail.body, new RegExp(`http://vela.localhost:${server.port}/resetpassword\\?session=[0-9a-f]{64}`));
  assert.ok((await outbox('aurora')).every((m) => m.id !== mail.id));
  // A vela reset session does nothing in aurora.
  const session = /session=([0-9a-f]{64})/.exec(mail.body)[1];
  await expectError(await api('/password/reset', json({ session, password: 'a-brand-new-password' })), 400, 'RESET_SESSION_INVALID');
});

test('one live reset link per account: a newer mail ends the older link', async () => {
  const url = hostedUrl(server, 'password/forgot', 'aurora', { lang: 'en', redirectUrl: `http://localhost:${server.port}/` });
  const sessions = [];
  for (let i = 0; i < 2; i++) {
    const form = await openForm(url);
    assert.equal((await postForm(url, form, { email: 'player@example.com' })).status, 200);
    // Mails of one second have no order: the new one is the session not seen yet.
    const mailed = (await outbox('aurora')).filter((m) => m.to === 'player@example.com').map((m) => /session=([0-9a-f]{64})/.exec(m.body)[1]);
    sessions.push(mailed.find((s) => !sessions.includes(s)));
  }
  assert.equal(new Set(sessions).size, 2);
  await expectError(await api('/password/reset', json({ session: sessions[0], password: 'an-older-link-password' })), 400, 'RESET_SESSION_INVALID');
  const res = await api('/password/reset', json({ session: sessions[1], password: 'the-newest-link-password' }));
  assert.equal(res.status, 200);
  assert.ok((await loginApi(api, 'player@example.com', 'the-newest-link-password')).access_token);
});

test('the dev pages exist only in the dev stage', async () => {
  const prod = await startPortal(['--stage', 'production']);
  try {
    const res = await fetch(`${prod.base}/backend/dev/outbox/aurora`);
    await expectError(res, 404, 'ROUTE_NOT_FOUND');
    await expectError(await fetch(`${prod.base}/backend/operator/noor`), 404, 'ROUTE_NOT_FOUND');
  } finally {
    await prod.stop();
  }
});
