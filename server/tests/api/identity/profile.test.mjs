// Profile, theme and language on the server, and the device call. A new
// e-mail address needs the current password and takes effect through the
// link mailed to it (dev outbox); the old address is told.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError, rawRequest } from '../support/server.mjs';
import {
  GUEST, PASSWORD, SUBSCRIBER, bearer, followConfirmation, json, loginApi, mailedLink, outboxMails, put, registerAndConfirm, setCookies, signUp,
} from './flow.mjs';

let server;
let api;
let token;
before(async () => {
  server = await startPortal();
  api = backend(server, 'aurora');
  token = (await loginApi(api, GUEST)).access_token;
});
after(async () => server && (await server.stop()));

test('profile update validates each field and names it', async () => {
  const cases = [
    [{ name: '', lastName: 'X', email: GUEST }, 'name'],
    [{ name: '   ', lastName: 'X', email: GUEST }, 'name'],
    [{ name: 'x'.repeat(65), lastName: 'X', email: GUEST }, 'name'],
    [{ name: 'Gale', lastName: 'y'.repeat(65), email: GUEST }, 'lastName'],
    [{ name: 'Gale', lastName: 'X', email: '' }, 'email'],
    [{ name: 'Gale', lastName: 'X', email: 'not-an-email' }, 'email'],
    [{ name: 'Gale', lastName: 'X', email: 'a@b' }, 'email'],
    [{ name: 'Gale', lastName: 'X', email: GUEST, userInformation: [1] }, 'userInformation'],
    [{ name: 7, lastName: 'X', email: GUEST }, 'name'],
  ];
  for (const [body, field] of cases) {
    const error = await expectError(await api('/user/profile', put(body, token)), 400, 'VALIDATION_ERROR');
    assert.equal(error.data.field, field, JSON.stringify(body));
  }
});

test('profile round trip: names and userInformation change with the token alone', async () => {
  const res = await api('/user/profile', put({ name: ' Gale ', lastName: 'Storm', email: 'Guest@Example.com', userInformation: { city: 'Cluj' } }, token));
  assert.equal(res.status, 200);
  const { data } = await res.json();
  assert.equal(data.name, 'Gale');
  assert.equal(data.email, GUEST);
  assert.equal(data.pendingEmail, null);
  assert.equal(data.msisdn, null, 'an e-mail account has no mobile number');
  assert.deepEqual(data.userInformation, { city: 'Cluj' });
  const { data: again } = await (await api('/user/profile', bearer(token))).json();
  assert.deepEqual(again, data);
  // Guests may not.
  await expectError(await api('/user/profile', put({ name: 'G', lastName: 'S', email: 'g@example.com' })), 401, 'UNAUTHORIZED');
});

test('a new e-mail needs the current password, waits for the link mailed to it, and the old address is told', async () => {
  const owner = 'owner-1@example.com';
  const { access_token: ownerToken } = await signUp(server, 'aurora', owner);
  const change = (body) => api('/user/profile', put({ name: 'Olga', lastName: 'Owner', email: 'taken-over@example.com', ...body }, ownerToken));

  // A bearer token alone (a stolen one, a child on the parent's account) does not move the account.
  const missing = await expectError(await change({}), 400, 'VALIDATION_ERROR');
  assert.equal(missing.data.field, 'currentPassword');
  const wrong = await expectError(await change({ currentPassword: 'not-the-password' }), 403, 'CURRENT_PASSWORD_WRONG');
  assert.equal(wrong.data.field, 'currentPassword');
  let { data: profile } = await (await api('/user/profile', bearer(ownerToken))).json();
  assert.equal(profile.email, owner);
  assert.equal(profile.pendingEmail, null);
  assert.equal((await outboxMails(server, 'aurora', 'taken-over@example.com')).length, 0);

  const res = await change({ currentPassword: PASSWORD });
  assert.equal(res.status, 200);
  ({ data: profile } = await res.json());
  assert.equal(profile.email, owner, 'the verified address stays until the link is used');
  assert.equal(profile.pendingEmail, 'taken-over@example.com');
  assert.equal(profile.name, 'Olga');
  // The old address is told; password resets still go there.
  // The owner's outbox also holds the registration link of the same second: the notice is the mail naming the new address.
  const notice = (await outboxMails(server, 'aurora', owner)).find((m) => m.body.includes('taken-over@example.com'));
  assert.ok(notice, 'the old address is told of the change');
  assert.match(notice.body, /\/backend\/password\/forgot\/aurora\?lang=en/);
  await expectError(await api('/login/api', json({ email: 'taken-over@example.com', password: PASSWORD })), 400, 'INVALID_CREDENTIALS');

  const link = await mailedLink(server, 'aurora', 'taken-over@example.com', '/backend/email/confirm/aurora');
  assert.equal(link.origin, `http://localhost:${server.port}`, 'the tenant\'s public origin (the dev stage\'s own address), not the Host asked');
  assert.match(link.searchParams.get('token'), /^[0-9a-f]{64}$/);
  const done = await followConfirmation(link);
  assert.equal(done.status, 200);
  assert.match(await done.text(), /now uses taken-over@example\.com/);
  ({ data: profile } = await (await api('/user/profile', bearer(ownerToken))).json());
  assert.equal(profile.email, 'taken-over@example.com');
  assert.equal(profile.pendingEmail, null);
  assert.ok((await loginApi(api, 'taken-over@example.com')).access_token, 'the new address signs in');
  // The link works once.
  assert.equal((await followConfirmation(link)).status, 400);
});

test('an e-mail change answers alike for an address another account has; that owner gets a note', async () => {
  const { access_token: t } = await signUp(server, 'aurora', 'owner-2@example.com');
  const answer = async (email) => {
    const res = await api('/user/profile', put({ name: 'O', lastName: 'T', email, currentPassword: PASSWORD }, t));
    assert.equal(res.status, 200, email);
    const { data } = await res.json();
    return { ...data, pendingEmail: data.pendingEmail === email ? 'EMAIL' : data.pendingEmail };
  };
  assert.deepEqual(await answer(SUBSCRIBER), await answer('free-address@example.com'));
  const [note] = await outboxMails(server, 'aurora', SUBSCRIBER);
  assert.match(note.body, /already belongs to your account/);
  assert.doesNotMatch(note.body, /email\/confirm/);
  // Only the newest request counts; the subscriber's address never becomes this account's.
  const { data } = await (await api('/user/profile', bearer(t))).json();
  assert.equal(data.pendingEmail, 'free-address@example.com');
  assert.equal(data.email, 'owner-2@example.com');
});

test("the confirmation link is on the tenant's configured origin, never the request's Host", async () => {
  const { access_token: t } = await signUp(server, 'aurora', 'owner-3@example.com');
  const res = await rawRequest(server, {
    path: '/backend/user/profile', method: 'PUT',
    headers: { Host: 'evil.example', 'content-type': 'application/json', 'X-Tenant-ID': 'aurora', authorization: `Bearer ${t}` },
    body: JSON.stringify({ name: 'O', lastName: 'T', email: 'owner-3-new@example.com', currentPassword: PASSWORD }),
  });
  assert.equal(res.status, 200, res.body);
  const [mail] = await outboxMails(server, 'aurora', 'owner-3-new@example.com');
  assert.doesNotMatch(mail.body, /evil\.example/);
  assert.match(mail.body, /http:\/\/(aurora\.)?localhost(:\d+)?\/backend\/email\/confirm\/aurora\?lang=\w+&token=[0-9a-f]{64}/);
});

test('theme choice round trip', async () => {
  const before = await (await api('/user/checkUserTheme', bearer(token))).json();
  assert.deepEqual(before.data, { alternatTheme: null });
  for (const value of [true, false, true]) {
    const res = await api('/user/selectUserTheme', put({ alternatTheme: value }, token));
    assert.deepEqual((await res.json()).data, { alternatTheme: value });
    assert.deepEqual((await (await api('/user/checkUserTheme', bearer(token))).json()).data, { alternatTheme: value });
  }
  await expectError(await api('/user/selectUserTheme', put({ alternatTheme: 'yes' }, token)), 400, 'VALIDATION_ERROR');
  await expectError(await api('/user/checkUserTheme'), 401, 'UNAUTHORIZED');
});

test('an account registered in Arabic is an Arabic account: its language is the one it registered in (issue 73 item 3)', async () => {
  const email = `arabic-${Date.now()}@example.com`;
  await registerAndConfirm(server, 'aurora', { email, lang: 'ar', redirectUrl: `${server.base}/ar` });
  const arabic = (await loginApi(api, email, PASSWORD)).access_token;
  assert.deepEqual((await (await api('/user/checkUserLang', bearer(arabic))).json()).data, { selectedLang: 'ar' });
});

test('language choice round trip, only the six languages', async () => {
  assert.deepEqual((await (await api('/user/checkUserLang', bearer(token))).json()).data, { selectedLang: null });
  for (const lang of ['ar', 'fr', 'de', 'es', 'ro', 'en']) {
    const res = await api('/user/selectUserLang', put({ selectedLang: lang }, token));
    assert.deepEqual((await res.json()).data, { selectedLang: lang });
    assert.deepEqual((await (await api('/user/checkUserLang', bearer(token))).json()).data, { selectedLang: lang });
  }
  for (const bad of ['it', 'EN', '', 'ar-SA']) {
    const error = await expectError(await api('/user/selectUserLang', put({ selectedLang: bad }, token)), 400, 'VALIDATION_ERROR');
    assert.equal(error.data.field, 'selectedLang');
  }
});

const AGENTS = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    { desktop: true, tablet: false, modernPhone: false, operatingSystem: 'Windows' }],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    { desktop: true, tablet: false, modernPhone: false, operatingSystem: 'macOS' }],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    { desktop: true, tablet: false, modernPhone: false, operatingSystem: 'Linux' }],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    { desktop: false, tablet: false, modernPhone: true, operatingSystem: 'iOS' }],
  ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    { desktop: false, tablet: true, modernPhone: false, operatingSystem: 'iOS' }],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    { desktop: false, tablet: false, modernPhone: true, operatingSystem: 'Android' }],
  ['Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    { desktop: false, tablet: true, modernPhone: false, operatingSystem: 'Android' }],
  ['Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i;Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
    { desktop: false, tablet: false, modernPhone: false, operatingSystem: 'KaiOS' }],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    { desktop: true, tablet: false, modernPhone: false, operatingSystem: 'ChromeOS' }],
];

test('device attributes from the User-Agent, and a lasting device id', async () => {
  for (const [ua, attributes] of AGENTS) {
    const res = await api('/device', { headers: { 'user-agent': ua } });
    assert.equal(res.status, 200);
    const { data } = await res.json();
    assert.deepEqual(data.deviceAttributes, attributes, ua);
    assert.match(data.id, /^[0-9a-f-]{36}$/);
  }
  const first = await api('/device');
  const { data: a } = await first.json();
  const cookie = setCookies(first).device_id;
  assert.equal(cookie, a.id);
  const { data: b } = await (await api('/device', { headers: { cookie: `device_id=${cookie}` } })).json();
  assert.equal(b.id, a.id);
  const { data: c } = await (await api('/device', { headers: { cookie: 'device_id=../../etc' } })).json();
  assert.notEqual(c.id, '../../etc');
});
