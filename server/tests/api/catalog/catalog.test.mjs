// The catalog calls on the fixture catalog (fixtures/catalog.json, loaded into
// every demo tenant with --catalog-seed): lists, details with related items,
// fragments, categories, artwork, read counter, media URLs and files, the
// rating rule on every path, paging and bad ids.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startPortal, backend, expectError, rawRequest } from '../support/server.mjs';
import { catalogArgs, makeMediaRoot, signIn } from './support.mjs';

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

const data = async (res) => {
  assert.equal(res.status, 200, `HTTP ${res.status}`);
  return (await res.json()).data;
};
const ids = (entries) => entries.map((e) => e.id);

test('article details: Article fields, lang, href, grading label, related tracks', async () => {
  const a = await data(await api('/catalog/articles/2101?lang=de'));
  assert.equal(a.id, 2101);
  assert.equal(a.title, 'Neon-Skyline über der Straße');
  assert.equal(a.name, a.title);
  assert.equal(a.contentType, 'full_track_music');
  assert.equal(a.gradingLabel, 'all ages');
  assert.equal(a.slug, 'neon-skyline');
  assert.equal(a.href, '/music/tracks/neon-skyline/2101');
  assert.equal(a.imageUrl, '/media/art/2101.svg');
  assert.deepEqual(a.prices, [{ amount: 99, currency: 'EUR', businessModel: 'SUBSCRIPTION' }]);
  assert.deepEqual(a.collectionInfo, { articleId: 2050 });
  assert.equal(a.artists[0].id, 2001);
  assert.equal(a.artists[0].title, 'Luna Waves');
  assert.equal(a.durationSeconds, 215);
  assert.deepEqual(a.categoryIds, ['music-pop']);
  for (const key of ['description', 'firstEpisodeContentType', 'providerId', 'rating', 'releaseDate', 'licensorName',
    'developerName', 'fileSizeBytes', 'additionalArtworks', 'customProperties', 'episode', 'season']) {
    assert.ok(key in a, key);
  }
  assert.deepEqual(ids(a.related), [2102, 2103]); // the album's other tracks

  const album = await data(await api('/catalog/articles/2050?lang=ar'));
  assert.equal(album.title, 'ليالي النيون');
  assert.equal(album.href, '/music/albums/luna-waves/2001/neon-nights/2050');
  assert.deepEqual(ids(album.tracks), [2101, 2102, 2103]);
  assert.equal(album.firstEpisodeContentType, 'full_track_music');

  const artist = await data(await api('/catalog/articles/2001'));
  assert.deepEqual(ids(artist.albums), [2050]);
  // Their top tracks (most played first), which the artist page plays in the mini player.
  assert.deepEqual(ids(artist.topTracks).sort(), [2101, 2102, 2103]);
  assert.equal(album.topTracks, undefined);
  const series = await data(await api('/catalog/articles/3001'));
  assert.deepEqual(ids(series.episodes), [3101, 3102, 3103]);
  assert.equal(series.gradingLabel, '12+');
  const podcast = await data(await api('/catalog/articles/5001'));
  assert.deepEqual(ids(podcast.episodes), [5101]);
  const book = await data(await api('/catalog/articles/6001'));
  assert.deepEqual(ids(book.chapters), [6101]);
  const publisher = await data(await api('/catalog/articles/4001'));
  assert.deepEqual(ids(publisher.games), [4101, 4102]);
  assert.equal(publisher.href, '/games/publisher/pixel-forge');
  const playlist = await data(await api('/catalog/articles/2201'));
  assert.deepEqual(ids(playlist.tracks), [2102, 2101, 2103]);
  const game = await data(await api('/catalog/articles/4101'));
  assert.deepEqual(game.customProperties, { useGameFrame: true });
  assert.deepEqual(ids(game.related), [4102]);
  // Nothing tied to a film: more of its kind from its first category, within the rating.
  const film = await data(await api('/catalog/articles/3201'));
  assert.deepEqual(ids(film.related), [3101, 3102, 3103]);
  const filmCapped = await data(await api('/catalog/articles/3201?maxRating=60&minRating=25'));
  assert.deepEqual(ids(filmCapped.related), [3103]);
});

test('Arabic-only title: slug falls back to the content type; English answer falls back to Arabic', async () => {
  const a = await data(await api('/catalog/articles/2301?lang=en'));
  assert.equal(a.title, 'أغنية الصحراء');
  assert.equal(a.slug, 'full-track-music');
  assert.equal(a.href, '/music/tracks/full-track-music/2301');
  assert.equal(a.gradingLabel, '6+');
});

test('bad and unknown ids are 404 JSON', async () => {
  await expectError(await api('/catalog/articles/999999'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await api('/catalog/articles/abc'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await api('/catalog/articles/-1'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await api('/structure/fragments_get-article-details/fragment/nope'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await api('/structure/fragments_get-articles/fragment/no-such-category'), 404, 'CATEGORY_NOT_FOUND');
  await expectError(await api('/media/424242?kind=preview'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await api('/concon/countread?id=424242'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await api('/content/category/artwork?categoryId=nope'), 404, 'CATEGORY_NOT_FOUND');
  await expectError(await api('/catalog/articles?limit=51'), 400, 'VALIDATION_ERROR');
  await expectError(await api('/catalog/articles?maxRating=high'), 400, 'VALIDATION_ERROR');
  await expectError(await api('/catalog/articles?sort=random'), 400, 'VALIDATION_ERROR');
});

test('lists: section, contentType, category filters, sort, paging', async () => {
  const music = await data(await api('/catalog/articles?section=music&limit=50'));
  assert.equal(music.total, 7);
  assert.equal(music.entries.length, 7);
  assert.equal(music.offset, 0);
  assert.equal(music.limit, 50);
  const page1 = await data(await api('/catalog/articles?section=music&limit=3&offset=0'));
  const page2 = await data(await api('/catalog/articles?section=music&limit=3&offset=3'));
  const page3 = await data(await api('/catalog/articles?section=music&limit=3&offset=6'));
  assert.equal(page1.total, 7);
  assert.deepEqual([...ids(page1.entries), ...ids(page2.entries), ...ids(page3.entries)], ids(music.entries));
  assert.equal(page3.entries.length, 1);
  const tracks = await data(await api('/catalog/articles?contentType=full_track_music&sort=new'));
  assert.deepEqual(ids(tracks.entries), [2103, 2102, 2101, 2301]);
  const byTitle = await data(await api('/catalog/articles?category=games-arcade&sort=title'));
  assert.deepEqual(ids(byTitle.entries), [4101, 4102], "publishers are a directory, not games");
  const none = await data(await api('/catalog/articles?section=tournaments'));
  assert.deepEqual(none, { entries: [], total: 0, offset: 0, limit: 10 });
});

test('rating rule on list, search, details, fragments and media URLs', async () => {
  // 3201 is rated 50, 3103 is 30, 2103 is 40.
  const all = await data(await api('/catalog/articles?section=video&limit=50'));
  assert.ok(ids(all.entries).includes(3201));
  const capped = await data(await api('/catalog/articles?section=video&limit=50&maxRating=30'));
  assert.ok(!ids(capped.entries).includes(3201));
  assert.equal(capped.total, all.total - 1);
  const teens = await data(await api('/catalog/articles?section=video&maxRating=20'));
  assert.deepEqual(ids(teens.entries), [3001, 3101, 3102]);
  const min = await data(await api('/catalog/articles?section=video&minRating=30'));
  assert.deepEqual(ids(min.entries), [3103, 3201]);

  const found = await data(await api('/search?q=harvest'));
  assert.deepEqual(ids(found.entries), [3201]);
  const hidden = await data(await api('/search?q=harvest&maxRating=40'));
  assert.deepEqual(hidden.entries, []);
  assert.equal(hidden.total, 0);

  await expectError(await api('/catalog/articles/3201?maxRating=40'), 404, 'ARTICLE_NOT_FOUND');
  const series = await data(await api('/catalog/articles/3001?maxRating=20'));
  assert.deepEqual(ids(series.episodes), [3101, 3102]);
  await expectError(await api('/structure/fragments_get-article-details/fragment/2103?maxRating=30'), 404,
    'ARTICLE_NOT_FOUND');
  const frag = await data(await api('/structure/fragments_get-articles/fragment/2050?maxRating=30'));
  assert.deepEqual(ids(frag.entries), [2101, 2102]);
  const cat = await data(await api('/structure/fragments_get-articles/fragment/video-drama?maxRating=20&limit=50'));
  assert.deepEqual(ids(cat.entries), [3001, 3101, 3102]);
  await expectError(await api('/media/2103?kind=preview&maxRating=30'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await api('/concon/countread?id=3201&maxRating=40'), 404, 'ARTICLE_NOT_FOUND');
  const cats = await data(await api('/catalog/categories?section=video&maxRating=20'));
  assert.equal(cats.find((c) => c.id === 'video-drama').count, 3);
});

test('fragments: article details ConfigNode and article lists', async () => {
  const node = await data(await api('/structure/fragments_get-article-details/fragment/2050?lang=en'));
  assert.equal(node.name, 'fragments_get-article-details');
  assert.equal(node.data.title, 'Neon Nights');
  assert.equal(node.data.clickUrl, '/music/albums/luna-waves/2001/neon-nights/2050');
  assert.equal(node.data.customProperties.article.id, 2050);
  assert.deepEqual(node.substructure.map((n) => n.data.clickUrl), [
    '/music/tracks/neon-skyline/2101', '/music/tracks/midnight-drive/2102', '/music/tracks/explicit-anthem/2103']);
  const list = await data(await api('/structure/fragments_get-articles/fragment/music-pop?offset=1&limit=2'));
  assert.equal(list.total, 7);
  assert.equal(list.offset, 1);
  assert.equal(list.limit, 2);
  assert.deepEqual(ids(list.entries), [2050, 2101]);
  const playlist = await data(await api('/structure/fragments_get-articles/fragment/2201?limit=2'));
  assert.equal(playlist.total, 3);
  assert.deepEqual(ids(playlist.entries), [2102, 2101]);
  // Other structures still come from the structure service.
  const header = await data(await api('/structure/header'));
  assert.equal(header.name, 'header');
});

test('search: prefix, ranked, Arabic, German, artists, section, paging', async () => {
  const neon = await data(await api('/search?q=neo'));
  assert.deepEqual(ids(neon.entries).sort(), [2050, 2101]);
  const arabic = await data(await api(`/search?q=${encodeURIComponent('الصحراء')}&lang=ar`));
  assert.deepEqual(ids(arabic.entries), [2301]);
  assert.equal(arabic.entries[0].title, 'أغنية الصحراء');
  const arabicPrefix = await data(await api(`/search?q=${encodeURIComponent('أفق')}`));
  assert.deepEqual(ids(arabicPrefix.entries), [2101]);
  const german = await data(await api(`/search?q=${encodeURIComponent('Straße')}&lang=de`));
  assert.deepEqual(ids(german.entries), [2101]);
  const umlaut = await data(await api(`/search?q=${encodeURIComponent('blockläu')}`));
  assert.deepEqual(ids(umlaut.entries), [4101]);
  // Diacritics do not matter, on either database.
  const accented = await data(await api(`/search?q=${encodeURIComponent('nÉon skÿline')}`));
  assert.deepEqual(ids(accented.entries), [2101]);
  const plain = await data(await api('/search?q=blocklaufer'));
  assert.deepEqual(ids(plain.entries), [4101]);
  const harakat = await data(await api(`/search?q=${encodeURIComponent('أُفُق')}`));
  assert.deepEqual(ids(harakat.entries), [2101]);
  const grossstadt = await data(await api(`/search?q=${encodeURIComponent('Großstädte')}`));
  assert.deepEqual(ids(grossstadt.entries), [2101]);
  const byArtist = await data(await api('/search?q=luna&section=music&limit=50'));
  assert.ok(ids(byArtist.entries).includes(2101));
  assert.ok(ids(byArtist.entries).includes(2050));
  const paged = await data(await api('/search?q=harbour&limit=2&offset=0'));
  assert.equal(paged.total, 4);
  assert.equal(paged.entries.length, 2);
  // Ranking: the series title matches better than an episode's.
  const ranked = await data(await api('/search?q=harbour%20lights&limit=50'));
  assert.equal(ranked.entries.length, 4);
  const empty = await data(await api('/search?q=%22%29%20OR%20*'));
  assert.ok(Array.isArray(empty.entries));
  const nothing = await data(await api('/search?q='));
  assert.deepEqual(nothing.entries, []);
});

test('categories and category artwork', async () => {
  const cats = await data(await api('/catalog/categories?section=music&lang=ar'));
  assert.deepEqual(cats, [{ id: 'music-pop', title: 'بوب', section: 'music', artwork: '/media/art/pop.svg', parentId: null,
    count: 7 }]);
  const all = await data(await api('/catalog/categories'));
  assert.equal(all.length, 5);
  const art = await data(await api('/content/category/artwork?categoryId=music-pop'));
  assert.deepEqual(art, { categoryId: 'music-pop',
    artworks: [{ url: '/media/art/pop.svg', artworkClass: 'BANNER', orientation: 'Landscape' }] });
});

test('read counter increments atomically', async () => {
  const before = await data(await api('/catalog/articles?contentType=podcast'));
  assert.equal(before.total, 1);
  const results = await Promise.all(Array.from({ length: 10 }, () => api('/concon/countread?id=5101&category=podcast-talk')));
  const counts = await Promise.all(results.map(data));
  assert.deepEqual(counts.map((c) => c.count).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const popular = await data(await api('/catalog/articles?section=podcast&sort=popular'));
  assert.equal(popular.entries[0].id, 5101);
});

test('guests may play free online games only (commerce §1); publishers are not listed as games', async () => {
  const free = await data(await api('/media/4101?kind=full'));
  assert.equal(free.isPreview, false);
  assert.equal(free.url, '/media/generated/games/4101/index.html', 'games load their scripts by relative URL');
  await expectError(await api('/media/2101?kind=full'), 401, 'UNAUTHORIZED');
  const games = await data(await api('/catalog/articles?section=games&limit=50'));
  assert.ok(games.entries.length > 0);
  assert.ok(games.entries.every((a) => a.contentType !== 'publisher'));
  const publishers = await data(await api('/catalog/articles?section=games&contentType=publisher'));
  assert.deepEqual(publishers.entries.map((a) => a.id), [4001]);
});

test('media: public preview, full needs a user, signed URL works, forgery and expiry are 403', async () => {
  const preview = await data(await api('/media/2101?kind=preview'));
  assert.deepEqual(preview, { url: '/media/generated/audio/2101-preview.mp3', isPreview: true, expires: null });
  const file = await fetch(server.base + preview.url);
  assert.equal(file.status, 200);
  assert.equal(await file.text(), 'PREVIEW-2101');
  const unsigned = await fetch(server.base + '/media/generated/audio/2101.mp3', { headers: { Range: 'bytes=0-3' } });
  assert.equal(unsigned.status, 403, 'a paid file is never public');
  assert.doesNotMatch(await unsigned.text(), /FULL/);
  const previewRange = await fetch(server.base + preview.url, { headers: { Range: 'bytes=0-6' } });
  assert.equal(previewRange.status, 206);
  assert.equal(await previewRange.text(), 'PREVIEW');
  assert.equal((await fetch(server.base + '/media/generated/audio/none-preview.mp3')).status, 404);
  assert.equal((await fetch(server.base + '/media/generated/audio/none.mp3')).status, 403, 'no hint whether a paid file exists');
  assert.equal((await fetch(server.base + '/media/generated/../../etc/passwd')).status, 404);

  await expectError(await api('/media/2101?kind=full'), 401, 'UNAUTHORIZED');
  await expectError(await api('/media/2101?kind=whole'), 400, 'VALIDATION_ERROR');
  await expectError(await api('/media/2102?kind=full', { headers: { Authorization: 'Bearer nope' } }), 401);

  const token = await signIn(api);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const full = await data(await api('/media/2101?kind=full', auth));
  assert.equal(full.isPreview, false);
  assert.match(full.url, /^\/media\/secure\/audio\/2101\.mp3\?tenant=\d+&article=2101&exp=\d+&sig=[0-9a-f]{64}$/);
  assert.ok(full.expires > Date.now());
  const ok = await fetch(server.base + full.url);
  assert.equal(ok.status, 200);
  assert.match(await ok.text(), /^FULL-2101-/);
  const partial = await fetch(server.base + full.url, { headers: { Range: 'bytes=5-8' } });
  assert.equal(partial.status, 206);
  assert.equal(await partial.text(), '2101');

  const url = new URL(full.url, server.base);
  const sig = url.searchParams.get('sig');
  const forged = new URL(url);
  forged.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
  assert.equal((await fetch(forged)).status, 403);
  const longer = new URL(url);
  longer.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
  assert.equal((await fetch(longer)).status, 403);
  const otherFile = new URL(url);
  otherFile.pathname = '/media/secure/audio/2103.mp3';
  assert.equal((await fetch(otherFile)).status, 403);
  assert.equal((await fetch(server.base + '/media/secure/audio/2101.mp3')).status, 403);
  const denied = await fetch(forged);
  assert.match(denied.headers.get('content-type'), /application\/json/);

  // The demo subscriber's aurora plan covers music only (the entitlement decision, issue 12).
  await expectError(await api('/media/3101?kind=full', auth), 403, 'NOT_ENTITLED');
  // Paid HLS, for vela's subscriber (video included): the playlist's URIs carry the signature, which covers its directory.
  const vela = backend(server, 'vela');
  const hls = await data(await vela('/media/3101?kind=full', { headers: { Authorization: `Bearer ${await signIn(vela)}` } }));
  assert.match(hls.url, /^\/media\/secure\/hls\/3101\/index\.m3u8\?tenant=\d+&article=3101&exp=\d+&sig=[0-9a-f]{64}$/);
  const master = await fetch(server.base + hls.url);
  assert.equal(master.status, 200);
  const query = new URL(hls.url, server.base).search;
  const variant = (await master.text()).split('\n')[2];
  assert.equal(variant, `720p/index.m3u8${query}`);
  const variantRes = await fetch(new URL(variant, new URL(hls.url, server.base)));
  assert.equal(variantRes.status, 200);
  const segment = (await variantRes.text()).split('\n')[2];
  assert.equal(segment, `seg0.ts${query}`);
  const segmentRes = await fetch(new URL(segment, new URL(`${server.base}/media/secure/hls/3101/720p/index.m3u8`)));
  assert.equal(segmentRes.status, 200);
  assert.equal(await segmentRes.text(), 'SEGMENT-0');
  const outside = new URL(hls.url, server.base);
  outside.pathname = '/media/secure/audio/2101.mp3';
  assert.equal((await fetch(outside)).status, 403);

  // Rated above the caller's maximum: no URL at all.
  await expectError(await api('/media/2103?kind=full&maxRating=30', auth), 404, 'ARTICLE_NOT_FOUND');

  // A played file's URL lives at least twice its length (a long film's segments are fetched while it
  // plays); a download link lives --media-url-ttl (3 s here) seconds.
  const track = await data(await api('/catalog/articles/2101'));
  assert.ok(full.expires >= Date.now() + 2 * track.durationSeconds * 1000 - 5000);
  const link = await data(
    await api('/song/download', {
      method: 'POST',
      headers: { ...auth.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ articleId: 2101, distributionChannel: 'WEB' }),
    }),
  );
  assert.equal((await fetch(server.base + link.uri)).status, 200);
  await new Promise((r) => setTimeout(r, 4200));
  assert.equal((await fetch(server.base + link.uri)).status, 403);
});

test('page payload and head of a catalog detail page; stale slugs resolve by id', async () => {
  const res = await rawRequest(server, { path: '/music/tracks/old-name/2101', headers: { Host: `localhost:${server.port}` } });
  assert.equal(res.status, 200);
  assert.match(res.body, /<title>Neon Skyline \| [^<]+<\/title>/);
  assert.match(res.body, /<meta name="description" content="A bright synth track">/);
  assert.match(res.body, /<meta property="og:image" content="http:\/\/localhost:\d+\/media\/art\/2101\.svg">/);
  assert.match(res.body, /<meta property="og:type" content="music.song">/);
  const ld = JSON.parse(res.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)[1]);
  assert.equal(ld['@type'], 'MusicRecording');
  assert.equal(ld.name, 'Neon Skyline');
  assert.match(ld.url, /\/music\/tracks\/neon-skyline\/2101$/);
  assert.equal(ld.byArtist[0].name, 'Luna Waves');
  const payload = JSON.parse(res.body.match(/<script id="__PORTAL_DATA__" type="application\/json">(.*?)<\/script>/)[1]);
  assert.equal(payload.page.data.article.id, 2101);
  assert.ok(payload.page.data.structures.header);

  const json = await fetch(`${server.base}/_payload/ar/video/series/details/x/3001.json`);
  assert.equal(json.status, 200);
  const body = await json.json();
  assert.equal(body.data.article.title, 'أضواء الميناء');
  assert.deepEqual(ids(body.data.article.episodes), [3101, 3102, 3103]);

  const game = await rawRequest(server, { path: '/games/details/block-runner/4101', headers: { Host: `localhost:${server.port}` } });
  assert.match(game.body, /"@type":"VideoGame"/);
  // List pages carry the first page of their list.
  const list = await (await fetch(`${server.base}/_payload/music/tracks.json?category=music-pop`)).json();
  assert.equal(list.data.list.total, 4);
  assert.equal(list.data.list.limit, 24);
  assert.deepEqual(ids(list.data.list.entries), [2101, 2102, 2103, 2301]);
  const genre = await (await fetch(`${server.base}/_payload/de/music/genre/music-pop.json`)).json();
  assert.equal(genre.data.list.total, 7);
  assert.equal(genre.data.list.entries.find((e) => e.id === 2101).title, 'Neon-Skyline über der Straße');
  const games = await (await fetch(`${server.base}/_payload/games/list.json`)).json();
  assert.deepEqual(ids(games.data.list.entries), [4101, 4102]);
  assert.deepEqual(games.data.list.query, { section: 'games', contentType: '', category: '', sort: '' });
  // A named list is an order, not a category: /video/list/featured is every video, most popular first.
  const featured = await (await fetch(`${server.base}/_payload/video/list/featured.json`)).json();
  assert.ok(featured.data.list.total > 0);
  assert.deepEqual(featured.data.list.query, { section: 'video', contentType: '', category: '', sort: 'popular' });
  const byTitle = await (await fetch(`${server.base}/_payload/music/tracks.json?sort=title`)).json();
  assert.equal(byTitle.data.list.query.sort, 'title');
  // A detail page whose article does not exist is no page (issue 10): 404, as an unmatched path.
  const missing = await fetch(`${server.base}/_payload/music/tracks/x/999999.json`);
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).error, 'PAGE_NOT_FOUND');
});
