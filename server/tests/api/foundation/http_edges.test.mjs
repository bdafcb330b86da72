// The HTTP layer under hostile requests (the security issue's items 9, 10, 11,
// 14, 17 and 18): request bytes that are no UTF-8 never reach an answer as
// such, CORS answers a tenant's calls to its own origins only, redirects go to
// the tenant's exact origins (scheme, host and port), folded and doubled heads
// are refused, malformed weights and ranges get proper answers, and static and
// media files are streamed with a bounded cache.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal, backend, expectError, rawRequest, ROOT } from '../support/server.mjs';
import { hostedUrl, json, loginApi, openForm, postForm } from '../identity/flow.mjs';

let server;
before(async () => (server = await startPortal()));
after(async () => server && (await server.stop()));

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// Sends raw bytes on a fresh connection; resolves with everything the server
// sent until it closed (or 5 s passed).
function rawBytes(bytes) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(bytes));
    const chunks = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.setTimeout(5000, () => {
      socket.destroy();
      resolve(Buffer.concat(chunks));
    });
  });
}

// The status and body of one raw answer.
function answerOf(bytes) {
  const text = bytes.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  return { status: Number(text.slice(9, 12)), head: text.slice(0, headEnd), body: bytes.subarray(headEnd + 4) };
}

// ---- 9: bytes that are no UTF-8 ---------------------------------------------

test('an error never echoes bytes that are no UTF-8: %FF%FE in a path becomes U+FFFD', async () => {
  const res = await fetch(`${server.base}/backend/catalog/articles/%FF%FE`, { headers: { 'X-Tenant-ID': 'aurora' } });
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.ok(res.status >= 400 && res.status < 500, `answered ${res.status}`);
  assert.equal(bytes.indexOf(Buffer.from([0xff, 0xfe])), -1, 'the raw bytes FF FE are not in the answer');
  const body = JSON.parse(strictUtf8.decode(bytes));  // throws on ill-formed UTF-8
  assert.match(body.message, /\uFFFD\uFFFD/);
  // The portal face's messages too.
  const file = await fetch(`${server.base}/media/%FF%FE.png`);
  assert.equal(file.status, 404);
  assert.match(JSON.parse(strictUtf8.decode(Buffer.from(await file.arrayBuffer()))).message, /\uFFFD/);
});

test('a header with bytes that are no UTF-8 is quoted as U+FFFD', async () => {
  const reply = answerOf(await rawBytes(Buffer.concat([
    Buffer.from('GET /backend/structure/home HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: x'),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('y\r\nConnection: close\r\n\r\n'),
  ])));
  assert.equal(reply.status, 404);
  const body = JSON.parse(strictUtf8.decode(reply.body));
  assert.equal(body.error, 'TENANT_NOT_FOUND');
  assert.equal(body.message, "Unknown tenant 'x\uFFFD\uFFFDy'");
});

test('a hosted form field with bytes that are no UTF-8 is shown as U+FFFD', async () => {
  const url = hostedUrl(server, 'login', 'aurora', { lang: 'en', redirectUrl: `http://localhost:${server.port}/` });
  const form = await openForm(url);
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie, origin: new URL(url).origin },
    body: `csrf=${form.csrf}&email=a%FF%FEb%40example.com&password=wrong-password`,
  });
  assert.ok(res.status >= 400 && res.status < 500, `answered ${res.status}`);
  const html = strictUtf8.decode(Buffer.from(await res.arrayBuffer()));
  assert.match(html, /a\uFFFD\uFFFDb@example\.com/);
});

test('a User-Agent with bytes that are no UTF-8 is kept as text, never a 5xx (PostgreSQL refuses such text)', async () => {
  for (const agent of [Buffer.from([0x4d, 0x6f, 0x7a, 0xff, 0xfe, 0x2f, 0x35]), Buffer.from(`${'x'.repeat(511)}é`)]) {
    const reply = answerOf(await rawBytes(Buffer.concat([
      Buffer.from('GET /backend/device HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: aurora\r\nUser-Agent: '),
      agent,
      Buffer.from('\r\nConnection: close\r\n\r\n'),
    ])));
    assert.equal(reply.status, 200, strictUtf8.decode(reply.body));
    assert.ok(JSON.parse(strictUtf8.decode(reply.body)).data.id);
  }
});

// ---- 10: CORS per tenant ----------------------------------------------------

test("CORS: a tenant's calls answer its own origins only", async () => {
  const allowOrigin = async (tenant, origin, path = '/structure/header') =>
    (await backend(server, tenant)(path, { headers: { Origin: origin } })).headers.get('access-control-allow-origin');
  const vela = `http://vela.localhost:${server.port}`;
  const aurora = `http://aurora.localhost:${server.port}`;
  // The issue: vela's origin was allowed, with credentials, to read aurora's answers.
  assert.equal(await allowOrigin('aurora', vela), null);
  assert.equal(await allowOrigin('vela', vela), vela);
  assert.equal(await allowOrigin('aurora', aurora), aurora);
  assert.equal(await allowOrigin('aurora', `http://localhost:${server.port}`), `http://localhost:${server.port}`);
  assert.equal(await allowOrigin('aurora', 'http://localhost:5173'), 'http://localhost:5173', 'a configured allowedOrigin');
  assert.equal(await allowOrigin('aurora', 'http://noor.localhost:5173'), null, "noor's configured origin");
  // A tenant host on another port is nobody's.
  assert.equal(await allowOrigin('aurora', 'http://localhost:1'), null);
  assert.equal(await allowOrigin('aurora', `https://aurora.localhost:${server.port}`), null);
  // Also when the call fails before its route takes the tenant.
  assert.equal(await allowOrigin('aurora', vela, '/no/such/call'), null);
  const credentials = await backend(server, 'aurora')('/structure/header', { headers: { Origin: vela } });
  assert.equal(credentials.headers.get('access-control-allow-credentials'), null);
  assert.match(credentials.headers.get('vary') ?? '', /Origin/);
  // A browser's preflight carries no X-Tenant-ID value: any tenant's own origin may ask.
  const pre = await fetch(`${server.base}/backend/structure/header`, {
    method: 'OPTIONS',
    headers: { Origin: vela, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-tenant-id' },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), vela);
  const stranger = await fetch(`${server.base}/backend/structure/header`, {
    method: 'OPTIONS', headers: { Origin: 'http://localhost:1', 'Access-Control-Request-Method': 'GET' },
  });
  assert.equal(stranger.headers.get('access-control-allow-origin'), null);
});

// ---- 11: redirects to the exact origins -------------------------------------

test('redirects go to the exact origins of the tenant: another port of its host is refused at every parameter', async () => {
  const evil = 'http://localhost:1/';
  // The hosted pages (sign-in, registration, reset, the operator's dev page).
  for (const kind of ['login', 'register', 'password/forgot']) {
    const res = await fetch(hostedUrl(server, kind, 'aurora', { lang: 'en', redirectUrl: evil }), { redirect: 'manual' });
    assert.equal(res.status, 400, `${kind} with ${evil}`);
    await res.arrayBuffer();
  }
  const operatorPage = await fetch(`${server.base}/backend/operator/noor?msisdn=966500000123&redirectUrl=${encodeURIComponent('http://noor.localhost:1/')}`, { redirect: 'manual' });
  assert.equal(operatorPage.status, 400);
  assert.equal(operatorPage.headers.get('location'), null);

  const aurora = backend(server, 'aurora');
  const vela = backend(server, 'vela');
  const noor = backend(server, 'noor');
  const { access_token: token } = await loginApi(aurora);
  const { access_token: velaToken } = await loginApi(vela);
  const auth = (t) => ({ authorization: `Bearer ${t}` });
  // Refused for its redirect, not for anything else in the call.
  const refused = async (res, what) => {
    const body = await expectError(res, 400);
    assert.match(body.data?.field ?? '', /^redirect/, `${what}: ${JSON.stringify(body)}`);
  };
  await refused(await aurora('/logout', json({ redirectUrl: evil })), 'logout');
  await refused(await backend(server, 'vela')('/partner/login/vela', json({ redirectUrl: 'http://vela.localhost:1/' })), 'partner login');
  await refused(await aurora('/subscription', json({ subscriptionTypeId: 102, lang: 'en', redirect: evil }, auth(token))), 'subscribe');
  await refused(await vela('/partner/getRedirectionUrl', json({ subTypeIds: [501], redirectionUrl: 'http://vela.localhost:1/' }, auth(velaToken))), 'partner redirection');
  await refused(await noor('/monsooq/mss-login/api/session/signup', json({ redirectionUrl: 'http://noor.localhost:1/', lang: 'en' })), 'mss signup');
  await refused(await aurora('/cart/checkout', json({ redirectionUrl: evil, lang: 'en' }, auth(token))), 'cart checkout');
  const started = await (await aurora('/purchase/ArticleOneTimePurchase?articleId=2102', { headers: auth(token) })).json();
  assert.ok(started.data?.transactionId, JSON.stringify(started));
  await refused(await aurora('/subscription/oneTimePaymentOptions', json({ redirectionUrl: evil, transactionId: started.data.transactionId }, auth(token))), 'payment options');

  // What is allowed: the tenant's hosts on the port this server listens on, its configured origins.
  for (const ok of [`http://localhost:${server.port}/music`, `http://aurora.localhost:${server.port}/`, 'http://localhost:5173/']) {
    const res = await fetch(hostedUrl(server, 'login', 'aurora', { lang: 'en', redirectUrl: ok }), { redirect: 'manual' });
    assert.equal(res.status, 200, ok);
    await res.arrayBuffer();
  }
  for (const bad of [`http://vela.localhost:${server.port}/`, `https://localhost:${server.port}/`, 'http://localhost/']) {
    const res = await fetch(hostedUrl(server, 'login', 'aurora', { lang: 'en', redirectUrl: bad }), { redirect: 'manual' });
    assert.equal(res.status, 400, bad);
    await res.arrayBuffer();
  }
  const logout = await aurora('/logout', json({ redirectUrl: `http://aurora.localhost:${server.port}/bye` }));
  assert.equal((await logout.json()).data.url, `http://aurora.localhost:${server.port}/bye`);
});

test("the hosted pages' form-action names the tenant's exact origins, no host on any port", async () => {
  const res = await fetch(hostedUrl(server, 'login', 'aurora', { lang: 'en', redirectUrl: `http://localhost:${server.port}/` }));
  const policy = res.headers.get('content-security-policy');
  const formAction = /form-action ([^;]*)/.exec(policy)[1].split(' ');
  assert.ok(formAction.includes("'self'"));
  assert.ok(formAction.includes(`http://localhost:${server.port}`), policy);
  assert.ok(formAction.includes(`http://aurora.localhost:${server.port}`), policy);
  assert.ok(formAction.includes('http://localhost:5173'), policy);
  assert.ok(!formAction.some((source) => source.endsWith(':*')), policy);
  assert.ok(!formAction.some((source) => source.includes('vela')), policy);
  await res.arrayBuffer();
});

// ---- 14: folded and doubled heads -------------------------------------------

test('a folded header line (obs-fold) is refused with 400 and the connection closes', async () => {
  const reply = answerOf(await rawBytes(
    'GET /backend/structure/header HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: aurora\r\nX-Folded: one\r\n two\r\n\r\n',
  ));
  assert.equal(reply.status, 400);
  assert.equal(JSON.parse(reply.body).error, 'BAD_REQUEST');
  assert.match(reply.head, /connection: close/i);
  const tab = answerOf(await rawBytes('GET /healthz HTTP/1.1\r\nHost: localhost\r\nUser-Agent: a\r\n\tb\r\n\r\n'));
  assert.equal(tab.status, 400);
});

test('two Host headers are refused with 400', async () => {
  const reply = answerOf(await rawBytes('GET /api/envFile HTTP/1.1\r\nHost: localhost\r\nHost: vela.localhost\r\n\r\n'));
  assert.equal(reply.status, 400);
  assert.match(JSON.parse(reply.body).message, /Host/);
  // One Host is as before; the server is well.
  const ok = answerOf(await rawBytes('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
  assert.equal(ok.status, 200);
});

test('two X-Tenant-ID headers are refused with 400, whatever their order', async () => {
  for (const [a, b] of [['aurora', 'noor'], ['noor', 'aurora'], ['aurora', 'aurora']]) {
    const reply = answerOf(
      await rawBytes(`GET /backend/structure/header HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: ${a}\r\nX-Tenant-ID: ${b}\r\n\r\n`),
    );
    assert.equal(reply.status, 400, `${a}, ${b}`);
    const body = JSON.parse(reply.body);
    assert.equal(body.error, 'BAD_REQUEST');
    assert.match(body.message, /X-Tenant-ID/);
  }
  // One is as before.
  const ok = answerOf(
    await rawBytes('GET /backend/structure/header HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: aurora\r\nConnection: close\r\n\r\n'),
  );
  assert.equal(ok.status, 200);
});

// ---- 17: malformed weights and ranges ---------------------------------------

test('Accept-Encoding with a malformed q value is answered (the weight ignored)', async () => {
  for (const encoding of ['gzip;q=x', 'gzip;q=', 'br;q=1e999, gzip']) {
    const reply = answerOf(await rawBytes(
      `GET /backend/i18n/en HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: aurora\r\nAccept-Encoding: ${encoding}\r\nConnection: close\r\n\r\n`,
    ));
    assert.equal(reply.status, 200, encoding);
    assert.match(reply.head, /content-encoding: (gzip|br)/i, encoding);
  }
});

test('a range past 64 bits is 416 with Content-Range bytes */size, never 500', async () => {
  const css = join(ROOT, 'data/media/styles/vela.css');
  const size = statSync(css).size;
  for (const range of ['bytes=99999999999999999999999-', 'bytes=18446744073709551616-1']) {
    const res = await fetch(`${server.base}/media/styles/vela.css`, { headers: { Range: range } });
    assert.equal(res.status, 416, range);
    assert.equal(res.headers.get('content-range'), `bytes */${size}`);
    await res.arrayBuffer();
  }
  const toTheEnd = await fetch(`${server.base}/media/styles/vela.css`, { headers: { Range: 'bytes=10-99999999999999999999999' } });
  assert.equal(toTheEnd.status, 206);
  assert.equal(toTheEnd.headers.get('content-range'), `bytes 10-${size - 1}/${size}`);
  assert.equal(await toTheEnd.text(), readFileSync(css, 'utf8').slice(10));
});

// ---- 18: streamed files, a bounded cache ------------------------------------

function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

async function cacheBytes(portal, { required = true } = {}) {
  const text = await (await fetch(`${portal.base}/metrics`)).text();
  const m = /^portal_file_cache_bytes (\d+)$/m.exec(text);
  if (!required && !m) return null;
  assert.ok(m, 'the metrics carry portal_file_cache_bytes');
  return Number(m[1]);
}

test('walking every segment and cover of a catalog keeps the file cache and the memory bounded', async (t) => {
  const mediaRoot = mkdtempSync(join(tmpdir(), 'portal-walk-'));
  const SEGMENTS = 150; // 150 × 400 KiB = 60 MiB of HLS segments
  const COVERS = 120; // 120 × 300 KiB = 36 MiB of artwork, more than the cache holds
  mkdirSync(join(mediaRoot, 'video', 'walk'), { recursive: true });
  mkdirSync(join(mediaRoot, 'art'), { recursive: true });
  const segment = (i) => Buffer.alloc(400 * 1024, i % 251);
  for (let i = 0; i < SEGMENTS; i++) writeFileSync(join(mediaRoot, 'video', 'walk', `preview-${i}.ts`), segment(i));
  for (let i = 0; i < COVERS; i++) writeFileSync(join(mediaRoot, 'art', `cover-${i}.webp`), Buffer.alloc(300 * 1024, i % 13));
  const portal = await startPortal(['--media-root', mediaRoot]);
  try {
    // Warm up: the first answers allocate what any server keeps (pools, buffers).
    for (let i = 0; i < 5; i++) await (await fetch(`${portal.base}/media/generated/video/walk/preview-${i}.ts`)).arrayBuffer();
    const before = residentBytes(portal.pid);
    const keptBefore = await cacheBytes(portal, { required: false });  // the client build's files read at start-up
    for (let i = 0; i < SEGMENTS; i++) {
      const res = await fetch(`${portal.base}/media/generated/video/walk/preview-${i}.ts`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'video/mp2t');
      const body = Buffer.from(await res.arrayBuffer());
      assert.equal(body.length, 400 * 1024);
      assert.ok(body.equals(segment(i)), `segment ${i} arrives whole and right`);
    }
    // Segments are streamed, never kept: the memory and the cache stay as they were.
    const grown = residentBytes(portal.pid) - before;
    t.diagnostic(`RSS grew ${(grown / 1048576).toFixed(1)} MiB while 60 MiB of segments were streamed`);
    assert.ok(grown < 24 * 1024 * 1024, `RSS grew ${Math.round(grown / 1048576)} MiB over 60 MiB of segments`);
    assert.equal(await cacheBytes(portal), keptBefore, 'no segment is kept in memory');

    // Artwork is kept, up to the cache's budget (32 MiB), least recently used out first.
    for (let i = 0; i < COVERS; i++) {
      const res = await fetch(`${portal.base}/media/art/cover-${i}.svg?format=webp`, { headers: { Host: 'localhost' } });
      assert.equal(res.status, 200);
      assert.equal((await res.arrayBuffer()).byteLength, 300 * 1024);
    }
    const kept = await cacheBytes(portal);
    t.diagnostic(`file cache after 36 MiB of covers: ${(kept / 1048576).toFixed(1)} MiB`);
    assert.ok(kept > 16 * 1024 * 1024, `the covers are kept (${kept} bytes)`);
    assert.ok(kept <= 32 * 1024 * 1024, `the cache stays within 32 MiB (${kept} bytes)`);

    // Ranges of a streamed file, and its end.
    const part = await fetch(`${portal.base}/media/generated/video/walk/preview-7.ts`, { headers: { Range: 'bytes=409000-' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 409000-409599/409600`);
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(segment(7).subarray(409000)));
    const head = await fetch(`${portal.base}/media/generated/video/walk/preview-7.ts`, { method: 'HEAD' });
    assert.equal(head.headers.get('content-length'), String(400 * 1024));
  } finally {
    await portal.stop();
    rmSync(mediaRoot, { recursive: true, force: true });
  }
});
