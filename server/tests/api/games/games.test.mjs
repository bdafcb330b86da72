// Games (issue 13): /game/play through the entitlement decision, /game/play-free
// for free online games (guests too, the instantPlay event recorded), the arcade
// competition, score sessions (bounds, expiry, owner, tenant, rate limit) and
// leaderboards (top 10 plus the caller's rank), on SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data, advance } from '../subscriptions/support.mjs';

const FREE = 4101; // Pixel Rally: free online game (lane-racer, maxScore 5000000)
const FREE_BOARD = 4102; // Bubble Orbit: free (brick-breaker)
const PAID = 4401; // Star Blocks: paid online game (PAY_PER_DOWNLOAD / SUBSCRIPTION)
const DOWNLOAD = 4503; // Farm Valley: a game to download, not to play online
let server, aurora, noor, vela;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
  vela = client(server, 'vela');
});
after(async () => {
  if (server) await server.stop();
});

const post = (call, path, body, token) => call(path, { method: 'POST', body, token });
const play = (call, articleId, token) => post(call, '/game/play', { articleId, distributionChannel: 'WEB', deviceId: '1' }, token);
const playFree = (call, articleId, token) => post(call, '/game/play-free', { articleId, distributionChannel: 'WEB', deviceId: '1' }, token);
const score = (call, session, value, token) => post(call, '/game/score', { session, score: value }, token);
const board = (call, id, token, query = '') => call(`/game/leaderboard/${id}${query}`, { token });

// The events outbox, read straight from the database (SQLite file or PostgreSQL URL).
function countEvents(name) {
  const sql = `SELECT COUNT(*) FROM events WHERE name = '${name}'`;
  const out = server.database.startsWith('postgres')
    ? execFileSync('psql', [server.database, '-tAc', sql])
    : execFileSync('sqlite3', [server.database, sql]);
  return Number(String(out).trim());
}

test('play: entitled subscriber, a user without plan, a guest, a game to download', async () => {
  // vela's subscriber holds Vela Max (online games included).
  const sub = await vela.login();
  const ok = await data(await play(vela, PAID, sub));
  assert.match(ok.uri, /^\/media\/secure\/~\d+\.4401\.\d+\.[0-9a-f]{64}\/games\/brick-breaker-4401\/index\.html$/);
  assert.match(ok.session, /^[0-9a-f]{32}$/);
  assert.ok(ok.expires > Date.now());
  assert.equal(ok.useGameFrame, true);
  // customProperties.useGameFrame false: the client opens it in a window of its own.
  assert.equal((await data(await play(vela, 4404, sub))).useGameFrame, false);
  // aurora's plan is music only; a new user holds nothing.
  await expectError(await play(aurora, PAID, await aurora.login()), 403, 'NOT_ENTITLED');
  const { token } = await newUser(server, 'vela');
  await expectError(await play(vela, PAID, token), 403, 'NOT_ENTITLED');
  await expectError(await play(vela, PAID), 401, 'UNAUTHORIZED');
  const wrong = await expectError(await play(vela, DOWNLOAD, sub), 400, 'VALIDATION_ERROR');
  assert.equal(wrong.data.field, 'articleId');
  await expectError(await play(vela, 999999, sub), 404, 'ARTICLE_NOT_FOUND');
  // A free game plays through /game/play too for a signed-in user.
  const free = await data(await play(aurora, FREE, await aurora.login()));
  assert.equal(free.uri, '/media/generated/games/lane-racer/index.html');
  assert.equal(free.expires, 0);
});

test('play-free: guests play free games, the instant play is recorded; a paid game is refused', async () => {
  const before = countEvents('instantPlay');
  const guest = await data(await playFree(aurora, FREE));
  assert.equal(guest.uri, '/media/generated/games/lane-racer/index.html');
  assert.match(guest.session, /^[0-9a-f]{32}$/);
  assert.equal(countEvents('instantPlay'), before + 1);
  const sub = await aurora.login();
  await data(await playFree(aurora, FREE, sub));
  assert.equal(countEvents('instantPlay'), before + 2);
  const paid = await expectError(await playFree(aurora, PAID), 403, 'GAME_NOT_FREE');
  assert.equal(paid.data.articleId, PAID);
  await expectError(await playFree(vela, PAID, await vela.login()), 403, 'GAME_NOT_FREE');
  assert.equal(countEvents('instantPlay'), before + 2, 'a refused play records nothing');
  const bad = await expectError(await post(aurora, '/game/play-free', { distributionChannel: 'WEB' }), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'articleId');
});

test('arcade competition: a play that enters the leaderboard, with the standing', async () => {
  const guest = await data(await post(aurora, '/game/arcade-competition', { contentId: FREE, protocol: 'https' }));
  assert.equal(guest.uri, '/media/generated/games/lane-racer/index.html');
  assert.equal(guest.competition.contentId, FREE);
  assert.equal(guest.competition.title, 'Pixel Rally');
  assert.equal(guest.competition.leaderboard, `/backend/game/leaderboard/${FREE}`);
  assert.equal(guest.competition.me, null);
  const sub = await aurora.login();
  const first = await data(await post(aurora, '/game/arcade-competition', { contentId: FREE, protocol: 'https' }, sub));
  await data(await score(aurora, first.session, 420, sub));
  const again = await data(await post(aurora, '/game/arcade-competition', { contentId: FREE, protocol: 'HTTPS' }, sub));
  assert.deepEqual(again.competition.me, { rank: 1, score: 420 });
  // Paid: the entitlement decision, as /game/play.
  await expectError(await post(aurora, '/game/arcade-competition', { contentId: PAID, protocol: 'https' }), 401, 'UNAUTHORIZED');
  const paid = await data(await post(vela, '/game/arcade-competition', { contentId: PAID, protocol: 'https' }, await vela.login()));
  assert.match(paid.uri, /^\/media\/secure\//);
  const bad = await expectError(await post(aurora, '/game/arcade-competition', { contentId: FREE, protocol: 'gopher' }), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'protocol');
});

test('scores: bounds name score; unknown, foreign-tenant and other players\' sessions are refused', async () => {
  const { session } = await data(await playFree(aurora, FREE));
  for (const value of [-1, 1.5, 5000001, '12', 2 ** 63]) {
    const e = await expectError(await score(aurora, session, value), 400, 'VALIDATION_ERROR');
    assert.equal(e.data.field, 'score', `score ${value}`);
  }
  assert.deepEqual(await data(await score(aurora, session, 5000000)), { score: 5000000, best: 5000000, rank: 1 });
  await expectError(await score(aurora, 'f'.repeat(32), 10), 404, 'GAME_SESSION_NOT_FOUND');
  await expectError(await score(noor, session, 10), 404, 'GAME_SESSION_NOT_FOUND');
  const missing = await expectError(await post(aurora, '/game/score', { score: 1 }), 400, 'VALIDATION_ERROR');
  assert.equal(missing.data.field, 'session');
  // A signed-in player's session takes their scores only.
  const sub = await aurora.login();
  const mine = await data(await playFree(aurora, FREE_BOARD, sub));
  await expectError(await score(aurora, mine.session, 10), 403, 'GAME_SESSION_FORBIDDEN');
  const { token } = await newUser(server, 'aurora');
  await expectError(await score(aurora, mine.session, 10, token), 403, 'GAME_SESSION_FORBIDDEN');
});

test('scores are rate-limited per session: 429 with Retry-After', async () => {
  const { session } = await data(await playFree(noor, FREE));
  for (let i = 0; i < 10; i++) await data(await score(noor, session, i));
  const res = await score(noor, session, 11);
  const e = await expectError(res, 429, 'TOO_MANY_REQUESTS');
  assert.ok(Number(res.headers.get('retry-after')) >= 1);
  assert.ok(e.data.retryAfter >= 1 && e.data.retryAfter <= 61);
});

test('leaderboard: best per player, top 10, the caller\'s rank beyond it, guests named from their session', async () => {
  const sessions = [];
  for (let i = 1; i <= 11; i++) {
    const { session } = await data(await playFree(aurora, FREE_BOARD));
    sessions.push(session);
    await data(await score(aurora, session, i * 100));
  }
  // A lower score later does not replace the best.
  await data(await score(aurora, sessions[10], 5));
  const { token } = await newUser(server, 'aurora', { name: 'Lina', lastName: 'Özdemir' });
  const mine = await data(await playFree(aurora, FREE_BOARD, token));
  await data(await score(aurora, mine.session, 50, token));
  const answer = await data(await board(aurora, FREE_BOARD, token));
  assert.equal(answer.entries.length, 10);
  assert.deepEqual(answer.entries.map((e) => e.score), [1100, 1000, 900, 800, 700, 600, 500, 400, 300, 200]);
  assert.deepEqual(answer.entries.map((e) => e.rank), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.equal(answer.entries[0].name, `Guest ${sessions[10].slice(0, 4).toUpperCase()}`);
  assert.ok(answer.entries.every((e) => e.me === false));
  assert.deepEqual(answer.me, { rank: 12, score: 50 });
  assert.ok(answer.players >= 12);
  // Climbing into the top 10: named "Lina Ö." and marked as the caller.
  await data(await score(aurora, mine.session, 950, token));
  const after = await data(await board(aurora, FREE_BOARD, token));
  const me = after.entries.find((e) => e.me);
  assert.deepEqual(me, { rank: 3, name: 'Lina Ö.', score: 950, me: true });
  // A guest sees their own entry through their session.
  const guestView = await data(await board(aurora, FREE_BOARD, undefined, `?session=${sessions[10]}`));
  assert.deepEqual(guestView.me, { rank: 1, score: 1100 });
  assert.equal(guestView.entries[0].me, true);
  // Anyone's view without a standing.
  const anon = await data(await board(aurora, FREE_BOARD));
  assert.equal(anon.me, null);
  await expectError(await board(aurora, 999999), 404, 'ARTICLE_NOT_FOUND');
});

test('tenant isolation: another tenant\'s leaderboard of the same game holds none of these scores', async () => {
  const { session } = await data(await playFree(vela, FREE));
  await data(await score(vela, session, 777));
  const velaBoard = await data(await board(vela, FREE));
  assert.deepEqual(velaBoard.entries.map((e) => e.score), [777]);
  const noorBoard = await data(await board(noor, FREE));
  assert.ok(noorBoard.entries.every((e) => e.score !== 777 && e.score !== 5000000));
});

test('an expired session takes no score', async () => {
  const { session } = await data(await playFree(aurora, FREE));
  await data(await score(aurora, session, 1));
  await advance(server, 3 * 3600 + 60);
  await expectError(await score(aurora, session, 2), 410, 'GAME_SESSION_EXPIRED');
});
