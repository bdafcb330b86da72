// The head of every page's first answer (issue 72 items 5 and 16; portal §3 meta data): the tenant's description in
// the page's language, an item's own description on its details page, both escaped; the canonical address and
// hreflang alternates of an item are its own address, whose segments never repeat, on the tenant's configured origin
// (never the Host header's); the first view's logo is asked for as WebP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backend, rawRequest, ROOT, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let server, owner;
before(async () => {
  server = await startPortal();
  owner = (await staffLogin(backend(server, 'aurora'), demoStaff(server.output())['owner@example.com aurora'])).token;
});
after(async () => server && (await server.stop()));

const page = (path, headers = {}) => rawRequest(server, { path, headers: { Host: 'localhost', ...headers } });
const meta = (html, attribute, key) => new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
const description = (html) => meta(html, 'name', 'description');
const ogDescription = (html) => meta(html, 'property', 'og:description');
const canonical = (html) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const alternate = (html, lang) => new RegExp(`<link rel="alternate" hreflang="${lang}" href="([^"]*)">`).exec(html)?.[1];
const tenantFile = (name) => JSON.parse(readFileSync(join(ROOT, 'data/tenants', `${name}.json`), 'utf8'));
const article = async (id, lang = 'en') => (await (await backend(server, 'aurora')(`/catalog/articles/${id}?lang=${lang}`)).json()).data;

async function eventually(read, ok, what) {
  let value;
  for (let i = 0; i < 50; i++) {
    value = await read();
    if (ok(value)) return value;
    await new Promise((done) => setTimeout(done, 200));
  }
  assert.fail(`${what}: still ${JSON.stringify(value)}`);
}

test('every page says what the tenant wrote about itself, in the page’s language', async () => {
  const aurora = tenantFile('aurora').settings.metaData.description;
  for (const [path, lang] of [['/', 'en'], ['/music/tracks', 'en'], ['/ar', 'ar'], ['/de/subscription', 'de'], ['/fr/search', 'fr'], ['/es/video/list/all', 'es']]) {
    const res = await page(path);
    assert.equal(res.status, 200, path);
    assert.equal(description(res.body), aurora[lang], path);
    assert.equal(ogDescription(res.body), aurora[lang], path);
  }
  const vela = tenantFile('vela').settings.metaData.description;
  assert.equal(description((await page('/en/music/tracks', { Host: 'vela.localhost' })).body), vela.en);
  assert.equal(description((await page('/ar', { Host: 'noor.localhost' })).body), tenantFile('noor').settings.metaData.description.ar);
  // The sign-in pages keep the operator's words for them (loginMetaData), a page not found its own.
  assert.equal(description((await page('/user/login')).body), 'Sign in to your Aurora account to play, watch and listen.');
  assert.notEqual(description((await page('/no/such/page')).body), aurora.en);
});

test('a details page says what the item is, in the page’s language; an item’s canonical address is its own', async () => {
  for (const id of [7001, 7101, 7201, 2102]) {
    const en = await article(id);
    const de = await article(id, 'de');
    assert.doesNotMatch(en.href, /\/([^/]+)\/\1\//, `${en.href}: no segment repeats (issue 72 item 16)`);
    const res = await page(en.href);
    assert.equal(res.status, 200, en.href);
    assert.equal(description(res.body), en.description.replaceAll('"', '&quot;'), en.href);
    assert.equal(ogDescription(res.body), en.description.replaceAll('"', '&quot;'));
    const origin = `http://localhost:${server.port}`;
    assert.equal(canonical(res.body), origin + en.href);
    assert.equal(meta(res.body, 'property', 'og:url'), origin + en.href);
    const german = await page(`/de${en.href}`);
    assert.equal(description(german.body), de.description.replaceAll('"', '&quot;'), `/de${en.href}`);
    assert.equal(canonical(german.body), `${origin}/de${en.href}`);
  }
  // The address of an older shape (the category twice) answers the item, and names its own address as canonical.
  const news = await article(7001);
  const old = await page(`/news/news-culture/news-culture/old-slug/7001`);
  assert.equal(old.status, 200);
  assert.equal(canonical(old.body), `http://localhost:${server.port}${news.href}`);
  assert.equal(alternate(old.body, 'ar'), `http://localhost:${server.port}/ar${news.href}`);
  assert.equal(alternate(old.body, 'x-default'), `http://localhost:${server.port}${news.href}`);
  // A news category's "all" lists the category (the canonical address's parent).
  const list = JSON.parse((await page('/_payload/news/news-culture/all.json')).body);
  assert.ok(list.data.list.entries.length > 0);
  assert.ok(list.data.list.entries.every((entry) => entry.categoryIds.includes('news-culture')));
});

test('the tenant’s words are escaped where they stand, and a change is served without a restart', async () => {
  const api = backend(server, 'aurora');
  const current = (await (await api('/admin/settings', staffBearer(owner))).json()).data;
  const words = 'Tom & Jerry’s <b>"cartoons"</b> </script><script>alert(1)</script>';
  const settings = { ...current.settings, metaData: { ...current.settings.metaData, description: { ...current.settings.metaData.description, en: words } } };
  const res = await api('/admin/settings', json({ ...current, settings }, staffBearer(owner).headers, 'PUT'));
  assert.equal(res.status, 200, await res.clone().text());
  const escaped = 'Tom &amp; Jerry’s &lt;b&gt;&quot;cartoons&quot;&lt;/b&gt; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
  const home = await eventually(() => page('/subscription'), (r) => description(r.body) === escaped, 'the new description');
  assert.equal(ogDescription(home.body), escaped);
  assert.doesNotMatch(home.body, /<b>"cartoons"/);
  // The web app manifest says the same (its JSON escapes its own way).
  const manifest = JSON.parse((await page('/manifest.webmanifest')).body);
  assert.equal(manifest.description, words);
  const now = (await (await api('/admin/settings', staffBearer(owner))).json()).data;
  const back = await api('/admin/settings', json({ ...current, version: now.version }, staffBearer(owner).headers, 'PUT'));
  assert.equal(back.status, 200, await back.clone().text());
});

test('canonical and alternate addresses are on the tenant’s configured origin, never the Host header’s', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'page-head-'));
  try {
    const aurora = tenantFile('aurora');
    aurora.backend.publicOrigin = 'https://play.aurora.example';
    const file = join(dir, 'aurora.json');
    writeFileSync(file, JSON.stringify(aurora));
    const imported = spawnSync(process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal'), ['tenant', 'import', file, '--database', server.database,
      '--migrations-dir', join(ROOT, 'server/migrations'), '--locales-dir', join(ROOT, 'web/src/locales'), '--data-dir', join(ROOT, 'data'), '--log-level', 'warn'], { encoding: 'utf8' });
    assert.equal(imported.status, 0, imported.stderr);
    const news = await article(7001);
    const res = await eventually(() => page(`/news/x/y/old/7001`, { Host: `evil.example:${server.port}` }), (r) => canonical(r.body)?.startsWith('https://'), 'the configured origin');
    assert.equal(canonical(res.body), `https://play.aurora.example${news.href}`);
    assert.equal(alternate(res.body, 'de'), `https://play.aurora.example/de${news.href}`);
    assert.doesNotMatch(res.body, /evil\.example/);
    const home = await page('/', { Host: `localhost:${server.port}` });
    assert.equal(canonical(home.body), 'https://play.aurora.example/');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the first view draws the logo as WebP, as the header asks for it', async () => {
  const home = await page('/');
  const logo = tenantFile('aurora').settings.header.logo;
  assert.ok(home.body.includes(`<img src="${logo}?format=webp" alt="" class="h-8 w-auto min-w-8 max-w-32">`), 'the drawn header logo');
  assert.ok(!home.body.includes(`<img src="${logo}" `));
});
