// A list's "top rated" and "price" orders (issue 73: a query rail sorts by newest, most played, top rated or price):
// top rated follows the customers' ratings at once (each rating keeps its article's rank in its transaction), pulled
// toward the middle so one vote does not outrank many; price puts the cheapest single purchase first and what is not
// sold alone last. A structure's query rail takes both, and an unknown order is refused naming the field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data } from '../subscriptions/support.mjs';

let server, aurora;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
  aurora = client(server, 'aurora');
});
after(async () => {
  if (server) await server.stop();
});

const list = async (query) => data(await aurora(`/catalog/articles?${query}`));
const rate = (token, articleId, score) =>
  aurora('/rating', { method: 'PUT', token, body: { articleId, deviceId: '1', score, contentType: 'full_track_music' } });
/** An entry's price when bought alone (minor units), or null. */
const salePrice = (entry) => {
  const amounts = (entry.prices ?? []).filter((p) => p.businessModel === 'PAY_PER_DOWNLOAD' && p.amount > 0).map((p) => p.amount);
  return amounts.length ? Math.min(...amounts) : null;
};

test('price: the cheapest single purchase first, what is not sold alone last', async () => {
  const first = await list('contentType=full_track_music&sort=price&limit=50');
  assert.ok(first.total > 50, 'enough tracks to page');
  const prices = first.entries.map(salePrice);
  assert.ok(prices[0] !== null, 'the first track is sold alone');
  const sold = prices.filter((p) => p !== null);
  assert.deepEqual(sold, [...sold].sort((a, b) => a - b), 'ascending');
  // The whole list: every priced track before every unpriced one, and prices never fall.
  const all = [];
  for (let offset = 0; offset < first.total; offset += 50) all.push(...(await list(`contentType=full_track_music&sort=price&limit=50&offset=${offset}`)).entries);
  assert.equal(all.length, first.total);
  const seq = all.map(salePrice);
  const firstUnpriced = seq.indexOf(null);
  if (firstUnpriced >= 0) assert.ok(seq.slice(firstUnpriced).every((p) => p === null), 'nothing priced after the unpriced');
  const priced = firstUnpriced >= 0 ? seq.slice(0, firstUnpriced) : seq;
  assert.deepEqual(priced, [...priced].sort((a, b) => a - b));
});

test('top rated: follows the ratings at once; many fours outrank one five; a poor score goes below the unrated', async () => {
  const before = (await list('contentType=full_track_music&sort=rated&limit=50')).entries;
  const [loved, liked, once, poor] = before.slice(10, 14).map((e) => e.id);
  const users = await Promise.all([0, 1, 2, 3].map(() => newUser(server, 'aurora')));
  for (const u of users) {
    await data(await rate(u.token, loved, 5));
    await data(await rate(u.token, liked, 4));
  }
  await data(await rate(users[0].token, once, 5));
  await data(await rate(users[0].token, poor, 1));
  const after = await list('contentType=full_track_music&sort=rated&limit=50');
  assert.deepEqual(after.entries.slice(0, 3).map((e) => e.id), [loved, liked, once]);
  const last = await list(`contentType=full_track_music&sort=rated&limit=1&offset=${after.total - 1}`);
  assert.equal(last.entries[0].id, poor);
  // A changed rating moves it: the poor track's rater now gives it a five.
  await data(await rate(users[0].token, poor, 5));
  const moved = await list('contentType=full_track_music&sort=rated&limit=4');
  assert.deepEqual(moved.entries.map((e) => e.id).slice(0, 2), [loved, liked]);
  assert.ok(moved.entries.slice(2).map((e) => e.id).includes(poor));
});

test('an unknown order is refused, naming the field and the orders', async () => {
  const e = await expectError(await aurora('/catalog/articles?sort=cheapest'), 400, 'VALIDATION_ERROR');
  assert.equal(e.data.field, 'sort');
  assert.match(e.message, /rated or price/);
});
