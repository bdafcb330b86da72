// Paid online games (contracts.md "Catalog", media): the media call answers a
// signed /media/secure/~<exp>.<sig>/games/<dir>/index.html whose signature
// covers the directory; the grant rides in the path, so the page's relative
// requests (scripts) carry it without a cookie, which a sandboxed game page
// would not send (docs/security.md "Games in a sandbox"). The grant covers
// nothing else and expires with the signature. Free games stay public under
// /media/generated; a paid game's directory is not public.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, startPortal, backend, expectError, rawRequest } from '../support/server.mjs';
import { catalogArgs, makeMediaRoot, signIn } from './support.mjs';
import { payAtCheckout, CARDS } from '../subscriptions/support.mjs';

// A single purchase paid on the sandbox card page (docs/contracts.md "Purchases and wallet").
async function buyWithCard(call, token, articleId) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = (await (await call(`/purchase/ArticleOneTimePurchase?articleId=${articleId}`, { headers: auth })).json()).data;
  const choice = await call('/subscription/oneTimePaymentOptions', {
    method: 'POST', headers: auth,
    body: JSON.stringify({ redirectionUrl: 'http://vela.localhost:8080/games', transactionId: started.transactionId }),
  });
  const web = (await choice.json()).data.options.find((o) => o.flow === 'WEB');
  const { location } = await payAtCheckout(web.redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
}

let server;
let api;
let media;
before(async () => {
  media = makeMediaRoot();
  server = await startPortal(catalogArgs(media, 3));
  api = backend(server, 'aurora');
});
after(async () => {
  if (server) await server.stop();
  rmSync(media, { recursive: true, force: true });
});

const get = (path, cookie) =>
  rawRequest(server, { path, headers: { Host: `localhost:${server.port}`, ...(cookie ? { Cookie: cookie } : {}) } });

test('free games stay public; a paid game directory is not', async () => {
  const free = (await (await api('/media/4101?kind=full')).json()).data;
  assert.equal(free.url, '/media/generated/games/4101/index.html');
  for (const file of ['index.html', 'game.js', 'lib/sprites.js']) {
    const res = await get(`/media/generated/games/4101/${file}`);
    assert.equal(res.status, 200, file);
  }
  for (const file of ['index.html', 'game.js', 'lib/sprites.js', 'none.js']) {
    const res = await get(`/media/generated/games/4102/${file}`);
    assert.equal(res.status, 403, `unsigned ${file}`);
    assert.doesNotMatch(res.body, /SCRIPT|GAME-4102/);
  }
  await expectError(await api('/media/4102?kind=full'), 401, 'UNAUTHORIZED');
});

test('a paid game: signed page, the directory grant in the path of its relative requests', async () => {
  // vela's demo subscriber holds a plan with online games (the entitlement decision, issue 12).
  const vela = backend(server, 'vela');
  const token = await signIn(vela);
  const answer = (await (await vela('/media/4102?kind=full', { headers: { Authorization: `Bearer ${token}` } })).json()).data;
  const signed = /^\/media\/secure\/~(\d+)\.4102\.(\d+)\.([0-9a-f]{64})\/games\/4102\/index\.html$/.exec(answer.url);
  assert.ok(signed, answer.url);
  assert.equal(answer.isPreview, false);
  assert.ok(answer.expires > Date.now());
  assert.equal(Number(signed[2]) * 1000, answer.expires);
  const grant = `/media/secure/~${signed[1]}.4102.${signed[2]}.${signed[3]}`;

  // Relative requests without the grant are refused.
  assert.equal((await get('/media/secure/games/4102/game.js')).status, 403);

  const page = await get(answer.url);
  assert.equal(page.status, 200);
  assert.match(page.body, /GAME-4102/);
  assert.equal(page.headers['set-cookie'], undefined, 'no cookie: a sandboxed page would not send it back');
  assert.equal(page.headers['cache-control'], 'private, no-store');

  // What the browser then asks for the page's scripts: the same grant segment, no cookie.
  const script = await get(`${grant}/games/4102/game.js`);
  assert.equal(script.status, 200);
  assert.equal(script.body, '/* SCRIPT-4102 */');
  assert.equal(script.headers['cache-control'], 'private, no-store');
  assert.equal((await get(`${grant}/games/4102/lib/sprites.js`)).status, 200, 'below the directory');
  // The grant covers that directory only, and only in its own form.
  assert.equal((await get(`${grant}/games/4101/game.js`)).status, 403);
  assert.equal((await get(`${grant}/audio/2101.mp3`)).status, 403);
  assert.ok([400, 403, 404].includes((await get(`${grant}/games/4102/../4101/game.js`)).status), 'no way up and out');
  const forged = `/media/secure/~${signed[1]}.4102.${signed[2]}.${signed[3].slice(0, -1)}${signed[3].endsWith('a') ? 'b' : 'a'}`;
  assert.equal((await get(`${forged}/games/4102/game.js`)).status, 403);
  assert.equal((await get(`/media/secure/~${signed[1]}.4102.${Number(signed[2]) + 1}.${signed[3]}/games/4102/game.js`)).status, 403);
  // Another article's or tenant's grant on this directory: refused.
  assert.equal((await get(`/media/secure/~${signed[1]}.4101.${signed[2]}.${signed[3]}/games/4102/game.js`)).status, 403);
  assert.equal((await get(`/media/secure/~${Number(signed[1]) + 1}.4102.${signed[2]}.${signed[3]}/games/4102/game.js`)).status, 403);
  assert.equal((await get('/media/secure/~garbage/games/4102/game.js')).status, 403);
  // The old cookie does nothing any more.
  assert.equal((await get('/media/secure/games/4102/game.js', `media_grant=${signed[1]}.4102.${signed[2]}.${signed[3]}`)).status, 403);

  // It ends with the signature (--media-url-ttl 3 in these tests).
  await sleep(4200);
  assert.equal((await get(`${grant}/games/4102/game.js`)).status, 403);
  assert.equal((await get(answer.url)).status, 403);
});

// The demo catalog (data/catalog/demo-catalog.json, the default --seed demo): every paid game, online or
// downloadable, plays from a directory of its own that no free game uses, so its files are never public
// (docs/decisions.md "Paid games in their own directory"; data/catalog/check-catalog.mjs checks the rule).
const DEMO = join(ROOT, 'data/catalog/demo-catalog.json');
const gameDir = (a) => /^games\/([^/]+)\//.exec(a.media?.path ?? '')?.[1];
const isFree = (a) => a.contentType === 'online_game' && a.prices.some((p) => p.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM');

test('demo catalog: paid games have directories of their own, not public; free games stay public', async () => {
  const games = JSON.parse(readFileSync(DEMO, 'utf8')).articles.filter(gameDir);
  const free = games.filter(isFree), paid = games.filter((a) => !isFree(a));
  const freeDirs = new Set(free.map(gameDir));
  assert.ok(free.length > 0 && paid.some((a) => a.contentType === 'online_game') && paid.some((a) => a.contentType === 'game'));
  for (const a of paid) assert.ok(!freeDirs.has(gameDir(a)), `paid game ${a.id} shares games/${gameDir(a)}/ with a free game`);

  const root = mkdtempSync(join(tmpdir(), 'portal-demo-media-'));
  for (const dir of new Set(games.map(gameDir))) {
    mkdirSync(join(root, 'games', dir), { recursive: true });
    writeFileSync(join(root, 'games', dir, 'index.html'), `<script src="config.js"></script><script src="game.js"></script>PAGE-${dir}`);
    writeFileSync(join(root, 'games', dir, 'game.js'), `/* SCRIPT-${dir} */`);
  }
  const demo = await startPortal(['--media-root', root, '--media-url-ttl', '60']);
  try {
    const demoApi = backend(demo, 'aurora');
    const raw = (path, cookie) =>
      rawRequest(demo, { path, headers: { Host: `localhost:${demo.port}`, ...(cookie ? { Cookie: cookie } : {}) } });
    for (const dir of freeDirs) assert.equal((await raw(`/media/generated/games/${dir}/game.js`)).status, 200, dir);
    for (const a of paid)
      for (const file of ['index.html', 'game.js'])
        assert.equal((await raw(`/media/generated/games/${gameDir(a)}/${file}`)).status, 403, `unsigned ${a.id} ${file}`);
    // A paid online game as the client plays it: signed page, then its script through the grant in the path.
    // vela's demo subscriber plays paid online games by plan; a downloadable game is bought first.
    const velaApi = backend(demo, 'vela');
    const token = await signIn(velaApi);
    const game = paid.filter((x) => x.contentType === 'game')[0];
    await expectError(await velaApi(`/media/${game.id}?kind=full`, { headers: { Authorization: `Bearer ${token}` } }), 403, 'NOT_ENTITLED');
    await buyWithCard(velaApi, token, game.id);
    for (const a of paid.filter((x) => x.contentType === 'online_game').slice(0, 1).concat([game])) {
      const url = (await (await velaApi(`/media/${a.id}?kind=full`, { headers: { Authorization: `Bearer ${token}` } })).json()).data.url;
      assert.match(url, new RegExp(`^/media/secure/~\\d+\\.${a.id}\\.\\d+\\.[0-9a-f]{64}/games/${gameDir(a)}/index\\.html$`));
      const page = await raw(url);
      assert.equal(page.status, 200);
      const script = await raw(new URL('game.js', `http://x${url}`).pathname);
      assert.equal(script.status, 200);
      assert.equal(script.body, `/* SCRIPT-${gameDir(a)} */`);
      await expectError(await demoApi(`/media/${a.id}?kind=full`), 401, 'UNAUTHORIZED');
    }
  } finally {
    await demo.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('check-catalog refuses a directory shared by a free and a paid game', () => {
  const cat = JSON.parse(readFileSync(DEMO, 'utf8'));
  const paid = cat.articles.find((a) => a.contentType === 'online_game' && !isFree(a));
  const free = cat.articles.find((a) => isFree(a) && a.customProperties.gameEngine === paid.customProperties.gameEngine);
  paid.media.path = free.media.path;
  const dir = mkdtempSync(join(tmpdir(), 'portal-shared-dir-'));
  try {
    const file = join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify(cat));
    const r = spawnSync(process.execPath, [join(ROOT, 'data/catalog/check-catalog.mjs'), file], { encoding: 'utf8' });
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stderr, new RegExp(`game directory games/${gameDir(free)}/ is shared by free game\\(s\\) [0-9, ]*${free.id}[0-9, ]* and paid game\\(s\\) ${paid.id}`));
    assert.equal(spawnSync(process.execPath, [join(ROOT, 'data/catalog/check-catalog.mjs'), DEMO]).status, 0, 'the demo catalog passes');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
