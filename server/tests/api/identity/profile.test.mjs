// Profile, theme and language on the server, and the device call.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { GUEST, SUBSCRIBER, bearer, loginApi, put, setCookies } from './flow.mjs';

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

test('profile round trip, and a duplicate e-mail is a clear 409', async () => {
  const res = await api('/user/profile', put({ name: ' Gale ', lastName: 'Storm', email: 'Gale@Example.com', userInformation: { city: 'Cluj' } }, token));
  assert.equal(res.status, 200);
  const { data } = await res.json();
  assert.equal(data.name, 'Gale');
  assert.equal(data.email, 'gale@example.com');
  assert.deepEqual(data.userInformation, { city: 'Cluj' });
  const { data: again } = await (await api('/user/profile', bearer(token))).json();
  assert.deepEqual(again, data);

  const dup = await expectError(await api('/user/profile', put({ name: 'G', lastName: 'S', email: SUBSCRIBER }, token)), 409, 'EMAIL_ALREADY_USED');
  assert.match(dup.message, /already used/);
  // Guests may not.
  await expectError(await api('/user/profile', put({ name: 'G', lastName: 'S', email: 'g@example.com' })), 401, 'UNAUTHORIZED');
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
