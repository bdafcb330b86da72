// Games in a sandbox (docs/security.md "Games in a sandbox"): every file of a
// game, free or paid, in the dialog's frame or in a window of its own, comes
// with a Content-Security-Policy whose `sandbox` leaves out allow-same-origin,
// so the game's scripts run in an opaque origin and cannot read the portal's
// storage (the stored tokens) or cookies; it connects nowhere (no API call with
// anything) and only the portal's own pages may frame it. A paid game's grant
// rides in its path, so its relative requests load without a cookie.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal, rawRequest } from '../support/server.mjs';
import { client, data } from '../subscriptions/support.mjs';

const FREE = 4101; // Pixel Rally: free, games/lane-racer/
const PAID = 4401; // Star Blocks: paid, in the dialog's frame, games/brick-breaker-4401/
const WINDOW = 4404; // Laser Bounce: paid, in a window of its own, games/brick-breaker-4404/

let server, media, aurora, vela;
before(async () => {
  media = mkdtempSync(join(tmpdir(), 'portal-game-docs-'));
  for (const dir of ['lane-racer', 'brick-breaker-4401', 'brick-breaker-4404']) {
    mkdirSync(join(media, 'games', dir), { recursive: true });
    writeFileSync(join(media, 'games', dir, 'index.html'), `<!doctype html><script src="game.js"></script>PAGE-${dir}`);
    writeFileSync(join(media, 'games', dir, 'game.js'), `/* SCRIPT-${dir} */`);
    writeFileSync(join(media, 'games', dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  }
  server = await startPortal(['--media-root', media]);
  aurora = client(server, 'aurora');
  vela = client(server, 'vela');
});
after(async () => {
  if (server) await server.stop();
  rmSync(media, { recursive: true, force: true });
});

const get = (host, path) => rawRequest(server, { path, headers: { Host: `${host}:${server.port}` } });
const play = (call, articleId, token) =>
  call('/game/play', { method: 'POST', token, body: { articleId, distributionChannel: 'WEB', deviceId: '1' } });

// The policy of a game's file: a sandbox without the portal's origin, nothing to connect to, framed by the portal only.
function assertSandboxed(res, host, what) {
  assert.equal(res.status, 200, what);
  const csp = res.headers['content-security-policy'];
  assert.ok(csp, `${what}: a Content-Security-Policy`);
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  assert.deepEqual(directives.sandbox, ['allow-scripts', 'allow-pointer-lock'], `${what}: ${csp}`);
  assert.ok(!csp.includes('allow-same-origin'), what);
  assert.deepEqual(directives['connect-src'], ["'none'"], what);
  assert.deepEqual(directives['default-src'], ["'self'"], what);
  assert.deepEqual(directives['script-src'], ["'self'"], what);
  assert.deepEqual(directives['form-action'], ["'none'"], what);
  // 'self' and the tenant's own origin (http::tenant_origin), nothing else.
  const [self, ...origins] = directives['frame-ancestors'];
  assert.equal(self, "'self'", what);
  assert.ok(origins.length <= 1 && origins.every((o) => new RegExp(`^http://${host}(:\\d+)?$`).test(o)), `${what}: ${csp}`);
  assert.ok(!csp.includes('unsafe'), what);
  assert.equal(res.headers['referrer-policy'], 'no-referrer', what);
}

test('a free game\'s files carry the sandbox policy', async () => {
  const { uri } = await data(await play(aurora, FREE, await aurora.login()));
  assert.equal(uri, '/media/generated/games/lane-racer/index.html');
  const page = await get('localhost', uri);
  assertSandboxed(page, 'localhost', 'free page');
  assert.match(page.body, /PAGE-lane-racer/);
  for (const file of ['game.js', 'icon.svg']) assertSandboxed(await get('localhost', `/media/generated/games/lane-racer/${file}`), 'localhost', file);
  // The portal's own pages keep their policy (they frame the game).
  const home = await get('localhost', '/');
  assert.match(home.headers['content-security-policy'], /frame-src 'self'/);
  assert.doesNotMatch(home.headers['content-security-policy'], /sandbox/);
});

test('a paid game in the dialog: signed page and its relative script, sandboxed, no cookie needed', async () => {
  const sub = await vela.login();
  const played = await data(await play(vela, PAID, sub));
  assert.equal(played.useGameFrame, true);
  assert.match(played.uri, /^\/media\/secure\/~\d+\.4401\.\d+\.[0-9a-f]{64}\/games\/brick-breaker-4401\/index\.html$/);
  const page = await get('vela.localhost', played.uri);
  assertSandboxed(page, 'vela.localhost', 'paid page');
  assert.equal(page.headers['set-cookie'], undefined);
  const script = await get('vela.localhost', new URL('game.js', `http://x${played.uri}`).pathname);
  assertSandboxed(script, 'vela.localhost', 'paid script');
  assert.equal(script.body, '/* SCRIPT-brick-breaker-4401 */');
});

test('a game in a window of its own is sandboxed by the same policy', async () => {
  const sub = await vela.login();
  const played = await data(await play(vela, WINDOW, sub));
  assert.equal(played.useGameFrame, false);
  const page = await get('vela.localhost', played.uri);
  assertSandboxed(page, 'vela.localhost', 'window page');
  assert.match(page.body, /PAGE-brick-breaker-4404/);
});
