// Sessions: refresh rotation, its grace for two tabs and reuse detection,
// logout revocation, cross-tenant tokens, the user_token cookie and the page
// payload's user.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError, rawRequest } from '../support/server.mjs';
import { GUEST, SUBSCRIBER, bearer, json, loginApi, setCookies } from './flow.mjs';

let server;
let api;
before(async () => {
  server = await startPortal(['--dev-clock']);
  api = backend(server, 'aurora');
});
after(async () => server && (await server.stop()));

const refresh = (token) => api('/security/token/refresh', json({ refreshToken: token }));

test('refresh rotates both tokens; the old access token keeps working until it expires', async () => {
  const first = await loginApi(api);
  const res = await refresh(first.refresh_token);
  assert.equal(res.status, 200);
  const { data: second } = await res.json();
  assert.notEqual(second.refresh_token, first.refresh_token);
  assert.notEqual(second.access_token, first.access_token);
  assert.ok(second.expires >= first.expires);
  assert.equal((await api('/user/profile', bearer(second.access_token))).status, 200);
  const { data: third } = await (await refresh(second.refresh_token)).json();
  assert.equal((await api('/user/profile', bearer(third.access_token))).status, 200);
});

test('reusing a spent refresh token revokes the whole family', async () => {
  const first = await loginApi(api);
  const { data: second } = await (await refresh(first.refresh_token)).json();
  const { data: third } = await (await refresh(second.refresh_token)).json();

  await expectError(await refresh(first.refresh_token), 401, 'UNAUTHORIZED');
  // The newest tokens of the family stop working too.
  await expectError(await refresh(third.refresh_token), 401, 'UNAUTHORIZED');
  await expectError(await api('/user/profile', bearer(third.access_token)), 401, 'UNAUTHORIZED');
  // Another session of the same user is untouched.
  const other = await loginApi(api);
  assert.equal((await api('/user/profile', bearer(other.access_token))).status, 200);
});

test('two tabs refreshing at once: 50 concurrent refreshes of one token all answer the same working pair', async () => {
  const first = await loginApi(api);
  const answers = await Promise.all(Array.from({ length: 50 }, () => refresh(first.refresh_token)));
  assert.deepEqual(answers.map((r) => r.status), Array(50).fill(200));
  const pairs = await Promise.all(answers.map(async (r) => (await r.json()).data));
  for (const pair of pairs) assert.deepEqual(pair, pairs[0]);
  assert.notEqual(pairs[0].refresh_token, first.refresh_token);
  // The pair works, and rotates on.
  assert.equal((await api('/user/profile', bearer(pairs[0].access_token))).status, 200);
  const next = await refresh(pairs[0].refresh_token);
  assert.equal(next.status, 200);
  const { data: third } = await next.json();
  assert.equal((await api('/user/profile', bearer(third.access_token))).status, 200);
});

async function moveClock(advanceSeconds) {
  const res = await fetch(`${server.base}/backend/dev/clock`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds }),
  });
  assert.equal(res.status, 200);
}

test('a token reused within the grace answers the same pair; after it (dev clock) it revokes the family', async () => {
  const first = await loginApi(api);
  const { data: second } = await (await refresh(first.refresh_token)).json();
  await moveClock(5);
  const again = await refresh(first.refresh_token);
  assert.equal(again.status, 200);
  assert.deepEqual((await again.json()).data, second);

  await moveClock(6);
  await expectError(await refresh(first.refresh_token), 401, 'UNAUTHORIZED');
  await expectError(await api('/user/profile', bearer(second.access_token)), 401, 'UNAUTHORIZED');
  await expectError(await refresh(second.refresh_token), 401, 'UNAUTHORIZED');
});

test('unknown and empty refresh tokens', async () => {
  await expectError(await refresh('0'.repeat(64)), 401, 'UNAUTHORIZED');
  const body = await expectError(await refresh(''), 400, 'VALIDATION_ERROR');
  assert.equal(body.data.field, 'refreshToken');
});

test('an expired bearer does not block the refresh call', async () => {
  const first = await loginApi(api);
  const res = await api('/security/token/refresh', {
    ...json({ refreshToken: first.refresh_token }),
    headers: { 'content-type': 'application/json', authorization: 'Bearer expired-or-revoked' },
  });
  assert.equal(res.status, 200);
});

test('logout revokes the session, clears the cookie and answers where to go', async () => {
  const token = await loginApi(api, GUEST);
  const res = await api('/logout', {
    ...json({ redirectUrl: `http://localhost:${server.port}/music?x=1`, lang: 'en' }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
  });
  assert.equal(res.status, 200);
  const { data } = await res.json();
  assert.equal(data.url, `http://localhost:${server.port}/music?x=1`);
  assert.equal(setCookies(res).user_token, '');
  await expectError(await api('/user/profile', bearer(token.access_token)), 401, 'UNAUTHORIZED');
  await expectError(await refresh(token.refresh_token), 401, 'UNAUTHORIZED');

  // A guest may call it too; no redirect URL means the home page in that language.
  const guest = await api('/logout', json({ lang: 'ar' }));
  assert.equal((await guest.json()).data.url, `${server.base}/ar`);
  await expectError(await api('/logout', json({ redirectUrl: 'https://evil.example/' })), 400, 'VALIDATION_ERROR');
});

test('a bearer token of another tenant is 401; a missing one is a guest', async () => {
  const token = await loginApi(api);
  const vela = backend(server, 'vela');
  await expectError(await vela('/user/profile', bearer(token.access_token)), 401, 'UNAUTHORIZED');
  // Any backend call with that token is refused, not only identity calls.
  await expectError(await vela('/structure/home', bearer(token.access_token)), 401, 'UNAUTHORIZED');
  await expectError(await api('/structure/home', bearer('garbage')), 401, 'UNAUTHORIZED');
  await expectError(await api('/user/profile'), 401, 'UNAUTHORIZED');
  assert.equal((await api('/structure/home')).status, 200);
  // The same e-mail in vela is another user with other tokens.
  const velaToken = await loginApi(vela);
  const { data: a } = await (await api('/user/profile', bearer(token.access_token))).json();
  const { data: b } = await (await vela('/user/profile', bearer(velaToken.access_token))).json();
  assert.equal(a.email, b.email);
  assert.notEqual(a.uuid, b.uuid);
});

test('userToken sets the HttpOnly cookie, and the page payload then carries the user', async () => {
  const token = await loginApi(api);
  const res = await api('/userToken', json({ accessToken: token.access_token }));
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).data, { ok: true });
  const line = res.headers.getSetCookie().find((c) => c.startsWith('user_token='));
  assert.match(line, /HttpOnly/i);
  assert.match(line, /SameSite=Lax/i);
  assert.doesNotMatch(line, /Secure/i);
  // X-Forwarded-Proto counts only from a configured proxy (security.test.mjs has one).
  const claimed = await api('/userToken', { ...json({ accessToken: token.access_token }),
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' } });
  assert.doesNotMatch(claimed.headers.getSetCookie()[0], /Secure/i);

  const page = await rawRequest(server, { path: '/', headers: { Host: 'localhost', Cookie: `user_token=${token.access_token}` } });
  const payload = JSON.parse(/<script id="__PORTAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(page.body)[1]);
  assert.equal(payload.user.email, SUBSCRIBER);
  const guest = await rawRequest(server, { path: '/', headers: { Host: 'localhost' } });
  assert.equal(JSON.parse(/<script id="__PORTAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(guest.body)[1]).user, null);
  // A token of aurora on vela's host is nobody.
  const other = await rawRequest(server, { path: '/de', headers: { Host: 'vela.localhost', Cookie: `user_token=${token.access_token}` } });
  assert.equal(JSON.parse(/<script id="__PORTAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(other.body)[1]).user, null);

  await expectError(await api('/userToken', json({ accessToken: 'not-a-token' })), 401, 'UNAUTHORIZED');
  const clear = await api('/userToken', json({ accessToken: '' }));
  assert.equal(setCookies(clear).user_token, '');
});
