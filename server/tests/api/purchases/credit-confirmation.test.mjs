// Every path that spends a credit asks first (docs/security.md "Credits are
// spent only on the user's word"): /song and /video/streaming always did
// (consume: true); GET /media/{id}?kind=full now answers the preview without
// consume=true, as /song does, and /song/download, /game/download, /game/play
// and /game/arcade-competition answer 409 CONFIRMATION_REQUIRED (data: the
// credit it would spend) without consume: true. Nothing is spent until then.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, subscribeBody, data, payAtCheckout, mySubscriptions, CARDS } from '../subscriptions/support.mjs';

let server, aurora, noor;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => {
  if (server) await server.stop();
});

// A new noor user on Noor Daily (three music credits), paid with the operator PIN.
async function noorCredits(msisdn) {
  const { token } = await newUser(server, 'noor');
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token }));
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: start.options[0].uuid, body }, token });
  const sent = await data(await step({ msisdn }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  return token;
}
const credits = async (call, token) => (await mySubscriptions(call, token))[0].contingents[0].amount;

test('GET /media/{id}?kind=full spends a credit only with consume=true; without it, the preview as /song answers', async () => {
  const token = await noorCredits('966501234571');
  const unconfirmed = await data(await noor('/media/20001?kind=full', { token }));
  assert.deepEqual(unconfirmed, { url: '/media/generated/audio/20001-preview.mp3', isPreview: true, expires: null });
  assert.equal(await credits(noor, token), 3, 'nothing spent without the user\'s word');
  const song = await data(await noor('/song', { method: 'POST', token, body: { id: 20001, protocol: 'https' } }));
  assert.equal(song.url, unconfirmed.url, 'the same answer /song gives');

  const confirmed = await data(await noor('/media/20001?kind=full&consume=true', { token }));
  assert.equal(confirmed.isPreview, false);
  assert.match(confirmed.url, /^\/media\/secure\/audio\/20001\.mp3\?/);
  assert.equal(await credits(noor, token), 2);
  // Owned now: full without asking, never a second credit.
  assert.equal((await data(await noor('/media/20001?kind=full', { token }))).isPreview, false);
  assert.equal(await credits(noor, token), 2);
  const bad = await expectError(await noor('/media/20001?kind=full&consume=yes', { token }), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'consume');
});

test('/song/download answers 409 CONFIRMATION_REQUIRED without consume: true, and spends the credit with it', async () => {
  const token = await noorCredits('966501234572');
  const body = { articleId: 20002, distributionChannel: 'WEB', deviceId: '1' };
  const e = await expectError(await noor('/song/download', { method: 'POST', token, body }), 409, 'CONFIRMATION_REQUIRED');
  assert.equal(e.data.articleId, 20002);
  assert.equal(e.data.consume.kind, 'credit');
  assert.equal(e.data.consume.remaining, 3);
  assert.equal(await credits(noor, token), 3);
  const link = await data(await noor('/song/download', { method: 'POST', token, body: { ...body, consume: true } }));
  assert.match(link.uri, /&download=1&name=[^&]+\.mp3$/, "a download link, saved under its titles");
  assert.equal(await credits(noor, token), 2);
  // Owned: downloads again without asking.
  await data(await noor('/song/download', { method: 'POST', token, body }));
  assert.equal(await credits(noor, token), 2);
});

test('/game/play and /game/arcade-competition ask before spending a Games Daily credit', async () => {
  const { token } = await newUser(server, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(301, 'aurora'), token }));
  const { location } = await payAtCheckout(start.options.find((o) => o.flow === 'WEB').redirectionUrl, CARDS.success);
  assert.equal(location.searchParams.get('status'), '200');
  const gameCredits = async () => (await mySubscriptions(aurora, token)).find((s) => s.typeId === 301).contingents[0].amount;
  assert.equal(await gameCredits(), 5);
  const PAID = 4401; // a paid online game
  const play = (extra = {}) => aurora('/game/play', { method: 'POST', token, body: { articleId: PAID, distributionChannel: 'WEB', deviceId: '1', ...extra } });
  const e = await expectError(await play(), 409, 'CONFIRMATION_REQUIRED');
  assert.equal(e.data.consume.kind, 'credit');
  await expectError(await aurora('/game/arcade-competition', { method: 'POST', token, body: { contentId: PAID } }), 409, 'CONFIRMATION_REQUIRED');
  assert.equal(await gameCredits(), 5);
  const played = await data(await play({ consume: true }));
  assert.match(played.uri, /^\/media\/secure\/~[^/]+\/games\//, 'the grant rides in the path (docs/security.md "Games in a sandbox")');
  assert.equal(await gameCredits(), 4);
  await data(await play()); // owned now
  assert.equal(await gameCredits(), 4);
});
