// Likes and ratings (issue 15; commerce §3, §4, §6, §7): every liked kind of
// commerce §3 with its content types, like/unlike idempotent, guests' empty
// lists and 401 writes, unknown kinds and articles, the rating window, rating
// bounds, one rating per user and article with its average and count, and
// tenant isolation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data } from '../subscriptions/support.mjs';

const TRACK = 20001;
const ALBUM = 2102;
const PLAYLIST = 2101;
const GAME = 4503; // rated 0
const ONLINE = 4101; // a free online game
const ADULT_FILM = 3103; // rated 40
const KINDS = {
  tracks: 20001, playlists: 2101, albums: 2102, artists: 2001, games: 4503, videos: 3102, 'Online Game': 4101,
  videoCollection: 3101, podcast: 50001, podcastCollection: 5101, audiobook: 6101, audiobookChapter: 60001,
  CloudGame: 4102, product: 8001,
};
let server, aurora, noor;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => {
  if (server) await server.stop();
});

const kindPath = (kind) => encodeURIComponent(kind);
const like = (call, kind, id, token, method = 'POST', query = '') =>
  call(`/like/${kindPath(kind)}/${id}${query}`, { method, token });
const rate = (call, token, body) => call('/rating', { method: 'PUT', token, body });

test('likes: a guest reads empty lists and may not like (401)', async () => {
  const list = await aurora('/like/tracks');
  assert.deepEqual(await data(list), []);
  assert.equal(list.headers.get('x-result-count'), '0-0/0');
  assert.deepEqual(await data(await aurora('/like/playlists')), []);
  const ids = await data(await aurora('/like'));
  assert.equal(Object.keys(ids).length, 14);
  for (const kind of Object.keys(KINDS)) assert.deepEqual(ids[kind], [], kind);
  await expectError(await like(aurora, 'tracks', TRACK), 401, 'UNAUTHORIZED');
  await expectError(await like(aurora, 'tracks', TRACK, undefined, 'DELETE'), 401, 'UNAUTHORIZED');
});

test('likes: every kind of commerce §3 takes its article and lists it with its Article answer', async () => {
  const { token } = await newUser(server, 'aurora');
  for (const [kind, id] of Object.entries(KINDS)) {
    const liked = await data(await like(aurora, kind, id, token));
    assert.equal(liked.id, id, kind);
    assert.equal(liked.type, kind);
    assert.equal(liked.liked, true);
    const list = await data(await aurora(`/like/${kindPath(kind)}?lang=de`, { token }));
    const entry = list.find((e) => e.id === id);
    assert.ok(entry, `${kind} lists ${id}`);
    assert.equal(entry.article.id, id);
    assert.equal(entry.contentType, liked.contentType);
  }
  const ids = await data(await aurora('/like', { token }));
  for (const [kind, id] of Object.entries(KINDS)) assert.ok(ids[kind].includes(id), `${kind} ids hold ${id}`);
  // An online game is one like, in every kind that takes online games.
  assert.ok(ids.games.includes(ONLINE));
  assert.ok(ids.CloudGame.includes(ONLINE));
  const playlists = await aurora('/like/playlists', { token });
  assert.deepEqual((await data(playlists)).map((e) => e.id), [PLAYLIST]);
  assert.equal(playlists.headers.get('x-result-count'), '1-1/1');
  assert.match(playlists.headers.get('cache-control'), /no-store/);
});

test('likes: POST and DELETE are idempotent', async () => {
  const { token } = await newUser(server, 'aurora');
  const first = await data(await like(aurora, 'tracks', TRACK, token));
  const second = await data(await like(aurora, 'tracks', TRACK, token));
  assert.equal(second.likedAt, first.likedAt, 'a second like changes nothing');
  assert.equal((await data(await aurora('/like/tracks', { token }))).length, 1);
  const removed = await data(await like(aurora, 'tracks', TRACK, token, 'DELETE'));
  assert.equal(removed.liked, false);
  const again = await data(await like(aurora, 'tracks', TRACK, token, 'DELETE'));
  assert.equal(again.liked, false);
  assert.deepEqual(await data(await aurora('/like/tracks', { token })), []);
  // Concurrent likes of one article are one like.
  await Promise.all([1, 2, 3, 4].map(() => like(aurora, 'albums', ALBUM, token)));
  assert.equal((await data(await aurora('/like/albums', { token }))).length, 1);
});

test('likes: an unknown kind is 400 naming type; an unknown, foreign-kind or hidden article is 404', async () => {
  const { token } = await newUser(server, 'aurora');
  const bad = await expectError(await like(aurora, 'songs', TRACK, token), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'type');
  assert.equal((await expectError(await aurora('/like/songs', { token }), 400, 'VALIDATION_ERROR')).data.field, 'type');
  await expectError(await like(aurora, 'tracks', 99999999, token), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await like(aurora, 'tracks', 'abc', token), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await like(aurora, 'albums', TRACK, token), 404, 'ARTICLE_NOT_FOUND');
  // Above the request's rating window the article does not exist.
  await expectError(await like(aurora, 'videos', ADULT_FILM, token, 'POST', '?maxRating=20'), 404, 'ARTICLE_NOT_FOUND');
  assert.equal((await data(await like(aurora, 'videos', ADULT_FILM, token))).liked, true);
  // Removing stays possible whatever the window.
  assert.equal((await data(await like(aurora, 'videos', ADULT_FILM, token, 'DELETE', '?maxRating=20'))).liked, false);
  const page = await expectError(await aurora('/like/tracks?limit=500', { token }), 400, 'VALIDATION_ERROR');
  assert.equal(page.data.field, 'limit');
});

test('likes: tenants do not share them', async () => {
  const { token } = await newUser(server, 'aurora');
  await data(await like(aurora, 'tracks', TRACK, token));
  const other = await newUser(server, 'noor');
  assert.deepEqual(await data(await noor('/like/tracks', { token: other.token })), []);
  // An aurora token means nothing to noor.
  const res = await noor('/like/tracks', { token });
  assert.ok(res.status === 401 || (res.status === 200 && (await res.json()).data.length === 0));
});

test('ratings: a guest reads null and the summary, and may not rate', async () => {
  const mine = await data(await aurora(`/rating/user/article/${GAME}`));
  assert.deepEqual(mine, { articleId: GAME, score: null, contentType: null, updatedAt: null });
  const summary = await data(await aurora(`/rating/article/${GAME}`));
  assert.equal(summary.articleId, GAME);
  assert.equal(summary.min, 1);
  assert.equal(summary.max, 5);
  await expectError(await rate(aurora, undefined, { articleId: GAME, deviceId: '1', score: 4, contentType: 'game' }), 401);
  await expectError(await aurora('/rating/user/article/99999999'), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await aurora('/rating/article/99999999'), 404, 'ARTICLE_NOT_FOUND');
});

test('ratings: bounds and body fields are checked, naming the field', async () => {
  const { token } = await newUser(server, 'aurora');
  const body = { articleId: GAME, deviceId: '1', score: 4, contentType: 'game' };
  for (const score of [0, 6, -1, 3.5, '4', null]) {
    const e = await expectError(await rate(aurora, token, { ...body, score }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, 'score', `score ${JSON.stringify(score)}`);
  }
  assert.equal((await expectError(await rate(aurora, token, { ...body, contentType: 'album' }), 400)).data.field, 'contentType');
  assert.equal((await expectError(await rate(aurora, token, { ...body, deviceId: 'x'.repeat(65) }), 400)).data.field, 'deviceId');
  assert.equal((await expectError(await rate(aurora, token, { ...body, articleId: 'x' }), 400)).data.field, 'articleId');
  await expectError(await rate(aurora, token, { ...body, articleId: 99999999 }), 404, 'ARTICLE_NOT_FOUND');
  // deviceId may come as a number, or not at all.
  assert.equal((await data(await rate(aurora, token, { ...body, deviceId: 1 }))).score, 4);
  const { deviceId: _, ...noDevice } = body;
  assert.equal((await data(await rate(aurora, token, { ...noDevice, score: 3 }))).score, 3);
});

test('ratings: one per user and article (a second PUT replaces it); average and count', async () => {
  const a = await newUser(server, 'aurora');
  const b = await newUser(server, 'aurora');
  const body = { articleId: ONLINE, deviceId: '1', contentType: 'online_game' };
  const first = await data(await rate(aurora, a.token, { ...body, score: 2 }));
  assert.equal(first.count, 1);
  assert.equal(first.average, 2);
  const changed = await data(await rate(aurora, a.token, { ...body, score: 5 }));
  assert.equal(changed.count, 1, 'the second rating replaces the first');
  assert.equal(changed.average, 5);
  // Concurrent PUTs of one user are still one rating.
  await Promise.all([1, 2, 3].map((score) => rate(aurora, b.token, { ...body, score })));
  const summary = await data(await aurora(`/rating/article/${ONLINE}`));
  assert.equal(summary.count, 2);
  const mineB = await data(await aurora(`/rating/user/article/${ONLINE}`, { token: b.token }));
  assert.ok([1, 2, 3].includes(mineB.score));
  assert.equal(summary.average, Math.round(((5 + mineB.score) / 2) * 10) / 10);
  const mineA = await data(await aurora(`/rating/user/article/${ONLINE}`, { token: a.token }));
  assert.equal(mineA.score, 5);
  assert.equal(mineA.contentType, 'online_game');
});

test('ratings: tenants do not share them', async () => {
  const a = await newUser(server, 'aurora');
  const n = await newUser(server, 'noor');
  await data(await rate(aurora, a.token, { articleId: TRACK, deviceId: '1', score: 1, contentType: 'full_track_music' }));
  await data(await rate(noor, n.token, { articleId: TRACK, deviceId: '1', score: 5, contentType: 'full_track_music' }));
  const inNoor = await data(await noor(`/rating/article/${TRACK}`));
  assert.equal(inNoor.count, 1);
  assert.equal(inNoor.average, 5);
  const inAurora = await data(await aurora(`/rating/article/${TRACK}`));
  assert.equal(inAurora.average, 1);
  assert.equal((await data(await noor(`/rating/user/article/${TRACK}`, { token: n.token }))).score, 5);
});
