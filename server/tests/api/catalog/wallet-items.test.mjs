// isWalletItem (commerce §3; issue 30: FTMDOnly played nothing because no answer carried it): a
// signed-in caller's article details, their listed tracks and the collection pages say which
// articles the wallet holds; guests' answers do not carry it. vela is the FTMDOnly demo tenant.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPortal, ROOT } from '../support/server.mjs';
import { client, newUser, subscribeBody, data } from '../subscriptions/support.mjs';

const TRACK = 20010; // the last track of album 2104
const ALBUM = 2104;
let server, noor;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  noor = client(server, 'noor');
});
after(async () => server && (await server.stop()));

test('owned articles are marked isWalletItem for their owner only', async () => {
  const { token } = await newUser(server, 'noor');
  // Noor Daily by the operator PIN, then one credit spent on the track puts it in the wallet.
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token }));
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: start.options[0].uuid, body }, token });
  const sent = await data(await step({ msisdn: '966501234569' }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  await data(await noor(`/media/${TRACK}?kind=full&consume=true`, { token }));

  const track = await data(await noor(`/catalog/articles/${TRACK}?lang=en`, { token }));
  assert.equal(track.isWalletItem, true);
  const album = await data(await noor(`/catalog/articles/${ALBUM}?lang=en`, { token }));
  assert.equal(album.isWalletItem, false);
  const marks = Object.fromEntries(album.tracks.map((t) => [t.id, t.isWalletItem]));
  assert.equal(marks[TRACK], true);
  assert.equal(Object.values(marks).filter((v) => v === true).length, 1, JSON.stringify(marks));
  assert.ok(Object.values(marks).every((v) => typeof v === 'boolean'));
  const fragment = await data(await noor(`/structure/fragments_get-article-details/fragment/${TRACK}?lang=en`, { token }));
  assert.equal(fragment.isWalletItem, true);

  // Someone else, and a guest: not theirs.
  const { token: other } = await newUser(server, 'noor');
  assert.equal((await data(await noor(`/catalog/articles/${TRACK}?lang=en`, { token: other }))).isWalletItem, false);
  assert.equal((await data(await noor(`/catalog/articles/${TRACK}?lang=en`))).isWalletItem, undefined);
});

test('vela is the demo tenant with FTMDOnly', () => {
  const vela = JSON.parse(readFileSync(join(ROOT, 'data/tenants/vela.json'), 'utf8'));
  assert.equal(vela.features.FTMDOnly, true);
});
