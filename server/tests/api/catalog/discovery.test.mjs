// Discovery (issue 10) on the demo catalog (data/catalog/demo-catalog.json):
// search by a section's or type's name in any language, typo tolerance, the
// type of every result, section pages and their structures, and 404 for a
// details URL naming no article. SQLite and PostgreSQL alike.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, rawRequest } from '../support/server.mjs';

let server;
let api;
before(async () => {
  server = await startPortal();
  api = backend(server, 'aurora');
});
after(async () => {
  if (server) await server.stop();
});

const search = async (q, extra = '') => {
  const res = await api(`/search?q=${encodeURIComponent(q)}${extra}`);
  assert.equal(res.status, 200, `HTTP ${res.status} for ${q}`);
  return (await res.json()).data;
};
const payloadOf = (html) => JSON.parse(/<script id="__PORTAL_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)[1]);
const page = (path, headers = {}) => rawRequest(server, { path, headers: { Host: 'aurora.localhost', ...headers } });

test('a section named in any language finds its items, first', async () => {
  for (const [q, lang] of [['news', 'en'], ['Nachrichten', 'de'], ['أخبار', 'ar'], ['الأخبار', 'ar'], ['Actualités', 'fr'],
    ['noticias', 'es'], ['știri', 'ro']]) {
    const found = await search(q, `&lang=${lang}&limit=20`);
    assert.ok(found.total >= 20, `${q}: ${found.total}`);
    assert.deepEqual(found.entries.map((e) => e.contentType), Array(20).fill('news'), q);
  }
  const vouchers = await search('vouchers', '&limit=50');
  const types = new Set(vouchers.entries.map((e) => e.contentType));
  assert.ok(types.has('voucher') && types.has('voucherbook'), [...types].join());
  const tournaments = await search('Turniere', '&lang=de');
  assert.equal(tournaments.entries[0].contentType, 'tournament');
  // A content type by its name: every album before anything else.
  const albums = await search('albums', '&limit=50');
  const firstOther = albums.entries.findIndex((e) => e.contentType !== 'album');
  assert.ok(firstOther === -1 || albums.entries.slice(firstOther).every((e) => e.contentType !== 'album'));
  assert.equal(albums.entries[0].contentType, 'album');
  // The section filter still applies.
  const inMusic = await search('news', '&section=music');
  assert.ok(inMusic.entries.every((e) => e.contentType !== 'news'));
});

test('small typos still find the title; the exact title ranks first', async () => {
  const harbour = await search('neon harbour');
  assert.ok(harbour.total > 0);
  assert.equal(harbour.entries[0].title, 'Neon Harbor');
  assert.equal(harbour.entries[0].contentType, 'artist');
  const exact = await search('Neon Harbor');
  assert.equal(exact.entries[0].title, 'Neon Harbor');
  const harbr = await search('harbr');
  assert.ok(harbr.entries.some((e) => /Harbor/.test(e.title)), harbr.entries.map((e) => e.title).join());
  const typoType = await search('vouchrs', '&limit=5');
  assert.ok(typoType.entries.length > 0);
  assert.ok(['voucher', 'voucherbook'].includes(typoType.entries[0].contentType));
  // A word far from every title finds nothing.
  assert.equal((await search('qqqzzzxxy')).total, 0);
});

test('a typo in a short or last word, and a mistyped start of a name, still find the title (issue 72 item 12)', async () => {
  const titles = (found) => found.entries.map((e) => e.title);
  // One letter missing from a short last word: trigram similarity alone ("drve"/"drive" 0.375) missed it.
  const drive = await search('midnight drve', '&limit=10');
  assert.ok(titles(drive).includes('Midnight Drive'), titles(drive).join(' | '));
  assert.ok(drive.entries.slice(0, 5).every((e) => /Midnight Drive/.test(e.title)), titles(drive).join(' | '));
  // Two letters swapped ("rian" for "rain"): no trigram shared but the first; the titles with "Rain" and "Rainy".
  const rain = await search('rian', '&limit=50');
  assert.ok(titles(rain).includes('Neon Rain'), titles(rain).join(' | '));
  assert.ok(titles(rain).includes('Rainy Day'), titles(rain).join(' | '));
  // The last word is still being typed: a typo in its first letters finds the longer word ("kepe" → "keep"er).
  const keeper = await search('lighthouse kepe', '&limit=10');
  assert.ok(titles(keeper).includes('The Lighthouse Keeper'), titles(keeper).join(' | '));
  const rainy = await search('summer rian', '&limit=10');
  assert.ok(titles(rainy).includes('Summer Rain'), titles(rainy).join(' | '));
  // What worked before still does, and the exact title still ranks first.
  for (const [q, title] of [['midnigt', 'Midnight Drive'], ['lighthouse keper', 'The Lighthouse Keeper'], ['midnight drive', 'Midnight Drive']]) {
    const found = await search(q, '&limit=50');
    assert.ok(titles(found).includes(title), `${q}: ${titles(found).join(' | ')}`);
  }
  assert.equal((await search('Neon Rain')).entries[0].title, 'Neon Rain');
  assert.equal((await search('qqqzzzxxy')).total, 0);
  assert.equal((await search('rqqz')).total, 0);
});

test('German and Arabic queries keep working; each result names its type', async () => {
  const german = await search('Neon-Skyline', '&lang=de');
  assert.equal(german.entries[0].title, 'Neon-Skyline');
  assert.equal(german.entries[0].contentType, 'album');
  const arabic = await search('نيون', '&lang=ar');
  assert.ok(arabic.total > 0, 'نيون finds النيون (the definite article does not matter)');
  assert.ok(arabic.entries.every((e) => typeof e.contentType === 'string' && e.contentType !== ''));
  assert.ok(arabic.entries.some((e) => e.title.includes('النيون')));
  const paged = await search('news', '&limit=5&offset=5');
  assert.equal(paged.entries.length, 5);
  assert.ok(paged.total >= 20);
  const beyond = await search('news', '&limit=5&offset=500');
  assert.deepEqual(beyond.entries, []);
  assert.ok(beyond.total >= 20, 'the total is known past the last page');
});

test('section pages: structures, real titles, navigation entries', async () => {
  for (const name of ['vouchers', 'news', 'tournaments']) {
    const res = await api(`/structure/${name}?lang=en`);
    assert.equal(res.status, 200, name);
    const node = (await res.json()).data;
    assert.equal(node.name, name);
    assert.ok(node.substructure.length > 0);
    assert.ok(node.substructure.every((n) => n.data.customProperties.type === 'catalog' && n.data.customProperties.query));
  }
  const header = (await (await api('/structure/header?lang=en')).json()).data;
  const links = header.substructure.map((n) => n.data.clickUrl);
  for (const url of ['/news', '/vouchers', '/tournaments']) assert.ok(links.includes(url), url);

  const vouchers = await page('/vouchers');
  assert.equal(vouchers.status, 200);
  assert.match(vouchers.body, /<title>Vouchers \| [^<]+<\/title>/);
  const payload = payloadOf(vouchers.body);
  assert.equal(payload.status, 200);
  assert.equal(payload.page.data.structures.vouchers.name, 'vouchers');
  const arabic = await page('/ar/vouchers');
  assert.equal(arabic.status, 200);
  assert.match(arabic.body, /<title>القسائم \| [^<]+<\/title>/);
  // A content page without a structure is no page.
  const missing = await page('/no-such-landing-page');
  assert.equal(missing.status, 404);
  assert.equal(payloadOf(missing.body).status, 404);
});

test('a details URL for an article that does not exist is a 404 with the error page', async () => {
  const res = await page('/music/tracks/x/99999999');
  assert.equal(res.status, 404);
  assert.match(res.headers['content-type'], /text\/html/);
  assert.match(res.body, /<title>[^<|]+<\/title>/, 'the title is the error heading alone');
  const payload = payloadOf(res.body);
  assert.equal(payload.status, 404);
  assert.equal(payload.page.data.article, undefined);
  const ar = await page('/ar/games/details/x/99999999');
  assert.equal(ar.status, 404);
  const file = await fetch(`${server.base}/_payload/music/tracks/x/99999999.json`, { headers: { Host: 'aurora.localhost' } });
  assert.equal(file.status, 404);
  // An existing one is still a page.
  const known = await page('/music/artists/neon-harbor/2013');
  assert.equal(known.status, 200);
  assert.equal(payloadOf(known.body).page.data.article.id, 2013);
});
