// The portal host: envFile, build descriptor, page shells with language,
// direction, theme and meta, 404 for unknown pages, payload files, and
// static files served safely.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal, rawRequest, ROOT } from '../support/server.mjs';

let server;
before(async () => (server = await startPortal()));
after(async () => server && (await server.stop()));

const page = (path, headers = {}) => rawRequest(server, { path, headers: { Host: 'localhost', ...headers } });

function payloadOf(html) {
  const m = html.match(/<script id="__PORTAL_DATA__" type="application\/json">(.*?)<\/script>/s);
  assert.ok(m, 'the shell embeds the payload script');
  return JSON.parse(m[1]);
}

test('envFile names the tenant of the host and the backend base', async () => {
  const aurora = await page('/api/envFile');
  assert.equal(aurora.status, 200);
  const body = JSON.parse(aurora.body);
  assert.equal(body.tenantName, 'aurora');
  // The host name the request asked for (one of the tenant's), the port the server listens on (never the Host's).
  assert.equal(body.envConfig.service.tenantBackendUrl.aurora, `http://localhost:${server.port}/backend`);
  assert.equal(body.envConfig.service.multiContentBackend, `http://localhost:${server.port}/backend`);
  assert.equal(typeof body.envConfig.stage, 'string');

  const noor = JSON.parse((await page('/api/envFile', { Host: 'noor.localhost:8080' })).body);
  assert.equal(noor.tenantName, 'noor');
  assert.equal(noor.envConfig.service.tenantBackendUrl.noor, `http://noor.localhost:${server.port}/backend`);

  const unknown = JSON.parse((await page('/api/envFile', { Host: 'unknown.example' })).body);
  assert.equal(unknown.tenantName, 'aurora', 'unknown hosts get the default tenant');
});

test('the build descriptor has an id and a timestamp and is not cached', async () => {
  const res = await fetch(`${server.base}/builds/latest.json?timestamp=${Date.now()}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const body = await res.json();
  assert.equal(typeof body.id, 'string');
  assert.ok(body.id.length > 0);
  assert.equal(typeof body.timestamp, 'number');
});

test('the home shell carries language, direction, meta, hreflang and the first payload', async () => {
  const res = await page('/');
  assert.equal(res.status, 200);
  assert.match(res.headers['content-type'], /text\/html/);
  assert.match(res.body, /<html lang="en" dir="ltr" data-theme="light">/);
  assert.match(res.body, /<title>[^<]+\| Aurora Play<\/title>/);
  assert.match(res.body, /<meta name="description" content="[^"]+">/);
  const origin = `http://localhost:${server.port}`;
  assert.match(res.body, new RegExp(`<meta property="og:image" content="${origin}/media/[^"]+">`));
  for (const lang of ['en', 'ar', 'fr', 'de', 'es', 'ro'])
    assert.match(res.body, new RegExp(`<link rel="alternate" hreflang="${lang}" href="${origin}/${lang}">`));
  assert.match(res.body, new RegExp(`<link rel="alternate" hreflang="x-default" href="${origin}/">`));
  assert.match(res.body, /<style id="tenant-colors" nonce="[0-9a-f]{32}">[^<]*--color-primary/);

  const payload = payloadOf(res.body);
  assert.equal(payload.tenantName, 'aurora');
  assert.equal(payload.lang, 'en');
  assert.equal(payload.theme, 'light');
  assert.equal(payload.status, 200);
  assert.equal(payload.globalSettings.links.homeUrl, '/');
  assert.equal(typeof payload.messages.notFound.head, 'string');
  assert.equal(payload.page.route, '/');
  const { structures } = payload.page.data;
  assert.equal(structures.home.name, 'home');
  assert.ok(structures.home.substructure.length > 0);
  assert.equal(structures.header.name, 'header');
  assert.equal(structures.footer.name, 'footer');
});

test('a prefixed path renders in its language; Arabic is right-to-left', async () => {
  const ar = await page('/ar');
  assert.equal(ar.status, 200);
  assert.equal((await page('/ar/')).status, 200, 'the home page of a prefix also answers with a slash');
  assert.match(ar.body, /<html lang="ar" dir="rtl"/);
  const payload = payloadOf(ar.body);
  assert.equal(payload.lang, 'ar');
  assert.notEqual(payload.messages.notFound.head, payloadOf((await page('/')).body).messages.notFound.head);
  const de = await page('/de/search');
  assert.equal(de.status, 200);
  assert.match(de.body, /<html lang="de" dir="ltr"/);
});

test('an unprefixed page goes to the chosen language: cookie, then tenant default', async () => {
  const noor = await page('/search?q=x', { Host: 'noor.localhost' });
  assert.equal(noor.status, 302);
  assert.equal(noor.headers.location, '/ar/search?q=x');
  const root = await page('/', { Host: 'noor.localhost' });
  assert.equal(root.headers.location, '/ar');
  const english = await page('/', { Host: 'noor.localhost', Cookie: 'i18n_redirected=en' });
  assert.equal(english.status, 200);
  assert.match(english.body, /<html lang="en" dir="ltr"/);
  const french = await page('/search', { Cookie: 'i18n_redirected=fr' });
  assert.equal(french.headers.location, '/fr/search');
});

test('theme: tenant default, flipped by the alternate cookie', async () => {
  const dark = await page('/ar', { Host: 'noor.localhost' });
  assert.match(dark.body, /data-theme="dark" class="dark"/);
  assert.equal(payloadOf(dark.body).theme, 'dark');
  const light = await page('/ar', { Host: 'noor.localhost', Cookie: 'alternat_theme=1' });
  assert.match(light.body, /data-theme="light"/);
  const auroraDark = await page('/', { Cookie: 'alternat_theme=1' });
  assert.match(auroraDark.body, /data-theme="dark"/);
});

test('an unknown page answers 404 with the shell so the client shows the error page', async () => {
  const res = await page('/does/not/exist/here');
  assert.equal(res.status, 404);
  assert.match(res.headers['content-type'], /text\/html/);
  assert.match(res.body, /<title>[^<|]+<\/title>/, 'the title is the error heading alone');
  const payload = payloadOf(res.body);
  assert.equal(payload.status, 404);
  assert.equal(payload.page.route, null);
  const arabic = await page('/ar/does/not/exist/here');
  assert.equal(arabic.status, 404);
  assert.match(arabic.body, /<html lang="ar" dir="rtl"/);
  const unknown = await page('/does/not/exist/');
  assert.equal(unknown.status, 404, 'a trailing slash on no page is no page either');
});

test('a page’s address with a trailing slash moves to the one without, keeping the query (issue 47 item 14)', async () => {
  const search = await page('/search/');
  assert.equal(search.status, 301);
  assert.equal(search.headers.location, '/search');
  const tracks = await page('/de/music/tracks//?sort=new');
  assert.equal(tracks.status, 301);
  assert.equal(tracks.headers.location, '/de/music/tracks?sort=new');
  assert.equal((await page('/ar/')).status, 200, 'the Arabic home is a page of its own');
});

test('a shell preloads its first image as the client asks for it, and its page chunks from the manifest (issue 14)', async () => {
  const preloads = (html) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map((m) => m[0]);
  const home = await page('/');
  const homePayload = payloadOf(home.body);
  const hero = homePayload.page.data.structures.home.substructure[0];
  assert.equal(hero.data.customProperties.type, 'banner');
  assert.ok(preloads(home.body).includes(`<link rel="preload" as="image" href="${hero.substructure[0].data.imageUrl}?format=webp" fetchpriority="high">`));

  const track = await page('/music/tracks/midnight-drive/20001');
  const article = payloadOf(track.body).page.data.article;
  assert.ok(preloads(track.body).includes(`<link rel="preload" as="image" href="${article.imageUrl}?format=webp" fetchpriority="high">`));
  const list = await page('/music/tracks');
  const first = payloadOf(list.body).page.data.list.entries[0];
  assert.ok(preloads(list.body).includes(`<link rel="preload" as="image" href="${first.imageUrl}?format=webp" fetchpriority="high">`));

  // The route's chunks (routes manifest `modules`, when the client is built), with this response's nonce.
  let manifest = null;
  try {
    manifest = JSON.parse(readFileSync(join(process.env.PORTAL_WEB_ROOT ?? join(ROOT, 'web/dist'), 'routes-manifest.json'), 'utf8'));
  } catch {
    return; // no client build: no modules to preload
  }
  // A page the server draws first (the home's hero) asks for them, with the build's, after its first paint.
  const nonce = home.body.match(/<meta property="csp-nonce" nonce="([0-9a-f]{32})">/)?.[1];
  const loader = home.body.match(/<script nonce="([0-9a-f]{32})">\(function\(\)\{[^<]*?,p=(\[[^\]]*\]),e="([^"]+)"/);
  assert.ok(loader, 'the loader script');
  assert.equal(loader[1], nonce);
  assert.doesNotMatch(home.body, /<link rel="modulepreload"|<script type="module"/);
  const modules = JSON.parse(loader[2]);
  assert.match(loader[3], /^\/assets\/index-[\w-]+\.js$/);
  for (const module of manifest.routes.find((route) => route.path === '/').modules ?? []) assert.ok(modules.includes(module), module);
  // A page with nothing to draw keeps the build's tags, with the nonce.
  const signIn = await page('/profile');
  assert.match(signIn.body, /<div id="root"><\/div>/);
  assert.match(signIn.body, /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js" nonce="[0-9a-f]{32}"><\/script>/);
  assert.equal(preloads((await page('/api/envFile')).body).length, 0);
});

test('a shell draws the first viewport from its payload: the hero, a list\'s first cards, an article (issue 14)', async () => {
  const firstView = (html) => html.match(/<div id="root">(<div[^>]* aria-hidden="true" inert data-first-view>[\s\S]*?<\/main><\/div>)<\/div>/)?.[1];
  const home = await page('/');
  const slide = payloadOf(home.body).page.data.structures.home.substructure[0].substructure[0].data;
  assert.ok(firstView(home.body)?.includes(`<img src="${slide.imageUrl}?format=webp" alt="" fetchpriority="high"`));
  assert.ok(firstView(home.body).includes(slide.title));
  const list = await page('/music/tracks');
  const entries = payloadOf(list.body).page.data.list.entries;
  assert.match(firstView(list.body), />Tracks<\/h1>/);
  for (const entry of entries.slice(0, 6)) assert.ok(firstView(list.body).includes(`>${entry.title}<`), entry.title);
  assert.ok(!firstView(list.body).includes(`>${entries[6].title}<`));
  // A search page carries the client's first call's answer for its words, and draws its first section.
  const search = await page('/search?q=+midnight+drive');
  const answer = payloadOf(search.body).page.data.search;
  const api = await (await fetch(`${server.base}/backend/search?q=midnight%20drive&lang=en&offset=0&limit=50`, { headers: { 'X-Tenant-ID': 'aurora' } })).json();
  assert.equal(answer.q, 'midnight drive');
  assert.deepEqual(answer.entries.map((entry) => entry.id), api.data.entries.map((entry) => entry.id));
  assert.equal(answer.total, api.data.total);
  assert.match(firstView(search.body), />Search<\/h1>/);
  assert.ok(firstView(search.body).includes(`>${api.data.entries.find((entry) => ['artist', 'album', 'full_track_music', 'playlist', 'music_video'].includes(entry.contentType)).title}<`));
  assert.equal(payloadOf((await page('/search?q=')).body).page.data.search, undefined);
  const arabic = await page('/ar/music/tracks/midnight-drive/20001');
  const article = payloadOf(arabic.body).page.data.article;
  assert.match(arabic.body, /<html lang="ar" dir="rtl"/);
  assert.ok(firstView(arabic.body).includes(`>${article.title}</h1>`));
});

test('every route of the manifest is a page in all seven variants', async () => {
  // Details URLs name demo articles and content pages demo structures: an unknown id or structure is a 404 (issue 10).
  for (const path of ['/music/tracks', '/games/details/star-blocks/4401', '/video/abc/stream/7', '/profile/info',
                      '/articles/premium/articles-premium/all/7201', '/impressum', '/vouchers']) {
    assert.equal((await page(path)).status, 200, path);
    for (const lang of ['en', 'ar', 'fr', 'de', 'es', 'ro'])
      assert.equal((await page(`/${lang}${path}`)).status, 200, `/${lang}${path}`);
  }
});

test('payload files mirror the page payload', async () => {
  const home = await fetch(`${server.base}/_payload/index.json`);
  assert.equal(home.status, 200);
  const body = await home.json();
  assert.equal(body.route, '/');
  assert.equal(body.data.structures.home.name, 'home');
  const ar = await (await fetch(`${server.base}/_payload/ar/index.json`)).json();
  assert.equal(ar.route, '/');
  const tracks = await (await fetch(`${server.base}/_payload/music/tracks.json`)).json();
  assert.equal(tracks.route, '/music/tracks');
  assert.deepEqual(Object.keys(tracks.data.structures).sort(), ['footer', 'header']);
  const missing = await fetch(`${server.base}/_payload/no/such/page/here.json`);
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).error, 'PAGE_NOT_FOUND');
});

test('static files: types, immutable hashed assets, 404 for missing files', async () => {
  const favicon = await fetch(`${server.base}/favicon.svg`);
  assert.equal(favicon.status, 200);
  assert.equal(favicon.headers.get('content-type'), 'image/svg+xml');

  const asset = readdirSync(join(ROOT, 'web/dist/assets')).find((f) => f.endsWith('.js'));
  const js = await fetch(`${server.base}/assets/${asset}`);
  assert.equal(js.status, 200);
  assert.match(js.headers.get('content-type'), /application\/javascript/);
  assert.equal(js.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const again = await fetch(`${server.base}/assets/${asset}`, { headers: { 'If-None-Match': js.headers.get('etag') } });
  assert.equal(again.status, 304);

  const missing = await fetch(`${server.base}/assets/nothing-here-12345678.js`);
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).error, 'FILE_NOT_FOUND');
});

test('precompressed twins are served to clients that accept them', async () => {
  const files = readdirSync(join(ROOT, 'web/dist/assets'));
  const br = files.find((f) => f.endsWith('.js.br'));
  assert.ok(br, 'the client build writes .br twins');
  const name = br.slice(0, -3);
  const res = await rawRequest(server, { path: `/assets/${name}`, headers: { 'Accept-Encoding': 'br, gzip' } });
  assert.equal(res.headers['content-encoding'], 'br');
  const plain = await rawRequest(server, { path: `/assets/${name}`, headers: { 'Accept-Encoding': 'identity' } });
  assert.equal(plain.headers['content-encoding'], undefined);
});

test('media: byte ranges for players', async () => {
  const full = await fetch(`${server.base}/media/styles/vela.css`);
  assert.equal(full.status, 200);
  const text = await full.text();
  const part = await fetch(`${server.base}/media/styles/vela.css`, { headers: { Range: 'bytes=0-9' } });
  assert.equal(part.status, 206);
  assert.equal(part.headers.get('content-range'), `bytes 0-9/${Buffer.byteLength(text)}`);
  assert.equal(await part.text(), text.slice(0, 10));
  const beyond = await fetch(`${server.base}/media/styles/vela.css`, { headers: { Range: 'bytes=999999-' } });
  assert.equal(beyond.status, 416);
});

test('artwork asked for as WebP is the WebP rendered from its SVG, when there is one', async () => {
  const mediaRoot = mkdtempSync(join(tmpdir(), 'portal-art-'));
  mkdirSync(join(mediaRoot, 'art'));
  const webp = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 rendered');
  writeFileSync(join(mediaRoot, 'art', 'aurora-logo.webp'), webp);
  const withArt = await startPortal(['--media-root', mediaRoot]);
  try {
    const get = (path) => fetch(`${withArt.base}${path}`, { headers: { Host: 'localhost' } });
    const asWebp = await get('/media/art/aurora-logo.svg?format=webp');
    assert.equal(asWebp.status, 200);
    assert.equal(asWebp.headers.get('content-type'), 'image/webp');
    assert.deepEqual(Buffer.from(await asWebp.arrayBuffer()), webp);

    // A backdrop's thumbnail where there is one, else the WebP.
    writeFileSync(join(mediaRoot, 'art', 'aurora-logo.w64.webp'), 'thumbnail');
    const thumbnail = await get('/media/art/aurora-logo.svg?width=64&format=webp');
    assert.equal(thumbnail.headers.get('content-type'), 'image/webp');
    assert.equal(await thumbnail.text(), 'thumbnail');
    const otherWidth = await get('/media/art/aurora-logo.svg?width=65&format=webp');
    assert.deepEqual(Buffer.from(await otherWidth.arrayBuffer()), webp, 'only the rendered width has a thumbnail');

    const asked = await get('/media/art/aurora-logo.svg');
    assert.equal(asked.headers.get('content-type'), 'image/svg+xml', 'without format=webp the SVG itself');
    assert.match(await asked.text(), /<svg/);

    const none = await get('/media/art/aurora-hero-1.svg?format=webp');
    assert.equal(none.status, 200);
    assert.equal(none.headers.get('content-type'), 'image/svg+xml', 'no WebP rendered: the SVG');
    await none.arrayBuffer();

    const outside = await get('/media/art/..%2f..%2fart/aurora-logo.svg?format=webp');
    assert.ok([400, 404].includes(outside.status), `a traversal answered ${outside.status}`);
    await outside.arrayBuffer();
  } finally {
    await withArt.stop();
    rmSync(mediaRoot, { recursive: true, force: true });
  }
});

test('no traversal, no dotfiles, no directory listing', async () => {
  for (const path of ['/assets/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/media/%2e%2e/%2e%2e/server/CMakeLists.txt',
                      '/media/..%2f..%2fMakefile', '/.git/config', '/media/art/', '/assets/..%5c..%5cetc%5cpasswd']) {
    const res = await rawRequest(server, { path });
    assert.ok([400, 404].includes(res.status), `${path} answered ${res.status}`);
    assert.doesNotMatch(res.body, /root:|cmake_minimum_required|\[core\]|<a href/, path);
  }
});

test('a kept list page is the same page for every visitor without a session, each with its own nonce', async () => {
  const nonceIn = (res) => res.headers['content-security-policy'].match(/'nonce-([0-9a-f]{32})'/)[1];
  const first = await page('/music/tracks');
  const second = await page('/music/tracks');
  assert.equal(first.status, 200);
  const [a, b] = [nonceIn(first), nonceIn(second)];
  assert.notEqual(a, b, 'a nonce is never reused');
  for (const [res, nonce] of [[first, a], [second, b]]) {
    const nonces = [...res.body.matchAll(/nonce="([0-9a-f]{32})"/g)].map((m) => m[1]);
    assert.ok(nonces.length > 0);
    assert.deepEqual([...new Set(nonces)], [nonce], "every nonce in the page is its header's");
  }
  assert.equal(first.body.replaceAll(a, 'N'), second.body.replaceAll(b, 'N'));
  // Another language, theme or query is another page.
  const french = await page('/fr/music/tracks');
  assert.equal(payloadOf(french.body).lang, 'fr');
  const dark = await page('/music/tracks', { Cookie: 'alternat_theme=1' });
  assert.notEqual(dark.body.replaceAll(nonceIn(dark), 'N'), first.body.replaceAll(a, 'N'));
});
