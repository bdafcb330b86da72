// Streaming (issue 13): /song and /video/streaming per entitlement case (the
// one decision of the purchases domain behind every full URL), signed HLS
// playlists whose renditions and segments are reachable only through them,
// tickets and their usage reports (foreign, other tenant, expired, overlong,
// retries, concurrency), and the play history per role and content type.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data, mySubscriptions, advance, GUEST } from '../subscriptions/support.mjs';

const TRACK = 20001; // Midnight Drive, 83 s
const TRACK2 = 20002; // 62 s
const CHAPTER = 60001; // an audiobook chapter, 86 s
const PODCAST = 50001; // a free podcast episode, 69 s
const FILM = 3102; // a film, HLS in hls/v3102/
const ALBUM = 2102;
let server, aurora, noor, vela, mediaRoot;

before(async () => {
  // The few media files the tests fetch: a track and one HLS ladder (master, one rendition, one segment).
  mediaRoot = mkdtempSync(join(tmpdir(), 'portal-streaming-media-'));
  mkdirSync(join(mediaRoot, 'audio'));
  writeFileSync(join(mediaRoot, 'audio', '20001.mp3'), 'FULL-20001');
  mkdirSync(join(mediaRoot, 'hls', 'v3102', '360p'), { recursive: true });
  writeFileSync(join(mediaRoot, 'hls', 'v3102', 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n');
  writeFileSync(join(mediaRoot, 'hls', 'v3102', '360p', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg0.ts\n#EXT-X-ENDLIST\n');
  writeFileSync(join(mediaRoot, 'hls', 'v3102', '360p', 'seg0.ts'), 'SEGMENT-0');
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock', '--media-root', mediaRoot]);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
  vela = client(server, 'vela');
});
after(async () => {
  if (server) await server.stop();
  rmSync(mediaRoot, { recursive: true, force: true });
});

const song = (call, id, token, extra = {}) =>
  call('/song', { method: 'POST', token, body: { id, protocol: 'https', ...extra } });
const video = (call, id, token, extra = {}) =>
  call('/video/streaming', { method: 'POST', token, body: { id, protocol: 'hls', ...extra } });
const report = (call, token, body) => call('/content/streaming/report', { method: 'POST', token, body });
const listened = (ticketId, usageDuration, date = new Date().toISOString(), extra = {}) => ({
  ticketId, type: 'listened', date, usageDuration, maxUsageDuration: 83, offline: false, partial: false, ...extra,
});
const SIGNED = /^\/media\/secure\/audio\/20001\.mp3\?tenant=\d+&article=20001&exp=\d+&sig=[0-9a-f]+$/;

test('song: a guest hears the public preview and is offered nothing; no ticket', async () => {
  const a = await data(await song(aurora, TRACK));
  assert.deepEqual(a, { url: '/media/generated/audio/20001-preview.mp3', isPreview: true, purchase: [], ticket: null, expires: null });
  // A free podcast still needs a signed-in user for the full episode (commerce §1).
  const p = await data(await song(aurora, PODCAST));
  assert.equal(p.isPreview, true);
  assert.equal(p.ticket, null);
  const res = await song(aurora, TRACK);
  assert.match(res.headers.get('cache-control'), /no-store/);
});

test('song: the aurora music subscriber (unlimited) gets the signed full track and a ticket per play', async () => {
  const token = await aurora.login();
  const first = await data(await song(aurora, TRACK, token));
  assert.match(first.url, SIGNED);
  assert.equal(first.isPreview, false);
  assert.deepEqual(first.purchase, []);
  assert.match(first.ticket, /^[0-9a-f-]{36}$/);
  assert.ok(first.expires > Date.now(), 'the signed URL expires later');
  const file = await fetch(`${server.base}${first.url}`);
  assert.equal(file.status, 200);
  assert.equal(await file.text(), 'FULL-20001');
  const second = await data(await song(aurora, TRACK, token));
  assert.notEqual(second.ticket, first.ticket, 'each play is a new ticket');
  // The plan covers music only: an audiobook chapter is a preview with its offers.
  const chapter = await data(await song(aurora, CHAPTER, token));
  assert.equal(chapter.isPreview, true);
  assert.ok(chapter.purchase.some((p) => p.purchaseIdentifier === `dto-${CHAPTER}`));
});

test('song: a user without a plan gets the preview and the purchase options', async () => {
  const { token } = await newUser(server, 'aurora');
  const a = await data(await song(aurora, TRACK, token));
  assert.equal(a.isPreview, true);
  assert.equal(a.url, '/media/generated/audio/20001-preview.mp3');
  assert.equal(a.ticket, null);
  assert.deepEqual(a.purchase.map((p) => p.purchaseIdentifier), ['dto-20001', 'subscription-101', 'subscription-102', 'subscription-103']);
  assert.deepEqual(a.purchase[0], {
    purchaseIdentifier: 'dto-20001', type: 'DTO', title: 'Midnight Drive', price: { amount: 99, currency: 'EUR' },
    consumable: false, sort: 0, subscriptionType: null,
  });
  assert.equal(a.purchase[1].subscriptionType.id, 101);
  // consume:true changes nothing for someone without a credit.
  const again = await data(await song(aurora, TRACK, token, { consume: true }));
  assert.equal(again.isPreview, true);
  // A free episode plays in full for any signed-in user.
  const podcast = await data(await song(aurora, PODCAST, token));
  assert.equal(podcast.isPreview, false);
  assert.ok(podcast.ticket);
});

test('song: a noor credit holder hears the preview until confirming; the credit is spent once, then it is owned', async () => {
  const token = await noor.login();
  const credits = async () => (await mySubscriptions(noor, token))[0].contingents[0].amount;
  assert.equal(await credits(), 3);
  const auto = await data(await song(noor, TRACK, token));
  assert.deepEqual(auto, { url: '/media/generated/audio/20001-preview.mp3', isPreview: true, purchase: [], ticket: null, expires: null });
  await data(await song(noor, TRACK, token, { consume: false }));
  assert.equal(await credits(), 3, 'an unconfirmed play never spends a credit');

  const confirmed = await data(await song(noor, TRACK, token, { consume: true }));
  assert.match(confirmed.url, SIGNED);
  assert.equal(confirmed.isPreview, false);
  assert.ok(confirmed.ticket);
  assert.equal(await credits(), 2);
  // Owned now: full without a confirmation, and never a second credit.
  const owned = await data(await song(noor, TRACK, token));
  assert.equal(owned.isPreview, false);
  await data(await song(noor, TRACK, token, { consume: true }));
  assert.equal(await credits(), 2);
  const wallet = await data(await noor(`/wallet/walletarticle/article/${TRACK}`, { token }));
  assert.equal(wallet.articleId, TRACK);
});

test('song: bad bodies, other content types and unknown ids', async () => {
  const e1 = await expectError(await aurora('/song', { method: 'POST', body: { id: TRACK, protocol: 'rtmp' } }), 400, 'VALIDATION_ERROR');
  assert.equal(e1.data.field, 'protocol');
  const e2 = await expectError(await aurora('/song', { method: 'POST', body: { id: TRACK } }), 400, 'VALIDATION_ERROR');
  assert.equal(e2.data.field, 'protocol');
  const e3 = await expectError(await aurora('/song', { method: 'POST', body: { id: 'abc', protocol: 'https' } }), 400, 'VALIDATION_ERROR');
  assert.equal(e3.data.field, 'id');
  const e4 = await expectError(await song(aurora, FILM), 400, 'NOT_AUDIO');
  assert.equal(e4.data.field, 'id');
  await expectError(await song(aurora, ALBUM), 400, 'NOT_AUDIO');
  await expectError(await song(aurora, 999999), 404, 'ARTICLE_NOT_FOUND');
  const e5 = await expectError(await aurora('/song', { method: 'POST', body: { id: TRACK, protocol: 'https', consume: 'yes' } }), 400, 'VALIDATION_ERROR');
  assert.equal(e5.data.field, 'consume');
});

test('video: the vela subscriber gets a signed master playlist; renditions and segments only with the signature', async () => {
  const token = await vela.login();
  const v = await data(await video(vela, FILM, token));
  assert.match(v.url, /^\/media\/secure\/hls\/v3102\/master\.m3u8\?tenant=\d+&article=3102&exp=\d+&sig=[0-9a-f]+$/);
  assert.equal(v.isPreview, false);
  assert.ok(v.ticket);
  const query = v.url.slice(v.url.indexOf('?') + 1);

  const master = await fetch(`${server.base}${v.url}`);
  assert.equal(master.status, 200);
  const masterText = await master.text();
  assert.ok(masterText.includes(`360p/index.m3u8?${query}`), masterText);
  const rendition = await fetch(`${server.base}/media/secure/hls/v3102/360p/index.m3u8?${query}`);
  assert.equal(rendition.status, 200);
  const renditionText = await rendition.text();
  assert.ok(renditionText.includes(`seg0.ts?${query}`), renditionText);
  const segment = await fetch(`${server.base}/media/secure/hls/v3102/360p/seg0.ts?${query}`);
  assert.equal(segment.status, 200);
  assert.equal(await segment.text(), 'SEGMENT-0');

  // Without (or with a wrong) signature, or through the public path: refused.
  for (const path of ['/media/secure/hls/v3102/360p/index.m3u8', '/media/secure/hls/v3102/360p/seg0.ts',
    `/media/secure/hls/v3102/360p/seg0.ts?${query.replace(/sig=([0-9a-f])/, (_, c) => `sig=${c === '0' ? '1' : '0'}`)}`,
    '/media/generated/hls/v3102/360p/seg0.ts', '/media/generated/hls/v3102/master.m3u8'])
    assert.equal((await fetch(`${server.base}${path}`)).status, 403, path);
  // Another video's directory is not covered by this signature.
  assert.equal((await fetch(`${server.base}/media/secure/hls/v3104/master.m3u8?${query}`)).status, 403);
});

test('video: guests and users without a plan get the public preview; drm is refused; types checked', async () => {
  const guest = await data(await video(vela, FILM));
  assert.deepEqual(guest, { url: '/media/generated/hls/v3102/preview.mp4', isPreview: true, purchase: [], ticket: null, expires: null });
  const { token } = await newUser(server, 'vela');
  const user = await data(await video(vela, FILM, token, { externalProviderCode: 'x-1' }));
  assert.equal(user.isPreview, true);
  assert.ok(user.purchase.length > 0, 'offers for a signed-in user');
  // The aurora music subscriber holds no video plan.
  const auroraSub = await aurora.login();
  assert.equal((await data(await video(aurora, FILM, auroraSub))).isPreview, true);

  const vt = await vela.login();
  for (const drm of ['widevine', 'fairplay']) {
    const e = await expectError(await video(vela, FILM, vt, { drm }), 400, 'DRM_NOT_SUPPORTED');
    assert.equal(e.data.field, 'drm');
  }
  assert.equal((await data(await video(vela, FILM, vt, { drm: 'none' }))).isPreview, false);
  const e = await expectError(await video(vela, TRACK, vt), 400, 'NOT_VIDEO');
  assert.equal(e.data.field, 'id');
  const p = await expectError(await video(vela, FILM, vt, { protocol: 'dash' }), 400, 'VALIDATION_ERROR');
  assert.equal(p.data.field, 'protocol');
  await expectError(await video(vela, 999999, vt), 404, 'ARTICLE_NOT_FOUND');
});

test('reports: counted per ticket, retries counted once, the length never passed; foreign tickets do not exist', async () => {
  const token = await aurora.login();
  const { ticket } = await data(await song(aurora, TRACK, token));
  // A report counts at most the time its ticket has been open (counting.test.mjs): let the track play out.
  await advance(server, 90);
  const date = '2026-11-23T09:00:15.000Z';
  const first = await data(await report(aurora, token, listened(ticket, 15, date)), 201);
  assert.deepEqual(first, {
    ticketId: ticket, counted: true, listenedSeconds: 15, mediaSeconds: 83, expiresAt: first.expiresAt,
    claimedSeconds: 15, countedSeconds: 15, closedAt: null,
  });
  // The same report again (a retry after a lost answer): stored once, answered 200.
  const retry = await data(await report(aurora, token, listened(ticket, 15, '2026-11-23T11:00:15+02:00')), 200);
  assert.equal(retry.counted, false);
  assert.equal(retry.listenedSeconds, 15);
  // A progress report records a position and adds nothing.
  const progress = await data(await report(aurora, token, { ...listened(ticket, 41.5), type: 'progress' }), 201);
  assert.equal(progress.listenedSeconds, 15);
  // Overlong: 15 + 70 > 83.
  const over = await expectError(await report(aurora, token, listened(ticket, 70)), 422, 'USAGE_EXCEEDS_LENGTH');
  assert.equal(over.data.field, 'usageDuration');
  assert.equal((await data(await report(aurora, token, listened(ticket, 68)), 201)).listenedSeconds, 83);
  await expectError(await report(aurora, token, listened(ticket, 0.5)), 422, 'USAGE_EXCEEDS_LENGTH');

  // Another user's ticket, another tenant's, an unknown one: 404 alike.
  const other = await aurora.login(GUEST);
  await expectError(await report(aurora, other, listened(ticket, 1)), 404, 'TICKET_NOT_FOUND');
  const noorSub = await noor.login();
  await expectError(await report(noor, noorSub, listened(ticket, 1)), 404, 'TICKET_NOT_FOUND');
  await expectError(await report(aurora, token, listened('00000000-0000-4000-8000-000000000000', 1)), 404, 'TICKET_NOT_FOUND');
  // Guests: sign in first.
  await expectError(await report(aurora, undefined, listened(ticket, 1)), 401, 'UNAUTHORIZED');
});

test('reports: every field is validated', async () => {
  const token = await aurora.login();
  const { ticket } = await data(await song(aurora, TRACK, token));
  const cases = [
    [{ type: 'skipped' }, 'type'],
    [{ date: 'yesterday' }, 'date'],
    [{ date: '2026-11-23T09:00:00' }, 'date'],
    [{ usageDuration: -1 }, 'usageDuration'],
    [{ usageDuration: '15' }, 'usageDuration'],
    [{ maxUsageDuration: -3 }, 'maxUsageDuration'],
    [{ offline: 'no' }, 'offline'],
    [{ partial: 1 }, 'partial'],
    [{ ticketId: '' }, 'ticketId'],
    [{ ticketId: undefined }, 'ticketId'],
  ];
  for (const [change, field] of cases) {
    const e = await expectError(await report(aurora, token, { ...listened(ticket, 1), ...change }), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, field, JSON.stringify(change));
  }
});

test('reports: 20 concurrent reports never pass the length', async () => {
  const token = await aurora.login();
  const { ticket } = await data(await song(aurora, TRACK, token)); // 83 s
  await advance(server, 90); // played out: the length, not the time, is the cap here
  const base = Date.parse('2026-11-23T10:00:00Z');
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
    report(aurora, token, listened(ticket, 10, new Date(base + i * 1000).toISOString()))));
  const statuses = answers.map((r) => r.status).sort();
  assert.equal(statuses.filter((s) => s === 201).length, 8, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 422).length, 12, statuses.join(','));
  await Promise.all(answers.map((r) => r.arrayBuffer()));
  // The total is exactly 80 of 83 seconds: 3 more fit, 4 do not.
  await expectError(await report(aurora, token, listened(ticket, 4)), 422, 'USAGE_EXCEEDS_LENGTH');
  assert.equal((await data(await report(aurora, token, listened(ticket, 3)), 201)).listenedSeconds, 83);
});

test('history: role user only, playable types only, PUT/GET/DELETE round trip', async () => {
  await expectError(await aurora(`/user/history/PLAY/${TRACK}`), 401, 'UNAUTHORIZED');
  await expectError(await aurora(`/user/history/PLAY/${TRACK}`, { method: 'POST', body: { contentType: 'full_track_music' } }), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/user/history/PLAY'), 401, 'UNAUTHORIZED');
  const { token } = await newUser(server, 'aurora');
  const path = `/user/history/PLAY/${TRACK}`;
  // Nothing recorded yet (a first play) is an answer, not an error: data null.
  assert.equal(await data(await aurora(path, { token })), null);
  await expectError(await aurora('/user/history/PLAY/abc', { token }), 404, 'HISTORY_NOT_FOUND');

  const put = await data(await aurora(path, { method: 'PUT', token, body: { userCurrentPlaying: 41.5, contentType: 'full_track_music' } }));
  assert.equal(put.userCurrentPlaying, 41.5);
  const got = await data(await aurora(path, { token }));
  assert.deepEqual(got, { articleId: TRACK, contentType: 'full_track_music', userCurrentPlaying: 41.5, updatedAt: put.updatedAt });
  // A new PLAY action keeps the position.
  const played = await data(await aurora(path, { method: 'POST', token, body: { contentType: 'full_track_music' } }), 201);
  assert.equal(played.userCurrentPlaying, 41.5);

  const bad = async (body, field, status = 400, url = path, method = 'PUT') => {
    const e = await expectError(await aurora(url, { method, token, body }), status, status === 400 ? 'VALIDATION_ERROR' : undefined);
    if (field) assert.equal(e.data.field, field);
  };
  await bad({ userCurrentPlaying: -1, contentType: 'full_track_music' }, 'userCurrentPlaying');
  await bad({ userCurrentPlaying: 500, contentType: 'full_track_music' }, 'userCurrentPlaying'); // 83 s + 10 s slack
  await bad({ userCurrentPlaying: 10, contentType: 'album' }, 'contentType');
  await bad({ userCurrentPlaying: 10, contentType: 'podcast' }, 'contentType'); // not the article's type
  await bad({ contentType: 'full_track_music' }, 'userCurrentPlaying');
  await bad({ contentType: 'album' }, 'contentType', 400, `/user/history/PLAY/${ALBUM}`, 'POST');
  await bad({ contentType: 'full_track_music' }, 'type', 400, `/user/history/VIEW/${TRACK}`, 'POST');
  await expectError(await aurora('/user/history/PLAY/999999', { method: 'POST', token, body: { contentType: 'full_track_music' } }), 404, 'ARTICLE_NOT_FOUND');
  await expectError(await aurora('/user/history/PLAY/999999', { method: 'PUT', token, body: { userCurrentPlaying: 1, contentType: 'full_track_music' } }), 404, 'ARTICLE_NOT_FOUND');

  // Another user, another tenant: nothing of it.
  const other = await aurora.login(GUEST);
  assert.equal(await data(await aurora(path, { token: other })), null);

  assert.deepEqual(await data(await aurora(path, { method: 'DELETE', token })), { articleId: TRACK, deleted: true });
  assert.equal(await data(await aurora(path, { token })), null);
  // Deleting twice is fine (idempotent), and so is an id that names nothing.
  assert.deepEqual(await data(await aurora(path, { method: 'DELETE', token })), { articleId: TRACK, deleted: false });
  assert.equal((await aurora('/user/history/PLAY/abc', { method: 'DELETE', token })).status, 200);
});

test('history: the list is newest first with x-result-count', async () => {
  const { token } = await newUser(server, 'aurora');
  const record = (id, contentType) => aurora(`/user/history/PLAY/${id}`, { method: 'POST', token, body: { contentType } });
  await data(await record(TRACK, 'full_track_music'), 201);
  await sleep(5);
  await data(await record(PODCAST, 'podcast'), 201);
  await sleep(5);
  await data(await record(FILM, 'full_length_video'), 201);
  await sleep(5);
  await data(await record(TRACK, 'full_track_music'), 201); // played again: first
  const res = await aurora('/user/history/PLAY?limit=2', { token });
  const page = await data(res);
  assert.equal(res.headers.get('x-result-count'), '1-2/3');
  assert.deepEqual(page.map((e) => e.articleId), [TRACK, FILM]);
  assert.equal(page[0].article.title, 'Midnight Drive');
  const rest = await aurora('/user/history/PLAY?limit=2&offset=2', { token });
  assert.deepEqual((await data(rest)).map((e) => e.articleId), [PODCAST]);
  assert.equal(rest.headers.get('x-result-count'), '3-3/3');
  const e = await expectError(await aurora('/user/history/PLAY?limit=500', { token }), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'limit');
  const empty = await aurora('/user/history/PLAY', { token: await newUser(server, 'aurora').then((u) => u.token) });
  assert.deepEqual(await data(empty), []);
  assert.equal(empty.headers.get('x-result-count'), '0-0/0');
});

// Last: it moves the server's clock.
test('reports: an expired ticket is 410', async () => {
  const token = await aurora.login();
  const { ticket } = await data(await song(aurora, TRACK, token));
  await data(await report(aurora, token, listened(ticket, 5)), 201);
  await advance(server, 6 * 3600 + 1);
  const fresh = await aurora.login(); // the access token expired too
  const e = await expectError(await report(aurora, fresh, listened(ticket, 5)), 410, 'TICKET_EXPIRED');
  assert.equal(e.data.ticketId, ticket);
});
