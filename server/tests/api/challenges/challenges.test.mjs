// Challenges and rewards (issue 15) on the demo seed: the challenges with the
// caller's progress, opt-in, plays counted from the play events of users who
// opted in (a free game started through /game/play-free, instantPlay and
// playerProgress events), chained steps, each step's TICKETS credited once —
// also when many events race — with one notification, the /reward balance as
// the ledger's sum, and tenants apart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPortal, backend, expectError } from '../support/server.mjs';

let server;
let aurora;
let vela;
before(async () => {
  server = await startPortal();
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
const gameStart = (call, articleId) => event(call, 'instantPlay', { articleId, contentType: 'online_game' });
const listened = (call, articleId, percent = 50) =>
  event(call, 'playerProgress', { articleId, contentType: 'full_track_music', percent, preview: false });
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
  assert.match(rally.challengeSteps[0].goal, /^Starte „/);
  await expectError(await aurora('/reward'), 401, 'UNAUTHORIZED');
  await expectError(await aurora('/kafka/optInChallenge/8801', { method: 'PATCH' }), 401, 'UNAUTHORIZED');
  // A guest's game start counts for nobody.
  const guest = (path, method, body) =>
    aurora(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal((await gameStart(guest, 4101)).status, 202);
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

  // Another game and a track count nothing for step 1.
  await gameStart(sam, 4102);
  await listened(sam, 2101);
  assert.equal((await challenge(sam, 8801)).challengeSteps[0].count, 0);

  assert.equal((await gameStart(sam, 4101)).status, 202);
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
  assert.ok(answers.every((r) => r.status === 202));
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
  const gale = await signIn(aurora, 'guest@example.com');
  await data(await gale('/kafka/optInChallenge/8802', 'PATCH'));
  const c = await challenge(gale, 8802);
  assert.equal(c.chained, false);
  assert.deepEqual(c.challengeSteps.map((s) => s.open), [true, true]);
  // Step 2 (two different tracks, at least half way, not previews) may come first.
  await listened(gale, 2101, 25);                                   // too early
  await event(gale, 'playerProgress', { articleId: 2102, contentType: 'full_track_music', percent: 100, preview: true });
  await listened(gale, 2101);
  await listened(gale, 2101, 75);                                   // the same track again
  assert.equal((await challenge(gale, 8802)).challengeSteps[1].count, 1);
  await listened(gale, 2103);
  const half = await challenge(gale, 8802);
  assert.deepEqual(half.challengeSteps.map((s) => s.done), [false, true]);
  // Step 1: start the game twice, as the client does.
  for (let i = 0; i < 2; i++) {
    const played = await gale('/game/play-free', 'POST', { articleId: c.gameId, distributionChannel: 'WEB', deviceId: '1' });
    assert.equal(played.status, 200, await played.text());
  }
  const done = await challenge(gale, 8802);
  assert.equal(done.completedSteps, 2);
  const page = await rewards(gale);
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
