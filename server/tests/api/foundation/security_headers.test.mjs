// Security headers (docs/security.md "Security headers and CSP"): every page
// of the portal and every hosted page carries a strict Content-Security-Policy
// whose per-response nonce is the one on the page's inline styles and Vite's
// tags, cannot be framed by another site, sends nosniff and a Referrer-Policy,
// and HSTS only when a trusted proxy says the browser used TLS. The hosted
// pages show the tenant's icon, and /favicon.ico answers it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, rawRequest } from '../support/server.mjs';
import { openForm } from '../identity/flow.mjs';
import { client, newUser, subscribeBody, data, dataDirWith } from '../subscriptions/support.mjs';

let server;
before(async () => (server = await startPortal(['--scheduler-interval', '0'])));
after(async () => server && (await server.stop()));

const get = (path, headers = {}) => rawRequest(server, { path, headers: { Host: 'localhost', ...headers } });

// "a b; c d" -> Map{a: [b], c: [d]}
function policy(res) {
  const header = res.headers['content-security-policy'] ?? res.headers.get?.('content-security-policy');
  assert.ok(header, 'the response has a Content-Security-Policy');
  const map = new Map();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

function nonceOf(csp, directive) {
  const sources = csp.get(directive) ?? [];
  const nonces = sources.filter((s) => s.startsWith("'nonce-"));
  assert.equal(nonces.length, 1, `${directive} has one nonce: ${sources.join(' ')}`);
  const nonce = nonces[0].slice(7, -1);
  assert.match(nonce, /^[A-Za-z0-9+/_-]{22,}={0,2}$/, 'at least 128 bits, base64 or hex');
  return nonce;
}

// Every nonce attribute of the document is the header's, and `element` has it.
function assertNonces(html, nonce, elements) {
  const attributes = [...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]);
  assert.ok(attributes.length >= elements.length, 'the inline elements carry the nonce');
  for (const value of attributes) assert.equal(value, nonce, 'every nonce attribute is the response nonce');
  for (const element of elements) assert.match(html, element);
}

const header = (res, name) => res.headers[name] ?? res.headers.get?.(name) ?? undefined;

function assertCommon(res) {
  assert.equal(header(res, 'x-content-type-options'), 'nosniff');
  assert.equal(header(res, 'strict-transport-security'), undefined, 'no HSTS over plain HTTP');
}

function assertPortalPolicy(res) {
  assertCommon(res);
  assert.equal(header(res, 'referrer-policy'), 'strict-origin-when-cross-origin');
  const csp = policy(res);
  assert.deepEqual(csp.get('default-src'), ["'self'"]);
  assert.deepEqual(csp.get('object-src'), ["'none'"]);
  assert.deepEqual(csp.get('base-uri'), ["'none'"]);
  assert.deepEqual(csp.get('frame-ancestors'), ["'self'"], 'signed-in pages cannot be framed by another site');
  assert.deepEqual(csp.get('frame-src'), ["'self'"], 'game frames come from our own origin only');
  assert.deepEqual(csp.get('form-action'), ["'self'"]);
  const scripts = csp.get('script-src');
  assert.ok(scripts.includes("'strict-dynamic'"), 'scripts: nonce and strict-dynamic');
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'http:', 'data:'])
    assert.ok(!scripts.includes(loose), `script-src has no ${loose}`);
  const styles = csp.get('style-src');
  assert.ok(styles.includes("'self'"));
  assert.ok(!styles.includes("'unsafe-inline'"), 'inline styles only by nonce');
  assert.ok(csp.get('connect-src').includes("'self'"));
  const nonce = nonceOf(csp, 'script-src');
  assert.equal(nonceOf(csp, 'style-src'), nonce, 'one nonce per response');
  assertNonces(res.body, nonce, [new RegExp(`<style id="tenant-colors" nonce="${nonce}">`)]);
  if (res.body.includes('<script type="module"'))
    assert.match(res.body, new RegExp(`<script type="module"[^>]* nonce="${nonce}"`), "Vite's entry script carries the nonce");
  // A page the server draws first adds its scripts from one inline script, which carries the nonce and gives it on.
  if (res.body.includes('requestAnimationFrame'))
    assert.match(res.body, new RegExp(`<script nonce="${nonce}">\\(function\\(\\)\\{var done=0,d=document,n="${nonce}"`));
  return nonce;
}

test('portal pages (/, /profile, /subscription, a 404) carry a strict CSP with a fresh nonce, nosniff and a Referrer-Policy', async () => {
  for (const [path, status] of [['/', 200], ['/profile', 200], ['/subscription', 200], ['/does/not/exist/here', 404], ['/ar/music/tracks', 200]]) {
    const res = await get(path);
    assert.equal(res.status, status, path);
    assertPortalPolicy(res);
  }
});

test('the nonce is fresh for every response and never the placeholder', async () => {
  const first = assertPortalPolicy(await get('/'));
  const second = assertPortalPolicy(await get('/'));
  assert.notEqual(first, second);
  const third = assertPortalPolicy(await get('/ar', { Host: 'noor.localhost' }));
  assert.ok(![first, second].includes(third));
});

test('JSON answers and static files are nosniff too; the data blocks need no nonce', async () => {
  assertCommon(await get('/api/envFile'));
  assertCommon(await get('/_payload/index.json'));
  assertCommon(await get('/favicon.svg'));
  const error = await fetch(`${server.base}/backend/structure/home`);
  assert.equal(error.status, 400);
  assert.equal(error.headers.get('x-content-type-options'), 'nosniff');
  // The payload is a JSON data block: never executed, so it is not given the nonce.
  assert.match((await get('/')).body, /<script id="__PORTAL_DATA__" type="application\/json">/);
});

function assertHostedPolicy(res, html) {
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('strict-transport-security'), null);
  assert.ok(res.headers.get('referrer-policy'), 'a Referrer-Policy');
  const csp = policy(res);
  assert.deepEqual(csp.get('default-src'), ["'none'"], 'nothing loads that is not listed');
  assert.ok(!csp.has('script-src') || csp.get('script-src').join(' ') === "'none'", 'no script runs');
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(csp.get('base-uri'), ["'none'"]);
  assert.ok(csp.get('form-action').includes("'self'"));
  assert.ok(!csp.get('style-src').includes("'unsafe-inline'"));
  const nonce = nonceOf(csp, 'style-src');
  assertNonces(html, nonce, [new RegExp(`<style id="tenant-colors" nonce="${nonce}">`), new RegExp(`<style nonce="${nonce}">`)]);
  return nonce;
}

test('the hosted sign-in page: strict CSP with a style nonce, form-action to the tenant origins, the tenant icon', async () => {
  const url = `${server.base}/backend/login/aurora?lang=en&redirectUrl=${encodeURIComponent('http://localhost:8080/profile')}`;
  const first = await openForm(url);
  assert.equal(first.res.status, 200);
  const nonce = assertHostedPolicy(first.res, first.html);
  const formAction = policy(first.res).get('form-action');
  // The tenant's hosts on the port this server listens on, exactly: no host on any port (`:*`).
  assert.ok(formAction.includes(`http://localhost:${server.port}`), `the sign-in may return to the tenant's hosts: ${formAction}`);
  assert.ok(!formAction.some((source) => source.endsWith(':*')), `no wildcard port: ${formAction}`);
  assert.ok(formAction.includes('http://localhost:5173'), 'and to its allowed origins');
  assert.match(first.html, /<link rel="icon" href="\/media\/art\/aurora-logo\.svg">/);
  const second = await openForm(url);
  assert.notEqual(assertHostedPolicy(second.res, second.html), nonce);

  const noor = await openForm(`${server.base}/backend/register/noor?lang=ar`);
  assertHostedPolicy(noor.res, noor.html);
  assert.match(noor.html, /<link rel="icon" href="\/media\/art\/noor-logo\.svg">/);
});

test('the hosted checkout page and its 404 carry the same headers', async () => {
  const aurora = client(server, 'aurora');
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(102), token }));
  const page = await openForm(start.options.find((o) => o.flow === 'WEB').redirectionUrl);
  assert.equal(page.res.status, 200);
  assertHostedPolicy(page.res, page.html);
  assert.match(page.html, /<link rel="icon" href="\/media\/art\/aurora-logo\.svg">/);

  const missing = await fetch(`${server.base}/backend/checkout/00000000-0000-4000-8000-000000000000?lang=en`);
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('x-content-type-options'), 'nosniff');
  assert.deepEqual(policy(missing).get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(policy(missing).get('default-src'), ["'none'"]);
});

test("/favicon.ico answers the tenant's icon", async () => {
  for (const [host, icon] of [['localhost', '/media/art/aurora-logo.svg'], ['noor.localhost:8080', '/media/art/noor-logo.svg']]) {
    const res = await get('/favicon.ico', { Host: host });
    assert.equal(res.status, 302, `${host}: ${res.status}`);
    assert.equal(res.headers.location, icon);
    const image = await get(icon, { Host: host });
    assert.equal(image.status, 200);
    assert.equal(image.headers['content-type'], 'image/svg+xml');
  }
});

test('HSTS only when a trusted proxy says the browser used TLS', async () => {
  const forwarded = { 'X-Forwarded-Proto': 'https' };
  assert.equal((await get('/', forwarded)).headers['strict-transport-security'], undefined, 'an untrusted peer cannot ask for HSTS');

  const behindProxy = await startPortal(['--trusted-proxy', '127.0.0.1', '--scheduler-interval', '0']);
  try {
    const viaProxy = (path, headers = {}) => rawRequest(behindProxy, { path, headers: { Host: 'localhost', ...headers } });
    const secure = await viaProxy('/', forwarded);
    assert.equal(secure.status, 200);
    const hsts = secure.headers['strict-transport-security'];
    assert.ok(hsts, 'HSTS over TLS');
    assert.ok(Number(/max-age=(\d+)/.exec(hsts)?.[1]) >= 31536000, `a year at least: ${hsts}`);
    assertPortalPolicy({ ...secure, headers: { ...secure.headers, 'strict-transport-security': undefined } });
    assert.ok((await viaProxy('/api/envFile', forwarded)).headers['strict-transport-security']);
    const login = await fetch(`${behindProxy.base}/backend/login/aurora?lang=en`, { headers: forwarded, redirect: 'manual' });
    assert.ok(login.headers.get('strict-transport-security'), 'hosted pages too');
    assert.equal((await viaProxy('/')).headers['strict-transport-security'], undefined, 'plain HTTP through the proxy: none');
  } finally {
    await behindProxy.stop();
  }
});

test("a tenant's other backend host and stylesheet host are in the policy, nothing else", async () => {
  const dataDir = dataDirWith((folder, name, doc) => {
    if (folder !== 'tenants' || name !== 'vela') return doc;
    doc.customStyle = 'https://cdn.vela.example/styles/vela.css';
    doc.backend = { ...doc.backend, backendUrl: 'https://api.vela.example/backend' };
    return doc;
  });
  const other = await startPortal(['--scheduler-interval', '0'], { dataDir });
  try {
    const res = await rawRequest(other, { path: '/de', headers: { Host: 'vela.localhost' } });
    assert.equal(res.status, 200);
    const csp = policy(res);
    assert.ok(csp.get('connect-src').includes('https://api.vela.example'), `connect-src: ${csp.get('connect-src')}`);
    assert.ok(csp.get('style-src').includes('https://cdn.vela.example'), `style-src: ${csp.get('style-src')}`);
    const aurora = policy(await rawRequest(other, { path: '/', headers: { Host: 'localhost' } }));
    assert.ok(!aurora.get('connect-src').includes('https://api.vela.example'), "another tenant's hosts stay out");
  } finally {
    await other.stop();
  }
});
