// ETag and Cache-Control on the catalog's GET answers (articles, lists,
// categories, fragments, search, category artwork): a strong ETag over the
// body, 304 without a body on If-None-Match, `omitCache=true` -> no-store without an ETag;
// and the `developer` filter of GET /catalog/articles (publisher pages).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startPortal, backend, rawRequest } from '../support/server.mjs';
import { catalogArgs, makeMediaRoot } from './support.mjs';

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

const CALLS = [
  '/catalog/articles?section=music',
  '/catalog/articles/2101?lang=de',
  '/catalog/categories?section=music',
  '/structure/fragments_get-article-details/fragment/2050',
  '/structure/fragments_get-articles/fragment/music-pop?limit=5',
  '/search?q=neon',
  '/content/category/artwork?categoryId=music-pop',
];

test('catalog GETs carry a strong ETag over the body and answer 304 to If-None-Match', async () => {
  for (const path of CALLS) {
    const first = await api(path);
    assert.equal(first.status, 200, path);
    const body = await first.text();
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[0-9a-f]{32}"$/, `${path}: strong ETag`);
    assert.equal(first.headers.get('cache-control'), 'private, max-age=120', path);
    assert.match(first.headers.get('vary') ?? '', /X-Tenant-ID/, path);

    const again = await rawRequest(server, {
      path: `/backend${path}`,
      headers: { 'X-Tenant-ID': 'aurora', 'If-None-Match': etag },
    });
    assert.equal(again.status, 304, path);
    assert.equal(again.body, '', `${path}: 304 has no body`);
    assert.equal(again.headers.etag, etag);
    const weak = await api(path, { headers: { 'If-None-Match': `W/${etag}, "other"` } });
    assert.equal(weak.status, 304, `${path}: weak comparison`);
    const stale = await api(path, { headers: { 'If-None-Match': '"0000"' } });
    assert.equal(stale.status, 200, path);
    assert.equal(await stale.text(), body, `${path}: same body, same tag`);
  }
});

test('the ETag follows the body: another language or page is another tag', async () => {
  const en = await api('/catalog/articles/2101?lang=en');
  const de = await api('/catalog/articles/2101?lang=de');
  assert.notEqual(en.headers.get('etag'), de.headers.get('etag'));
  const stale = await api('/catalog/articles/2101?lang=de', { headers: { 'If-None-Match': en.headers.get('etag') } });
  assert.equal(stale.status, 200);
});

test('omitCache=true answers Cache-Control: no-store', async () => {
  for (const path of CALLS) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await api(`${path}${sep}omitCache=true`);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get('cache-control'), 'no-store', path);
    // Nothing keeps a no-store answer, so it carries no tag to revalidate with.
    assert.equal(res.headers.get('etag'), null, path);
  }
});

test('errors and media URLs are not cacheable answers', async () => {
  const missing = await api('/catalog/articles/999999');
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('etag'), null);
  const mediaUrl = await api('/media/2101?kind=preview');
  assert.equal(mediaUrl.headers.get('cache-control'), 'no-store');
});

test('developer filter: a publisher by slug, or its games', async () => {
  const res = await api('/catalog/articles?contentType=publisher&developer=pixel-forge&limit=1');
  const publisher = (await res.json()).data;
  assert.equal(publisher.total, 1);
  assert.equal(publisher.entries[0].id, 4001);
  assert.equal(publisher.entries[0].title, 'Pixel Forge');
  const games = (await (await api('/catalog/articles?developer=pixel-forge&sort=title')).json()).data;
  assert.deepEqual(games.entries.map((e) => e.id), [4101, 4102]);
  const rated = (await (await api('/catalog/articles?developer=pixel-forge&maxRating=0')).json()).data;
  assert.deepEqual(rated.entries.map((e) => e.id), [4101]);
  const none = (await (await api('/catalog/articles?contentType=publisher&developer=no-such-studio')).json()).data;
  assert.deepEqual(none, { entries: [], total: 0, offset: 0, limit: 10 });
  const tooLong = await api(`/catalog/articles?developer=${'x'.repeat(200)}`);
  assert.equal(tooLong.status, 400);
});
