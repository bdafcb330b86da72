// The hosted sign-in: page, form, 302 with a one-time code, code exchange;
// single use, unknown and mismatched codes, open-redirect attempts, Arabic
// pages, registration by mailed link, CSRF, partner login and operator auto-login.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import {
  GUEST, PASSWORD, SUBSCRIBER, bearer, followConfirmation, hostedSignIn, hostedUrl, json, mailedLink, openForm, outboxMails,
  postForm, registerAndConfirm, setCookies, withoutCode, withoutNonces,
} from './flow.mjs';

let server;
let api;
let portal; // an allowed portal origin of aurora (its host on the server's port)
before(async () => {
  server = await startPortal();
  api = backend(server, 'aurora');
  portal = `http://localhost:${server.port}`;
});
after(async () => server && (await server.stop()));

test('full code flow: hosted page, form, 302 with code, token, profile', async () => {
  const page = await openForm(hostedUrl(server, 'login', 'aurora', { lang: 'en', redirectUrl: `${portal}/music` }));
  assert.equal(page.res.status, 200);
  assert.match(page.res.headers.get('content-type'), /text\/html/);
  assert.match(page.html, /<html lang="en" dir="ltr" data-theme="light">/);
  assert.match(page.html, /<style id="tenant-colors" nonce="[0-9a-f]{32}">:root\{--color-primary:/);
  assert.match(page.html, /<label for="email">/);
  assert.match(page.html, /autocomplete="current-password"/);
  assert.match(page.html, /href="\/backend\/register\/aurora\?/);
  assert.match(page.html, /href="\/backend\/password\/forgot\/aurora\?/);

  const location = await hostedSignIn(server, 'aurora', `${portal}/music`);
  assert.equal(location.origin + location.pathname, `${portal}/music`);
  const code = location.searchParams.get('code');
  assert.match(code, /^[0-9a-f]{64}$/);

  const res = await api('/security/token', json({ code, redirectUrl: withoutCode(location) }));
  assert.equal(res.status, 200);
  const { data: token } = await res.json();
  assert.equal(typeof token.access_token, 'string');
  assert.equal(typeof token.refresh_token, 'string');
  assert.notEqual(token.access_token, token.refresh_token);
  const lifetime = token.expires - Date.now();
  assert.ok(lifetime > 14 * 60_000 && lifetime <= 15 * 60_000 + 5_000, `access token lives 15 minutes (${lifetime} ms)`);

  const profile = await api('/user/profile', bearer(token.access_token));
  assert.equal(profile.status, 200);
  const { data: user } = await profile.json();
  assert.equal(user.email, SUBSCRIBER);
  assert.deepEqual(user.roles, ['user']);
  assert.match(user.uuid, /^[0-9a-f-]{36}$/);
  assert.equal(typeof user.userId, 'string');
  assert.equal(typeof user.userInformation, 'object');
});

test('return URLs keep their query parameters', async () => {
  const target = `${portal}/music/tracks?articleId=42&purchaseType=single&typeID=7&subTypeId=9`;
  const location = await hostedSignIn(server, 'aurora', target);
  for (const [k, v] of Object.entries({ articleId: '42', purchaseType: 'single', typeID: '7', subTypeId: '9' }))
    assert.equal(location.searchParams.get(k), v);
  const res = await api('/security/token', json({ code: location.searchParams.get('code'), redirectUrl: withoutCode(location) }));
  assert.equal(res.status, 200);
});

test('a code works once, even when two exchanges race', async () => {
  const location = await hostedSignIn(server, 'aurora', `${portal}/`);
  const body = json({ code: location.searchParams.get('code'), redirectUrl: withoutCode(location) });
  const answers = await Promise.all([api('/security/token', body), api('/security/token', body), api('/security/token', body)]);
  assert.deepEqual(answers.map((r) => r.status).sort(), [200, 400, 400]);
  const again = await api('/security/token', body);
  await expectError(again, 400, 'INVALID_CODE');
});

test('unknown codes, missing fields and codes of another redirect or tenant are refused', async () => {
  await expectError(await api('/security/token', json({ code: 'f'.repeat(64), redirectUrl: `${portal}/` })), 400, 'INVALID_CODE');
  const missing = await expectError(await api('/security/token', json({ redirectUrl: `${portal}/` })), 400, 'VALIDATION_ERROR');
  assert.equal(missing.data.field, 'code');

  const location = await hostedSignIn(server, 'aurora', `${portal}/music`);
  const code = location.searchParams.get('code');
  await expectError(await api('/security/token', json({ code, redirectUrl: `${portal}/video` })), 400, 'INVALID_CODE');
  // The wrong attempt spent it.
  await expectError(await api('/security/token', json({ code, redirectUrl: withoutCode(location) })), 400, 'INVALID_CODE');

  const other = await hostedSignIn(server, 'aurora', `${portal}/`);
  const vela = backend(server, 'vela');
  await expectError(
    await vela('/security/token', json({ code: other.searchParams.get('code'), redirectUrl: withoutCode(other) })),
    400,
    'INVALID_CODE',
  );
});

test('open-redirect attempts are rejected with a translated page', async () => {
  const attempts = [
    'https://evil.example/steal',
    '//evil.example/x',
    'javascript:alert(1)',
    `http://user@localhost:${server.port}/`,
    'http://vela.localhost:8080/', // another tenant's host
    'http://aurora.localhost:1234/x', // a host of the tenant, but a port this server does not listen on
    'http://localhost.evil.example/',
    'data:text/html,hi',
    '/relative/path',
  ];
  for (const redirectUrl of attempts) {
    for (const kind of ['login', 'register', 'password/forgot']) {
      const res = await fetch(hostedUrl(server, kind, 'aurora', { lang: 'fr', redirectUrl }), { redirect: 'manual' });
      assert.equal(res.status, 400, `${kind} with ${redirectUrl}`);
      const html = await res.text();
      assert.match(html, /Ce lien n&#39;est pas valide/);
    }
  }
  // Allowed: the tenant's hosts on the port this server listens on, and its listed origins.
  for (const ok of [`http://aurora.localhost:${server.port}/x`, 'http://localhost:5173/', `${portal}/profile`]) {
    const res = await fetch(hostedUrl(server, 'login', 'aurora', { redirectUrl: ok }), { redirect: 'manual' });
    assert.equal(res.status, 200, ok);
  }
  // The form post checks it too.
  const url = hostedUrl(server, 'login', 'aurora', { redirectUrl: 'https://evil.example/' });
  const res = await fetch(url, { method: 'POST', body: 'email=a%40b.c&password=x', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('location'), null);
});

test('hosted pages in Arabic are right-to-left and translated', async () => {
  for (const kind of ['login', 'register', 'password/forgot']) {
    const res = await fetch(hostedUrl(server, kind, 'noor', { lang: 'ar', redirectUrl: `http://noor.localhost:${server.port}/` }));
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<html lang="ar" dir="rtl" data-theme="dark" class="dark">/);
  }
  const login = await (await fetch(hostedUrl(server, 'login', 'noor', { lang: 'ar' }))).text();
  assert.match(login, /تسجيل الدخول/);
  // No lang: the tenant's default language.
  const vela = await (await fetch(hostedUrl(server, 'login', 'vela'))).text();
  assert.match(vela, /<html lang="de"/);
  assert.match(vela, /Anmelden/);
});

test('a wrong password re-renders the page with a translated message, and says nothing about the e-mail', async () => {
  const url = hostedUrl(server, 'login', 'aurora', { lang: 'es', redirectUrl: `${portal}/` });
  const form = await openForm(url);
  const wrong = await postForm(url, form, { email: GUEST, password: 'not-the-password' });
  assert.equal(wrong.status, 400);
  const known = await wrong.text();
  assert.match(known, /El correo electrónico o la contraseña no son correctos/);
  assert.match(known, /value="guest@example.com"/);
  assert.doesNotMatch(known, /not-the-password/);
  const unknown = await postForm(url, form, { email: 'nobody@example.com', password: 'not-the-password' });
  assert.equal(unknown.status, 400);
  assert.equal(withoutNonces((await unknown.text()).replace(/nobody@example.com/, GUEST)), withoutNonces(known));

  const api400 = await expectError(await api('/login/api', json({ email: 'nobody@example.com', password: 'x'.repeat(9) })), 400, 'INVALID_CREDENTIALS');
  const api400b = await expectError(await api('/login/api', json({ email: GUEST, password: 'x'.repeat(9) })), 400, 'INVALID_CREDENTIALS');
  assert.equal(api400.message, api400b.message);
});

test('form posts need the form token and a same-origin Origin', async () => {
  const url = hostedUrl(server, 'login', 'aurora', { redirectUrl: `${portal}/` });
  const form = await openForm(url);
  const noToken = await postForm(url, { ...form, csrf: '' }, { email: SUBSCRIBER, password: PASSWORD });
  assert.equal(noToken.status, 403);
  const noCookie = await postForm(url, { ...form, cookie: '' }, { email: SUBSCRIBER, password: PASSWORD });
  assert.equal(noCookie.status, 403);
  const crossSite = await postForm(url, form, { email: SUBSCRIBER, password: PASSWORD }, { origin: 'https://evil.example' });
  assert.equal(crossSite.status, 403);
  assert.match(await crossSite.text(), /The form has expired/);
  const ok = await postForm(url, form, { email: SUBSCRIBER, password: PASSWORD });
  assert.equal(ok.status, 302);
});

test('registration mails a link that signs the new user in; a taken e-mail gets the same page and its owner a mail', async () => {
  const redirectUrl = `${portal}/profile`;
  const url = hostedUrl(server, 'register', 'aurora', { lang: 'en', redirectUrl });
  const form = await openForm(url);
  assert.match(form.html, /autocomplete="new-password"/);
  assert.match(form.html, /autocomplete="given-name"/);

  const short = await postForm(url, form, { name: 'Rana', lastName: 'K', email: 'rana@example.com', password: 'short' });
  assert.equal(short.status, 400);
  assert.match(await short.text(), /between 8 and 128 characters/);

  const res = await postForm(url, form, { name: 'Rana', lastName: 'K', email: 'Rana@Example.com', password: 'a-good-password' });
  assert.equal(res.status, 200);
  const sent = await res.text();
  assert.match(sent, /Check your e-mail/);
  assert.match(sent, /rana@example\.com/);
  assert.doesNotMatch(sent, /<form/);
  // No account until the link is used.
  await expectError(await api('/login/api', json({ email: 'rana@example.com', password: 'a-good-password' })), 400, 'INVALID_CREDENTIALS');

  // The link is on the tenant's public origin (issue 72 item 3: the dev stage's own address on aurora's host, never
  // the Host this page was asked on); its page changes nothing until its button is pressed.
  const link = await mailedLink(server, 'aurora', 'rana@example.com', '/backend/register/confirm/aurora');
  assert.equal(link.origin, `http://localhost:${server.port}`);
  assert.equal(link.searchParams.get('lang'), 'en');
  const page = await openForm(link.toString());
  assert.match(page.html, /Create my account/);
  await expectError(await api('/login/api', json({ email: 'rana@example.com', password: 'a-good-password' })), 400, 'INVALID_CREDENTIALS');
  const done = await followConfirmation(link);
  assert.equal(done.status, 302);
  const location = new URL(done.headers.get('location'));
  assert.equal(withoutCode(location), redirectUrl);
  const token = await api('/security/token', json({ code: location.searchParams.get('code'), redirectUrl: withoutCode(location) }));
  const { data } = await token.json();
  const { data: user } = await (await api('/user/profile', bearer(data.access_token))).json();
  assert.equal(user.email, 'rana@example.com');
  assert.equal(user.name, 'Rana');
  // The link works once.
  const again = await followConfirmation(link);
  assert.equal(again.status, 400);
  assert.match(await again.text(), /unknown, has expired or was already used/);

  // A taken e-mail: the same status and page (but for the address typed), and a mail to its owner, not a second account.
  const before = (await outboxMails(server, 'aurora', SUBSCRIBER)).length;
  const fresh = await postForm(url, form, { name: 'X', lastName: 'Y', email: 'someone-new@example.com', password: 'a-good-password' });
  const taken = await postForm(url, form, { name: 'X', lastName: 'Y', email: SUBSCRIBER, password: 'a-good-password' });
  assert.equal(fresh.status, 200);
  assert.equal(taken.status, 200);
  const same = (r, email) => r.text().then((html) => withoutNonces(html).replaceAll(email, 'EMAIL'));
  assert.equal(await same(taken, SUBSCRIBER), await same(fresh, 'someone-new@example.com'));
  const mails = await outboxMails(server, 'aurora', SUBSCRIBER);
  assert.equal(mails.length, before + 1);
  assert.match(mails[0].body, /already have an account/);
  assert.match(mails[0].body, new RegExp(`http://localhost:${server.port}/backend/login/aurora\\?`), 'on the tenant\'s public origin');
  assert.doesNotMatch(mails[0].body, /register\/confirm/);
  await expectError(await api('/login/api', json({ email: SUBSCRIBER, password: 'a-good-password' })), 400, 'INVALID_CREDENTIALS');

  // Users are per tenant: the same e-mail registers in another tenant.
  const vela = await registerAndConfirm(server, 'vela', { email: 'rana@example.com', password: 'another-password',
    redirectUrl: `http://vela.localhost:${server.port}/` });
  assert.ok(vela.searchParams.get('code'));
});

test('partner login answers the hosted sign-in URL', async () => {
  const res = await api('/partner/login/vela', json({ redirectUrl: 'http://vela.localhost:8080/apps?x=1', lang: 'de', tenantName: 'vela' }));
  assert.equal(res.status, 200);
  const { data } = await res.json();
  const url = new URL(data.url);
  assert.equal(url.pathname, '/backend/login/vela');
  assert.equal(url.searchParams.get('lang'), 'de');
  assert.equal(url.searchParams.get('redirectUrl'), 'http://vela.localhost:8080/apps?x=1');
  await expectError(await api('/partner/login/vela', json({ redirectUrl: 'https://evil.example/' })), 400, 'VALIDATION_ERROR');
  await expectError(await api('/partner/login/nobody', json({ redirectUrl: `${portal}/` })), 404, 'TENANT_NOT_FOUND');
});

test('operator auto-login: the signed provider cookie signs the subscriber in at once', async () => {
  const redirectUrl = `http://noor.localhost:${server.port}/ar/music`;
  // The dev operator page plays the operator's gateway: it signs the number and goes back.
  const op = await fetch(`${server.base}/backend/operator/noor?msisdn=%2B971%2050%20000%200001&redirectUrl=${encodeURIComponent(redirectUrl)}`, { redirect: 'manual' });
  assert.equal(op.status, 302);
  assert.equal(op.headers.get('location'), redirectUrl);
  const cookie = op.headers.getSetCookie().find((c) => c.startsWith('noor_msisdn='));
  assert.match(cookie, /^noor_msisdn=v1\.971500000001\.\d+\.[\w-]+\.[0-9a-f]{64};/);
  assert.match(cookie, /HttpOnly/i);
  assert.match(op.headers.getSetCookie().find((c) => c.startsWith('noor_msisdn_hint=')), /^noor_msisdn_hint=1;/);
  const assertion = setCookies(op).noor_msisdn;

  const login = await fetch(hostedUrl(server, 'login', 'noor', { lang: 'ar', redirectUrl }), {
    redirect: 'manual',
    headers: { cookie: `noor_msisdn=${assertion}` },
  });
  assert.equal(login.status, 302);
  const location = new URL(login.headers.get('location'));
  const noor = backend(server, 'noor');
  const token = await noor('/security/token', json({ code: location.searchParams.get('code'), redirectUrl: withoutCode(location) }));
  assert.equal(token.status, 200);
  const { data } = await token.json();
  const { data: user } = await (await noor('/user/profile', bearer(data.access_token))).json();
  assert.equal(user.userInformation.msisdn, '971500000001');
  // Issue 72 item 8: the number the operator vouched for is the account's own (the client names the account by it and
  // pays the mobile bill with it); userInformation is the user's to change, this is not.
  assert.equal(user.msisdn, '971500000001');
  assert.equal(user.name, '');
  assert.equal(user.email, '');
  assert.deepEqual(user.roles, ['user']);

  // The same number is the same user next time.
  const again = await fetch(hostedUrl(server, 'login', 'noor', { redirectUrl }), { redirect: 'manual', headers: { cookie: `noor_msisdn=${assertion}` } });
  const loc2 = new URL(again.headers.get('location'));
  const { data: t2 } = await (await noor('/security/token', json({ code: loc2.searchParams.get('code'), redirectUrl: withoutCode(loc2) }))).json();
  const { data: user2 } = await (await noor('/user/profile', bearer(t2.access_token))).json();
  assert.equal(user2.uuid, user.uuid);

  // Tenants without the feature ignore such a cookie; the operator page does not exist for them.
  const aurora = await fetch(hostedUrl(server, 'login', 'aurora', { redirectUrl: `${portal}/` }), { headers: { cookie: `noor_msisdn=${assertion}` }, redirect: 'manual' });
  assert.equal(aurora.status, 200);
  await expectError(await fetch(`${server.base}/backend/operator/aurora`), 404, 'AUTO_LOGIN_DISABLED');
});

// Issue 47 item 1: noor's auto-login asks the MSS sign-up call for the operator's secure sign-in. That page used to
// set the cookie and go straight back, still signed out, so the next auto-login asked for it again.
test('the secure sign-in the MSS call names signs the subscriber in, with or without the operator cookie', async () => {
  const redirectUrl = `http://noor.localhost:${server.port}/ar`;
  const noor = backend(server, 'noor');
  const signup = await noor('/monsooq/mss-login/api/session/signup', json({ redirectionUrl: redirectUrl, lang: 'ar' }));
  // The sign-in by the operator's network (issue 75 item 4): without a CAMARA operator that recognises noor's
  // subscribers, the dev stage's operator page plays the network.
  const network = new URL((await signup.json()).data.url);
  assert.equal(network.pathname, '/backend/login/noor/network');
  const secure = new URL((await fetch(network, { redirect: 'manual' })).headers.get('location'), server.base);
  assert.equal(secure.pathname, '/backend/operator/noor');
  assert.equal(secure.searchParams.get('signIn'), '1');
  const signedInFrom = async (location, cookie) => {
    const login = await fetch(new URL(location, server.base), { redirect: 'manual', headers: { cookie } });
    assert.equal(login.status, 302);
    const back = new URL(login.headers.get('location'));
    assert.equal(withoutCode(back), redirectUrl);
    const token = await noor('/security/token', json({ code: back.searchParams.get('code'), redirectUrl: withoutCode(back) }));
    assert.equal(token.status, 200);
    const { data } = await token.json();
    return (await (await noor('/user/profile', bearer(data.access_token))).json()).data;
  };

  // Not yet recognised: the page asks for the number and carries signIn on; the number goes on to the sign-in.
  const form = await fetch(secure);
  assert.equal(form.status, 200);
  assert.match(await form.text(), /<input type="hidden" name="signIn" value="1">/);
  const recognised = new URL(secure);
  recognised.searchParams.set('msisdn', '+971 50 000 0002');
  const op = await fetch(recognised, { redirect: 'manual' });
  assert.equal(op.status, 302);
  const toLogin = new URL(op.headers.get('location'), server.base);
  assert.equal(toLogin.pathname, '/backend/login/noor');
  assert.equal(toLogin.searchParams.get('redirectUrl'), redirectUrl);
  const cookie = `noor_msisdn=${setCookies(op).noor_msisdn}`;
  const first = await signedInFrom(toLogin, cookie);
  assert.equal(first.userInformation.msisdn, '971500000002');

  // Already recognised (the cookie is there, as after the dialog's mobile option): straight on to the sign-in.
  const again = await fetch(secure, { redirect: 'manual', headers: { cookie } });
  assert.equal(again.status, 302);
  assert.equal(new URL(again.headers.get('location'), server.base).pathname, '/backend/login/noor');
  assert.equal((await signedInFrom(again.headers.get('location'), cookie)).uuid, first.uuid);

  // Without signIn the page still only sets the cookie and goes back (the operator's gateway in front of the portal).
  const gateway = await fetch(`${server.base}/backend/operator/noor?msisdn=971500000002&redirectUrl=${encodeURIComponent(redirectUrl)}`,
                              { redirect: 'manual' });
  assert.equal(gateway.headers.get('location'), redirectUrl);
});
