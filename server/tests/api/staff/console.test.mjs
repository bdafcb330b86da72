// The operators' console (issue 32 item 6): /admin and every page under it answer the console's
// own HTML shell (web/dist/admin/admin.html) with a fresh CSP nonce on Vite's tags, never kept
// (no-store); its scripts and styles under /admin/assets/ are immutable like the storefront's;
// /admin/login stays the hosted sign-in page, and the storefront's shell never loads the console.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startPortal, rawRequest } from '../support/server.mjs';

let server;
before(async () => (server = await startPortal(['--scheduler-interval', '0'])));
after(async () => server && (await server.stop()));

const get = (path, headers = {}) => rawRequest(server, { path, headers: { Host: 'localhost', ...headers } });
const header = (res, name) => res.headers[name] ?? res.headers.get?.(name) ?? undefined;

function scriptNonce(res) {
  const csp = header(res, 'content-security-policy') ?? '';
  const script = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
  const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
  assert.ok(nonce, `script-src has a nonce: ${csp}`);
  return nonce;
}

test('every console path answers the console shell with its own nonce, no-store', async () => {
  const nonces = new Set();
  for (const path of ['/admin', '/admin/', '/admin/settings', '/admin/audit?action=staff.role&page=2', '/admin/no/such/page']) {
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.match(header(res, 'content-type'), /^text\/html/);
    assert.equal(header(res, 'cache-control'), 'no-store', path);
    assert.equal(header(res, 'x-content-type-options'), 'nosniff');
    const nonce = scriptNonce(res);
    nonces.add(nonce);
    assert.doesNotMatch(res.body, /__PORTAL_CSP_NONCE__/, 'no placeholder is left');
    const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    assert.ok(scripts.some((s) => /src="\/admin\/assets\/[^"]+\.js"/.test(s)), `the console's entry script: ${scripts.join(' ')}`);
    for (const s of scripts) assert.match(s, new RegExp(`nonce="${nonce}"`), `every script carries the answer's nonce: ${s}`);
    assert.doesNotMatch(res.body, /__PORTAL_DATA__|src="\/assets\//, "nothing of the storefront's shell");
  }
  assert.equal(nonces.size, 5, 'a fresh nonce per answer');
});

test('the hosted sign-in page stays at /admin/login', async () => {
  const res = await get('/admin/login?lang=en');
  assert.equal(res.status, 200);
  assert.match(res.body, /name="totp"/);
  assert.doesNotMatch(res.body, /\/admin\/assets\//);
});

test("the console's assets are immutable, a missing file is a 404, and the storefront does not load them", async () => {
  const assets = readdirSync(join(ROOT, 'web/dist/admin/assets')).filter((name) => /\.(js|css)$/.test(name));
  assert.ok(assets.length > 0, 'the console is built (cd web && npm run build)');
  for (const name of assets.slice(0, 3)) {
    const res = await get(`/admin/assets/${name}`);
    assert.equal(res.status, 200, name);
    assert.equal(header(res, 'cache-control'), 'public, max-age=31536000, immutable', name);
  }
  assert.equal((await get('/admin/assets/missing-0a1b2c3d.js')).status, 404);
  const home = await get('/');
  assert.equal(home.status, 200);
  assert.doesNotMatch(home.body, /\/admin\/assets\//);
});
