// Issue 9's account takeovers and abuse, reproduced as an attacker would try
// them: a provider cookie anyone can set, reset links on the attacker's host,
// lockout of the owner, unlimited reset mails and registrations, look-alike
// redirect hosts, made-up form tokens, an overflowing dev clock, and the
// lifetime of the user_token cookie.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError, rawRequest } from '../support/server.mjs';
import { PASSWORD, SUBSCRIBER, hostedUrl, json, openForm, postForm, setCookies, withoutCode } from './flow.mjs';

let server;
before(async () => {
  // 127.0.0.1 is a trusted proxy here, so X-Forwarded-For can play several client addresses.
  server = await startPortal(['--trusted-proxy', '127.0.0.1', '--dev-clock', '--registrations-per-hour', '5']);
});
after(async () => server && (await server.stop()));

const from = (address, headers = {}) => ({ ...headers, 'X-Forwarded-For': address });

async function outbox(tenant) {
  const res = await fetch(`${server.base}/backend/dev/outbox/${tenant}`, { headers: { accept: 'application/json' } });
  assert.equal(res.status, 200);
  return (await res.json()).data;
}

// The hosted sign-in URL with a redirect back to noor on this server's port.
function noorLogin() {
  return hostedUrl(server, 'login', 'noor', { redirectUrl: `http://noor.localhost:${server.port}/` });
}

test('a bare or forged provider cookie signs nobody in', async () => {
  for (const cookie of ['noor_msisdn=966500000123', 'noor_msisdn=v1.966500000123.99999999999.abcdefabcdefabcdef.' + '0'.repeat(64)]) {
    const res = await fetch(noorLogin(), { redirect: 'manual', headers: { cookie } });
    assert.equal(res.status, 200, `${cookie} shows the form`);
    assert.doesNotMatch(res.headers.get('location') ?? '', /code=/);
    // The refused cookie and its hint are cleared.
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('noor_msisdn='));
    assert.ok(cleared && new Date(/expires=([^;]+)/i.exec(cleared)[1]) <= new Date(), cleared);
  }
});

test('an assertion signed for another number or tenant, or expired, is refused', async () => {
  const op = await fetch(`${server.base}/backend/operator/noor?msisdn=966500000123&redirectUrl=${encodeURIComponent(`http://noor.localhost:${server.port}/`)}`, { redirect: 'manual' });
  const assertion = setCookies(op).noor_msisdn;
  const swapped = assertion.replace('966500000123', '966500000124');
  assert.equal((await fetch(noorLogin(), { redirect: 'manual', headers: { cookie: `noor_msisdn=${swapped}` } })).status, 200);
  assert.equal((await fetch(noorLogin(), { redirect: 'manual', headers: { cookie: `noor_msisdn=${assertion}` } })).status, 302);
  // A day later the dev operator page's assertion has expired.
  const moved = await fetch(`${server.base}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: 86401 }) });
  assert.equal(moved.status, 200);
  assert.equal((await fetch(noorLogin(), { redirect: 'manual', headers: { cookie: `noor_msisdn=${assertion}` } })).status, 200);
});

test('production without an operator secret has no auto-login at all, and prints no demo secret', async () => {
  const prod = await startPortal(['--stage', 'production']);
  try {
    // Issue 45 item 16: the demo voucher codes (as good as money) and the staff's TOTP secrets are printed in dev only.
    assert.doesNotMatch(prod.output(), /Demo voucher codes|[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    assert.doesNotMatch(prod.output(), /Demo staff/);
    // Even an assertion signed with the dev key is refused: prod has no key for noor.
    const url = hostedUrl(prod, 'login', 'noor', { redirectUrl: `http://noor.localhost:${prod.port}/` });
    for (const cookie of ['noor_msisdn=966500000123', 'noor_msisdn=v1.966500000123.99999999999.abcdefabcdefabcdef.' + 'a'.repeat(64)]) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie } });
      assert.equal(res.status, 200);
    }
  } finally {
    await prod.stop();
  }
});

test('production with a configured operator secret accepts only assertions signed with it', async () => {
  const { createHmac, randomBytes } = await import('node:crypto');
  const secret = 'noor-gateway-secret-0123456789';
  const prod = await startPortal(['--stage', 'production', '--operator-secret', `noor=${secret}`]);
  try {
    const redirectUrl = `http://noor.localhost:${prod.port}/`;
    const url = hostedUrl(prod, 'login', 'noor', { redirectUrl });
    const sign = (key, msisdn, expires) => {
      const nonce = randomBytes(12).toString('hex');
      const mac = createHmac('sha256', key).update(`noor|${msisdn}|${expires}|${nonce}`).digest('hex');
      return `v1.${msisdn}.${expires}.${nonce}.${mac}`;
    };
    const later = Math.floor(Date.now() / 1000) + 120;
    const ok = await fetch(url, { redirect: 'manual', headers: { cookie: `noor_msisdn=${sign(secret, '966500000777', later)}` } });
    assert.equal(ok.status, 302);
    const location = new URL(ok.headers.get('location'));
    const token = await backend(prod, 'noor')('/security/token', json({ code: location.searchParams.get('code'), redirectUrl: withoutCode(location) }));
    assert.equal(token.status, 200);
    for (const bad of [sign('dev-operator-secret-not-for-production', '966500000777', later), sign(secret, '966500000777', later - 1200)]) {
      assert.equal((await fetch(url, { redirect: 'manual', headers: { cookie: `noor_msisdn=${bad}` } })).status, 200);
    }
    // Signed with the right key but living too long: the year 5000, or an hour.
    const year5000 = Math.floor(Date.UTC(5000, 0, 1) / 1000);
    for (const expires of [year5000, Math.floor(Date.now() / 1000) + 3600]) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: `noor_msisdn=${sign(secret, '966500000777', expires)}` } });
      assert.equal(res.status, 200, `expires ${expires}: the form, no sign-in`);
      assert.doesNotMatch(res.headers.get('location') ?? '', /code=/);
    }
  } finally {
    await prod.stop();
  }
});

test('a reset link never points at the Host a request names', async () => {
  // The attacker's Host and redirectUrl: the page refuses the redirect and mails nothing.
  const path = `/backend/password/forgot/aurora?redirectUrl=${encodeURIComponent('http://evil.example/')}`;
  const page = await rawRequest(server, { path, headers: { Host: 'evil.example' } });
  assert.equal(page.status, 400);
  const before = (await outbox('aurora')).length;
  const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(page.body)?.[1] ?? '0'.repeat(64);
  const cookie = (page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const posted = await rawRequest(server, {
    path, method: 'POST',
    headers: { Host: 'evil.example', 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ csrf, email: SUBSCRIBER }).toString(),
  });
  assert.equal(posted.status, 400);
  assert.equal((await outbox('aurora')).length, before);

  // Without a redirectUrl the link goes to the tenant's own host, not to the Host header. (This server trusts
  // 127.0.0.1 as its proxy: the port is the one the proxy names, never the Host header's.)
  const proxy = { 'X-Forwarded-Port': String(server.port) };
  const own = await rawRequest(server, { path: '/backend/password/forgot/aurora?lang=en', headers: { Host: `evil.example:${server.port}`, ...proxy } });
  assert.equal(own.status, 200);
  const ownCsrf = /name="csrf" value="([0-9a-f]{64})"/.exec(own.body)[1];
  const ownCookie = own.headers['set-cookie'].map((c) => c.split(';')[0]).join('; ');
  const sent = await rawRequest(server, {
    path: '/backend/password/forgot/aurora?lang=en', method: 'POST',
    headers: { Host: `evil.example:${server.port}`, 'content-type': 'application/x-www-form-urlencoded', cookie: ownCookie, ...proxy },
    body: new URLSearchParams({ csrf: ownCsrf, email: SUBSCRIBER }).toString(),
  });
  assert.equal(sent.status, 200);
  const [mail] = await outbox('aurora');
  assert.doesNotMatch(mail.body, /evil\.example/);
  assert.match(mail.body, new RegExp(`http://(aurora\\.)?localhost:${server.port}/resetpassword\\?session=`));
});

test('the envFile and page URLs come from the tenant, not from a forged Host', async () => {
  const env = await rawRequest(server, { path: '/api/envFile', headers: { Host: `evil.example:${server.port}` } });
  assert.equal(env.status, 200);
  assert.doesNotMatch(env.body, /evil\.example/);
  const forwarded = await rawRequest(server, { path: '/api/envFile', headers: { Host: `localhost:${server.port}`, 'X-Forwarded-Host': 'evil.example' } });
  assert.doesNotMatch(forwarded.body, /evil\.example/);
  const page = await rawRequest(server, { path: '/music', headers: { Host: 'evil.example' } });
  assert.doesNotMatch(page.body, /https?:\/\/evil\.example/);
});

test('absolute URLs never carry the Host header\'s port: the listening port, or the one the trusted proxy names (issue 71 item 8)', async () => {
  const direct = await startPortal([]);
  try {
    const env = await rawRequest(direct, { path: '/api/envFile', headers: { Host: 'localhost:6666' } });
    assert.equal(JSON.parse(env.body).envConfig.service.multiContentBackend, `http://localhost:${direct.port}/backend`);
    const page = await rawRequest(direct, { path: '/music', headers: { Host: 'localhost:6666' } });
    assert.doesNotMatch(page.body, /:6666/, 'neither canonical, og:url nor hreflang');
    assert.match(page.body, new RegExp(`<link rel="canonical" href="http://localhost:${direct.port}/music">`));
    assert.match(page.body, new RegExp(`<meta property="og:url" content="http://localhost:${direct.port}/music">`));
  } finally {
    await direct.stop();
  }
  // Behind the trusted proxy: the port it names (X-Forwarded-Port), else none (the scheme's own).
  const env = (headers) => rawRequest(server, { path: '/api/envFile', headers: { Host: 'localhost:6666', ...headers } });
  const named = JSON.parse((await env({ 'X-Forwarded-Port': '8443', 'X-Forwarded-Proto': 'https' })).body);
  assert.equal(named.envConfig.service.multiContentBackend, 'https://localhost:8443/backend');
  const unnamed = JSON.parse((await env({})).body);
  assert.equal(unnamed.envConfig.service.multiContentBackend, 'http://localhost/backend');
  const odd = JSON.parse((await env({ 'X-Forwarded-Port': '08443' })).body);
  assert.equal(odd.envConfig.service.multiContentBackend, 'http://localhost/backend', 'a port in another spelling is none');
});

test('look-alike redirect hosts are refused', async () => {
  for (const redirectUrl of [
    `http://vela.localhost:${server.port}.evil.example/`,
    `http://localhost:${server.port}@evil.example/`,
    `http://localhost:99999/`,
    'http://localhost.:8080/',
  ]) {
    const res = await fetch(hostedUrl(server, 'login', 'vela', { redirectUrl }), { redirect: 'manual' });
    assert.equal(res.status, 400, redirectUrl);
  }
  // CORS does not answer a look-alike Origin either.
  const cors = await backend(server, 'aurora')('/structure/header', { headers: { origin: `http://localhost:${server.port}.evil.example` } });
  assert.equal(cors.headers.get('access-control-allow-origin'), null);
});

test('a form token must be the one signed for its cookie: a made-up matching pair is refused', async () => {
  const url = hostedUrl(server, 'login', 'vela', { redirectUrl: `http://vela.localhost:${server.port}/` });
  const madeUp = 'f'.repeat(64);
  const res = await postForm(url, { csrf: madeUp, cookie: `portal_csrf=${madeUp}` }, { email: SUBSCRIBER, password: PASSWORD });
  assert.equal(res.status, 403);
  // A token of one tenant's form does not sign in on another's.
  const form = await openForm(url);
  const other = hostedUrl(server, 'login', 'aurora', { redirectUrl: `http://localhost:${server.port}/` });
  assert.equal((await postForm(other, form, { email: SUBSCRIBER, password: PASSWORD })).status, 403);
  assert.equal((await postForm(url, form, { email: SUBSCRIBER, password: PASSWORD })).status, 302);
});

test("a stranger's failures do not lock the owner out; the stranger waits longer each time", async () => {
  const api = backend(server, 'vela');
  for (let i = 0; i < 5; i++)
    await expectError(await api('/login/api', json({ email: SUBSCRIBER, password: `wrong-${i}-password` }, from('203.0.113.7'))), 400, 'INVALID_CREDENTIALS');
  const blocked = await api('/login/api', json({ email: SUBSCRIBER, password: PASSWORD }, from('203.0.113.7')));
  const body = await expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
  const retry = Number(blocked.headers.get('retry-after'));
  assert.ok(retry > 0 && retry <= 31, `Retry-After ${retry}`);
  assert.equal(body.data.retryAfter, retry);
  // The owner, from their own address, signs in at once.
  assert.equal((await api('/login/api', json({ email: SUBSCRIBER, password: PASSWORD }, from('198.51.100.20')))).status, 200);
});

test('reset mails are limited per e-mail and per address, alike for unknown e-mails', async () => {
  for (const email of ['guest@example.com', 'nobody-at-all@example.com']) {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const url = hostedUrl(server, 'password/forgot', 'vela', { lang: 'en', redirectUrl: `http://vela.localhost:${server.port}/` });
      const form = await openForm(url, from(`192.0.2.${i + 1}`));
      const res = await postForm(url, form, { email }, from(`192.0.2.${i + 1}`));
      statuses.push(res.status);
      if (res.status === 429) assert.ok(Number(res.headers.get('retry-after')) > 0);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429], email);
  }
  const mails = (await outbox('vela')).filter((m) => m.to === 'guest@example.com');
  assert.equal(mails.length, 3);
});

test('registrations are limited per address (five an hour in this server)', async () => {
  const statuses = [];
  for (let i = 0; i < 7; i++) {
    const url = hostedUrl(server, 'register', 'noor', { lang: 'en', redirectUrl: `http://noor.localhost:${server.port}/` });
    const form = await openForm(url, from('192.0.2.77'));
    const res = await postForm(url, form, { name: 'Bot', lastName: 'Farm', email: `bot${i}@example.com`, password: 'a-long-password' }, from('192.0.2.77'));
    statuses.push(res.status);
  }
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
});

test('the dev clock refuses overflowing moves; the outbox shows only its own tenant', async () => {
  for (const advanceSeconds of [Number.MAX_SAFE_INTEGER, 9.2e18, 400000000, -1]) {
    const res = await fetch(`${server.base}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds }) });
    const body = await expectError(res, 400);
    assert.equal(body.data.field, 'advanceSeconds');
  }
  const vela = await outbox('vela');
  const noor = await outbox('noor');
  assert.ok(vela.length > 0);
  assert.ok(noor.every((m) => !vela.some((v) => v.id === m.id)));
  assert.ok(vela.every((m) => !/noor/.test(m.body)));
});

test('the user_token cookie lives as long as the access token in it', async () => {
  const api = backend(server, 'aurora');
  const login = await api('/login/api', json({ email: 'player@example.com', password: PASSWORD }, from('198.51.100.33')));
  assert.equal(login.status, 200);
  const { data } = await login.json();
  const res = await api('/userToken', json({ accessToken: data.access_token }));
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('user_token='));
  // 15 minutes, like the token (it lived 30 days before).
  const expires = new Date(/expires=([^;]+)/i.exec(cookie)[1]).getTime();
  assert.ok(Math.abs(expires - (Date.now() + 900_000)) < 5_000, cookie);
  assert.match(cookie, /HttpOnly/i);
  assert.doesNotMatch(cookie, /secure/i);
  // Behind a TLS proxy the cookie is Secure.
  const tls = await api('/userToken', json({ accessToken: data.access_token }, { 'X-Forwarded-Proto': 'https' }));
  assert.match(tls.headers.getSetCookie().find((c) => c.startsWith('user_token=')), /secure/i);
});
