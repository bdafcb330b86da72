// Challenges and rewards (issue 15) on the demo seed: the challenges with the
// caller's progress, opt-in, plays counted from what the server saw of users
// who opted in (game sessions it opened, tracks whose counted report seconds
// reached half their length; client events count for nothing, see
// server-facts.test.mjs), chained steps, each step's TICKETS credited once —
// also when many plays race — with one notification, the /reward balance as
// the ledger's sum, and tenants apart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';
import { advance } from '../subscriptions/support.mjs';

let server;
let aurora;
let vela;
before(async () => {
  server = await startPortal(['--dev-clock']);
  aurora = backend(server, 'aurora');
  vela = backend(server, 'vela');
});
after(async () => server && (await server.stop()));

const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text).data;
};

async function signIn(api, email) {
  const res = await api('/login/api', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo' }),
  });
  const auth = { Authorization: `Bearer ${(await data(res)).access_token}` };
  return (path, method = 'GET', body) => api(path, {
    method,
    headers: { ...auth, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

const FRAGMENT = '/structure/fragments_get-challenge-by-id/fragment';
const challenge = async (call, id, lang = 'en') =>
  (await data(await call(`${FRAGMENT}/${id}?lang=${lang}`))).data.customProperties.challenge;
const rewards = async (call, query = '') => data(await call(`/reward${query}`));
const event = (call, name, payload) => call(`/kafka/event/${name}`, 'POST', payload);
// A start of a free game, as the client makes it: the server opens the session and records it.
const gameStart = (call, articleId) =>
  call('/game/play-free', 'POST', { articleId, distributionChannel: 'WEB', deviceId: '1' });
// Full tracks played and reported: the ticket of each, then `seconds` of listening reported once the clock moved.
let reportDates = Date.parse('2026-11-23T10:00:00Z');
async function listen(call, tracks, seconds) {
  const tickets = [];
  for (const id of tracks) tickets.push((await data(await call('/song', 'POST', { id, protocol: 'https' }))).ticket);
  await advance(server, seconds + 1);
  for (const ticketId of tickets) {
    const date = new Date((reportDates += 1000)).toISOString();
    await data(await call('/content/streaming/report', 'POST',
      { ticketId, type: 'listened', date, usageDuration: seconds, maxUsageDuration: seconds, offline: false, partial: false }), 201);
  }
}
const rewardNotes = async (call) =>
  (await data(await call('/notifications?limit=100'))).items.filter((n) => n.kind === 'CHALLENGE_REWARD');

test('guests see the challenges without progress; /reward and opt-in need a user', async () => {
  const list = await data(await aurora('/challenges?lang=de'));
  assert.ok(list.length >= 4);
  const rally = list.find((c) => c.id === 8801);
  assert.equal(rally.chained, true);
  assert.equal(rally.optedIn, false);
  assert.equal(rally.completedSteps, 0);
  assert.deepEqual(rally.challengeSteps.map((s) => [s.kind, s.target, s.count, s.open]),
    [['PLAY_GAME', 1, 0, false], ['PLAY_GAME', 3, 0, false], ['PLAY_TRACKS', 3, 0, false]]);
  assert.match(rally.challengeSteps[0].goal, /^Starten Sie „/);
  await expectError(await aurora('/reward'), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/kafka/optInChallenge/8801', { method: 'PATCH' }), 401, 'UNAUTHORIZED');
  // A guest's game start counts for nobody.
  const guest = (path, method, body) =>
    aurora(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal((await gameStart(guest, 4101)).status, 200);
});

test('opt in, start the game: step 1 is credited once, step 2 opens, /reward shows it', async () => {
  const sam = await signIn(aurora, 'subscriber@example.com');
  assert.deepEqual(await rewards(sam), { balance: { currency: 'TICKETS', amount: 0 }, entries: [], total: 0, offset: 0, limit: 20 });
  await expectError(await sam('/kafka/optInChallenge/999999', 'PATCH'), 404, 'CHALLENGE_NOT_FOUND');
  // Plays before the opt-in do not count.
  await gameStart(sam, 4101);
  const optIn = await data(await sam('/kafka/optInChallenge/8801', 'PATCH'));
  assert.equal(optIn.challengeId, 8801);
  assert.equal(optIn.optedIn, true);
  assert.deepEqual(optIn.steps.map((s) => [s.count, s.open, s.done]), [[0, true, false], [0, false, false], [0, false, false]]);
  assert.equal((await data(await sam('/kafka/optInChallenge/8801', 'PATCH'))).optedIn, true);  // idempotent

  // Another game and a client's word count nothing for step 1.
  await gameStart(sam, 4102);
  await event(sam, 'instantPlay', { articleId: 4101, contentType: 'online_game' });
  assert.equal((await challenge(sam, 8801)).challengeSteps[0].count, 0);

  assert.equal((await gameStart(sam, 4101)).status, 200);
  const after = await challenge(sam, 8801);
  assert.equal(after.completedSteps, 1);
  assert.equal(after.ticketsEarned, 10);
  assert.deepEqual(after.challengeSteps.map((s) => [s.count, s.open, s.done]), [[1, false, true], [0, true, false], [0, false, false]]);
  assert.ok(after.challengeSteps[0].rewardedAt);

  const page = await rewards(sam, '?lang=fr');
  assert.equal(page.balance.amount, 10);
  assert.equal(page.total, 1);
  assert.equal(page.entries[0].amount, 10);
  assert.equal(page.entries[0].reason, 'CHALLENGE_STEP');
  assert.equal(page.entries[0].challengeId, 8801);
  assert.equal(page.entries[0].stepId, 88011);
  assert.equal(page.entries[0].stepTitle, 'Étape 1');
  assert.match(page.entries[0].challengeTitle, /Pixel Rally/);

  const [note] = await rewardNotes(sam);
  assert.deepEqual(note.params, { amount: '10', step: '1', challengeId: '8801' });
  assert.equal(note.target, '/reward');

  // The same person in vela is another user: nothing there.
  const velaSam = await signIn(vela, 'subscriber@example.com');
  assert.equal((await rewards(velaSam)).balance.amount, 0);
  assert.equal((await challenge(velaSam, 8801)).optedIn, false);
});

test('challenge reward credited once under concurrent events', async () => {
  const pat = await signIn(aurora, 'player@example.com');
  await data(await pat('/kafka/optInChallenge/8803', 'PATCH'));
  const game = (await challenge(pat, 8803)).gameId;
  // 40 game starts at once: step 1 (1 start) and step 2 (3 more) complete, each paid once.
  const answers = await Promise.all(Array.from({ length: 40 }, () => gameStart(pat, game)));
  assert.ok(answers.every((r) => r.status === 200));
  const page = await rewards(pat, '?limit=100');
  const steps = page.entries.map((e) => e.stepId).sort();
  assert.deepEqual(steps, [88031, 88032]);
  const expected = (await challenge(pat, 8803)).challengeSteps.slice(0, 2)
    .reduce((sum, s) => sum + s.rewards.reduce((a, r) => a + r.amount, 0), 0);
  assert.equal(page.balance.amount, expected);
  assert.equal(page.entries.reduce((a, e) => a + e.amount, 0), page.balance.amount);
  assert.equal((await rewardNotes(pat)).length, 2);
  // And again: nothing more is credited.
  await Promise.all(Array.from({ length: 10 }, () => gameStart(pat, game)));
  assert.equal((await rewards(pat)).total, 2);
});

test('a free game started through /game/play-free and tracks listened to move an unchained challenge', async () => {
  // vela's subscriber@ (Vela Max: music included) plays full tracks; aurora's and vela's are other users.
  const velaSam = await signIn(vela, 'subscriber@example.com');
  await data(await velaSam('/kafka/optInChallenge/8802', 'PATCH'));
  const c = await challenge(velaSam, 8802);
  assert.equal(c.chained, false);
  assert.deepEqual(c.challengeSteps.map((s) => s.open), [true, true]);
  // Step 2 (two different full tracks, at least half way by the counted seconds) may come first.
  await listen(velaSam, [20001], 20);                               // 20 of 83 s: too early
  await listen(velaSam, [20001], 42);                               // half way
  await listen(velaSam, [20001], 60);                               // the same track again
  assert.equal((await challenge(velaSam, 8802)).challengeSteps[1].count, 1);
  await listen(velaSam, [20002], 31);                               // half of 62 s
  const half = await challenge(velaSam, 8802);
  assert.deepEqual(half.challengeSteps.map((s) => s.done), [false, true]);
  // Step 1: start the game twice, as the client does.
  for (let i = 0; i < 2; i++) {
    const played = await velaSam('/game/play-free', 'POST', { articleId: c.gameId, distributionChannel: 'WEB', deviceId: '1' });
    assert.equal(played.status, 200, await played.text());
  }
  const done = await challenge(velaSam, 8802);
  assert.equal(done.completedSteps, 2);
  const page = await rewards(velaSam);
  assert.equal(page.total, 2);
  assert.equal(page.balance.amount, done.ticketsEarned);
});

test('/reward paging is validated', async () => {
  const sam = await signIn(aurora, 'subscriber@example.com');
  const res = await sam('/reward?limit=0');
  await expectError(res, 400, 'VALIDATION_ERROR');
  await expectError(await sam('/reward?limit=abc'), 400, 'VALIDATION_ERROR');
  const page = await rewards(sam, '?limit=1&offset=5');
  assert.deepEqual(page.entries, []);
  assert.equal(page.offset, 5);
});
