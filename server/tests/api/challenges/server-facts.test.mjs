// Challenge progress from what the server saw (docs/security.md "Challenge
// progress from server facts"): forged client events (instantPlay,
// playerProgress, even the server's own event names) earn nothing; PLAY_GAME
// counts game sessions the server opened (/game/play-free, /game/play);
// PLAY_TRACKS counts different full tracks whose play ticket's counted report
// seconds reached half the track — not a claim made at once, not a preview.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal } from '../support/server.mjs';
import { client, newUser, data, advance } from '../subscriptions/support.mjs';

const CHALLENGE = 8802; // unchained: step 1 PLAY_GAME ×2 of game 4102, step 2 PLAY_TRACKS ×2
const GAME = 4102;
let server, aurora;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
});
after(async () => server && (await server.stop()));

const challenge = async (token) =>
  (await data(await aurora(`/structure/fragments_get-challenge-by-id/fragment/${CHALLENGE}?lang=en`, { token }))).data
    .customProperties.challenge;
const counts = async (token) => (await challenge(token)).challengeSteps.map((s) => s.count);
const balance = async (token) => (await data(await aurora('/reward', { token }))).balance.amount;
const event = (token, name, body) => aurora(`/kafka/event/${name}`, { method: 'POST', token, body });
let dates = Date.parse('2026-11-23T10:00:00Z');
const report = (token, ticketId, usageDuration, maxUsageDuration) => aurora('/content/streaming/report', {
  method: 'POST', token,
  body: { ticketId, type: 'listened', date: new Date((dates += 1000)).toISOString(), usageDuration, maxUsageDuration, offline: false, partial: false },
});
const play = async (token, id) => (await data(await aurora('/song', { method: 'POST', token, body: { id, protocol: 'https' } }))).ticket;

test('21 forged client events earn nothing', async () => {
  const { token } = await newUser(server, 'aurora');
  await data(await aurora(`/kafka/optInChallenge/${CHALLENGE}`, { method: 'PATCH', token }));
  const forged = [];
  for (let i = 0; i < 7; i++) forged.push(event(token, 'instantPlay', { articleId: GAME, contentType: 'online_game' }));
  for (let i = 0; i < 7; i++)
    forged.push(event(token, 'playerProgress', { articleId: 20001 + i, contentType: 'full_track_music', percent: 100, preview: false }));
  for (let i = 0; i < 7; i++)
    forged.push(event(token, 'trackListened', { articleId: 20010 + i, contentType: 'full_track_music', countedSeconds: 90 }));
  for (const res of await Promise.all(forged)) assert.equal(res.status, 202, 'events are still accepted, as analytics');
  assert.deepEqual(await counts(token), [0, 0]);
  assert.equal(await balance(token), 0);
});

test('game sessions the server opened count for PLAY_GAME', async () => {
  const { token } = await newUser(server, 'aurora');
  await data(await aurora(`/kafka/optInChallenge/${CHALLENGE}`, { method: 'PATCH', token }));
  await data(await aurora('/game/play-free', { method: 'POST', token, body: { articleId: GAME, distributionChannel: 'WEB', deviceId: '1' } }));
  assert.deepEqual(await counts(token), [1, 0]);
  // /game/play of the free game is a start too.
  await data(await aurora('/game/play', { method: 'POST', token, body: { articleId: GAME, distributionChannel: 'WEB', deviceId: '1' } }));
  const c = await challenge(token);
  assert.equal(c.challengeSteps[0].done, true);
  assert.equal(await balance(token), c.ticketsEarned);
});

test('PLAY_TRACKS counts full tracks by counted report seconds, never a claim made at once', async () => {
  const token = await aurora.login(); // subscriber@: aurora's unlimited music plan
  await data(await aurora(`/kafka/optInChallenge/${CHALLENGE}`, { method: 'PATCH', token }));
  // The whole track claimed 0 s after its ticket: it counts its allowance only, far from half way.
  const rushed = await play(token, 20003);
  await data(await report(token, rushed, 66, 66), 201);
  assert.deepEqual(await counts(token), [0, 0]);

  // Two tracks played for real: half way by the server's clock.
  const first = await play(token, 20001); // 83 s
  const second = await play(token, 20002); // 62 s
  await advance(server, 50);
  await data(await report(token, first, 30, 83), 201); // 30 of 83: not yet half way
  assert.deepEqual(await counts(token), [0, 0]);
  await data(await report(token, first, 15, 83), 201); // 45 of 83
  assert.deepEqual(await counts(token), [0, 1]);
  await data(await report(token, first, 10, 83), 201); // the same track again: still one
  await data(await report(token, second, 31, 62), 201); // half of 62
  const c = await challenge(token);
  assert.deepEqual(c.challengeSteps.map((s) => [s.count, s.done]), [[0, false], [2, true]]);
  assert.equal(await balance(token), c.ticketsEarned);
});
