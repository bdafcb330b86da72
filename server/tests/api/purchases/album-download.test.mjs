// A bought album downloads whole (issue 72 item 1): POST /song/download with the album's id answers one signed link
// to a zip of its tracks, made while it is sent from the media store, only through the entitlement decision
// (a buyer's wallet, a plan that covers albums, a credit the user confirmed); a customer who did not buy it is
// refused. Downloads are named by their titles, not by ids (issue 72 item 16), in the caller's language, with an
// ASCII fallback and filename* (RFC 6266/8187), and the name is signed with the link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal, expectError } from '../support/server.mjs';
import { readZip } from '../support/zip.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, CARDS, ORIGIN } from '../subscriptions/support.mjs';

const ALBUM = 2102; // Neon Skyline by Neon Harbor: tracks 20001–20005
const TRACKS = [20001, 20002, 20003, 20004, 20005];
const TITLES = ['Midnight Drive', 'Neon Rain', 'Golden Hour'];
let server, aurora, noor, mediaRoot;

// Each track's file: its id, then bytes enough to span several pieces of the zip stream.
const bytesOf = (id) => Buffer.concat([Buffer.from(`FULL-${id}-`), Buffer.alloc(200_000 + (id % 7) * 1000, id % 251)]);

before(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'portal-album-media-'));
  mkdirSync(join(mediaRoot, 'audio'));
  for (const id of TRACKS) writeFileSync(join(mediaRoot, 'audio', `${id}.mp3`), bytesOf(id));
  server = await startPortal(['--scheduler-interval', '0', '--media-root', mediaRoot]);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => {
  if (server) await server.stop();
  rmSync(mediaRoot, { recursive: true, force: true });
});

const download = (call, token, articleId, extra = {}, query = '') =>
  call(`/song/download${query}`, { method: 'POST', token, body: { articleId, distributionChannel: 'WEB', deviceId: 'web', ...extra } });
const fetchLink = (uri, host = 'localhost') => fetch(`${server.base}${uri}`, { headers: { host: `${host}:${server.port}` } });

// A single purchase on the hosted card page (aurora's card option), paid.
async function buy(call, token, articleId) {
  const started = await data(await call(`/purchase/ArticleOneTimePurchase?articleId=${articleId}`, { token }));
  const choice = await data(await call('/subscription/oneTimePaymentOptions', { method: 'POST', token, body: { redirectionUrl: `${ORIGIN[call.tenant]}/music`, lang: 'en', transactionId: started.transactionId } }));
  const card = choice.options.find((o) => o.flow === 'WEB');
  await data(await call('/subscription/oneTimePurchase', { method: 'POST', token, body: { paymentOptionUUID: card.paymentOptionUUID } }));
  const { location } = await payAtCheckout(card.redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
}

test('a bought album downloads as one zip of its tracks named by title; a customer who did not buy it is refused', async () => {
  const buyer = await newUser(server, 'aurora');
  const other = await newUser(server, 'aurora');
  await expectError(await download(aurora, other.token, ALBUM), 403, 'NOT_ENTITLED');
  await expectError(await download(aurora, null, ALBUM), 401, 'UNAUTHORIZED');

  await buy(aurora, buyer.token, ALBUM);
  const link = await data(await download(aurora, buyer.token, ALBUM, {}, '?lang=en'));
  assert.match(link.uri, /^\/media\/secure\/collections\/2102\.zip\?tenant=\d+&article=2102&exp=\d+&sig=[0-9a-f]{64}&download=1&name=Neon%20Harbor%20-%20Neon%20Skyline\.zip&lang=en$/);
  const file = await fetchLink(link.uri);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'application/zip');
  assert.equal(file.headers.get('cache-control'), 'private, no-store');
  assert.equal(file.headers.get('content-disposition'), `attachment; filename="Neon Harbor - Neon Skyline.zip"; filename*=UTF-8''Neon%20Harbor%20-%20Neon%20Skyline.zip`);
  const body = Buffer.from(await file.arrayBuffer());
  assert.equal(Number(file.headers.get('content-length')), body.length, 'the length is known before the first byte');
  const entries = readZip(body);
  assert.deepEqual(entries.slice(0, 3).map((e) => e.name), TITLES.map((t, i) => `0${i + 1} ${t}.mp3`));
  assert.equal(entries.length, 5);
  entries.forEach((e, i) => assert.ok(e.content.equals(bytesOf(TRACKS[i])), `${e.name} is track ${TRACKS[i]} byte for byte`));

  // The name is signed with the link: another name, or the grant on another album's zip, is refused.
  await expectError(await fetchLink(link.uri.replace('name=Neon%20Harbor', 'name=Evil')), 403, 'FORBIDDEN');
  await expectError(await fetchLink(link.uri.replace('collections/2102.zip', 'collections/2103.zip')), 403, 'FORBIDDEN');
  await expectError(await fetchLink(link.uri.replace('&sig=', '&sig=0')), 403, 'FORBIDDEN');

  // In Arabic: the album's and its tracks' Arabic titles, an ASCII fallback for clients without filename*.
  const ar = await data(await download(aurora, buyer.token, ALBUM, {}, '?lang=ar'));
  const arFile = await fetchLink(ar.uri);
  assert.equal(arFile.status, 200);
  const disposition = arFile.headers.get('content-disposition');
  assert.match(disposition, /^attachment; filename="Neon Harbor - _\.zip"; filename\*=UTF-8''/);
  assert.equal(decodeURIComponent(disposition.split("UTF-8''")[1]), 'Neon Harbor - أفق النيون.zip');
  assert.equal(readZip(Buffer.from(await arFile.arrayBuffer()))[0].name, '01 قيادة منتصف الليل.mp3');

  // A track of the album: the file of its own, named "artist - title".
  const track = await data(await download(aurora, buyer.token, 20002, { collectionId: ALBUM }, '?lang=en'));
  const trackFile = await fetchLink(track.uri);
  assert.equal(trackFile.status, 200);
  assert.equal(trackFile.headers.get('content-disposition'), `attachment; filename="Neon Harbor - Neon Rain.mp3"; filename*=UTF-8''Neon%20Harbor%20-%20Neon%20Rain.mp3`);
  assert.ok(Buffer.from(await trackFile.arrayBuffer()).equals(bytesOf(20002)));
});

test('a plan that covers albums downloads one whole; a credit plan spends one credit on the user’s word', async () => {
  // aurora Music Premium (103): every track and album, no credits.
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(103), token }));
  await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  const link = await data(await download(aurora, token, ALBUM));
  const zip = await fetchLink(link.uri);
  assert.equal(zip.status, 200);
  assert.equal(readZip(Buffer.from(await zip.arrayBuffer())).length, 5);

  // noor Noor Daily (401): three credits a day for tracks and albums. Without consume nothing is spent.
  const noorUser = await newUser(server, 'noor');
  const plan = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token: noorUser.token }));
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: plan.options[0].uuid, body }, token: noorUser.token });
  const sent = await data(await step({ msisdn: '966501234590' }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  await expectError(await download(noor, noorUser.token, ALBUM), 409, 'CONFIRMATION_REQUIRED');
  const credited = await data(await download(noor, noorUser.token, ALBUM, { consume: true }));
  const noorZip = await fetchLink(credited.uri, 'noor.localhost');
  assert.equal(noorZip.status, 200);
  const names = readZip(Buffer.from(await noorZip.arrayBuffer())).map((e) => e.name);
  assert.equal(names.length, 5);
  // noor speaks Arabic by default: the names are its titles.
  assert.equal(names[1], '02 مطر النيون.mp3');
  // The album is the user's now: a second download spends nothing more.
  assert.ok((await data(await download(noor, noorUser.token, ALBUM))).uri.includes('collections/2102.zip'));
});

test('an album whose files are gone answers 404, not an empty zip', async () => {
  const { token } = await newUser(server, 'aurora');
  // Another album of the catalog: none of its tracks is in this media root.
  await buy(aurora, token, 2104);
  const link = await data(await download(aurora, token, 2104));
  const res = await fetchLink(link.uri);
  assert.equal(res.status, 404);
  assert.equal((await res.json()).error, 'FILE_NOT_FOUND');
});
