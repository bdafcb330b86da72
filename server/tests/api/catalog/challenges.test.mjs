// Challenges (commerce §3) on the fixture catalog: fragments_get-challenge-by-id
// resolved to lang with its game, the rating rule through the game, unknown
// ids, PATCH /kafka/optInChallenge/{id} (guests 401, idempotent, per user and
// tenant) and the optedIn flag of the caller.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startPortal, backend, expectError } from '../support/server.mjs';
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
const FRAGMENT = '/structure/fragments_get-challenge-by-id/fragment';

test('challenge fragment: ConfigNode with the challenge resolved to lang and its game', async () => {
  const node = await data(await api(`${FRAGMENT}/7001?lang=de`));
  assert.equal(node.id, '7001');
  assert.equal(node.name, 'fragments_get-challenge-by-id');
  assert.equal(node.data.title, 'Block Runner: erste Schritte');
  assert.equal(node.data.clickUrl, node.data.customProperties.challenge.game.href);
  assert.deepEqual(node.substructure, []);
  const c = node.data.customProperties.challenge;
  assert.equal(node.data.customProperties.type, 'challenge');
  assert.equal(c.id, 7001);
  assert.equal(c.title, 'Block Runner: erste Schritte');
  assert.equal(c.description, 'Schaffe drei Läufe.');
  assert.equal(c.chained, true);
  assert.equal(c.startsAt, '2026-09-01T00:00:00Z');
  assert.equal(c.endsAt, '2027-01-31T23:59:59Z');
  assert.equal(c.gameId, 4101);
  assert.equal(c.game.id, 4101);
  assert.equal(c.game.contentType, 'online_game');
  assert.equal(c.game.title, 'Blockläufer'); // the game in the same language
  assert.equal(c.optedIn, false);
  // Steps without a kind never progress (the challenges domain adds the caller's progress).
  const progress = { kind: 'UNKNOWN', target: 1, count: 0, done: false, open: false, rewardedAt: null };
  assert.deepEqual(c.challengeSteps, [
    { id: 70011, title: 'Aufwärmen', goal: 'Sammle 10 Blöcke', rewards: [{ currency: 'TICKETS', amount: 10 }], ...progress },
    { id: 70012, title: 'Sprint', goal: 'Sammle 50 Blöcke', rewards: [{ currency: 'TICKETS', amount: 40 }], ...progress },
  ]);
  // English fallback and the unchained one without dates.
  const other = (await data(await api(`${FRAGMENT}/7002?lang=fr`))).data.customProperties.challenge;
  assert.equal(other.title, 'Star Miner: deep shaft');
  assert.equal(other.chained, false);
  assert.equal(other.startsAt, null);
  assert.equal(other.endsAt, null);
});

test('challenge fragment: unknown ids and games above the rating are 404 CHALLENGE_NOT_FOUND', async () => {
  await expectError(await api(`${FRAGMENT}/9999`), 404, 'CHALLENGE_NOT_FOUND');
  await expectError(await api(`${FRAGMENT}/abc`), 404, 'CHALLENGE_NOT_FOUND');
  // 4102 is rated 10.
  await expectError(await api(`${FRAGMENT}/7002?maxRating=0`), 404, 'CHALLENGE_NOT_FOUND');
  assert.equal((await api(`${FRAGMENT}/7001?maxRating=0`)).status, 200);
});

test('opt-in: guests 401, unknown 404, idempotent, optedIn per user and tenant', async () => {
  await expectError(await api('/kafka/optInChallenge/7001', { method: 'PATCH' }), 401, 'UNAUTHORIZED');
  const token = await signIn(api);
  const auth = { Authorization: `Bearer ${token}` };
  await expectError(await api('/kafka/optInChallenge/9999', { method: 'PATCH', headers: auth }), 404,
    'CHALLENGE_NOT_FOUND');
  await expectError(await api('/kafka/optInChallenge/7002?maxRating=0', { method: 'PATCH', headers: auth }), 404,
    'CHALLENGE_NOT_FOUND');
  for (let i = 0; i < 2; i++) {
    const res = await api('/kafka/optInChallenge/7001', { method: 'PATCH', headers: auth });
    const answer = await data(res);
    assert.equal(answer.challengeId, 7001);
    assert.equal(answer.optedIn, true);
  }
  const mine = await data(await api(`${FRAGMENT}/7001`, { headers: auth }));
  assert.equal(mine.data.customProperties.challenge.optedIn, true);
  const notThatOne = await data(await api(`${FRAGMENT}/7002`, { headers: auth }));
  assert.equal(notThatOne.data.customProperties.challenge.optedIn, false);
  const guest = await data(await api(`${FRAGMENT}/7001`));
  assert.equal(guest.data.customProperties.challenge.optedIn, false);
  // The same person in another tenant is another user.
  const vela = backend(server, 'vela');
  const velaToken = await signIn(vela);
  const there = await data(await vela(`${FRAGMENT}/7001`, { headers: { Authorization: `Bearer ${velaToken}` } }));
  assert.equal(there.data.customProperties.challenge.optedIn, false);
});

test('challenge fragment revalidates by ETag and varies by caller', async () => {
  const first = await api(`${FRAGMENT}/7001`);
  assert.equal(first.headers.get('cache-control'), 'private, no-cache');
  assert.match(first.headers.get('vary') ?? '', /Authorization/);
  const again = await api(`${FRAGMENT}/7001`, { headers: { 'If-None-Match': first.headers.get('etag') } });
  assert.equal(again.status, 304);
});
