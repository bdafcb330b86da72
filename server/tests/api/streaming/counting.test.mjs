// Royalty reports that cannot be inflated (docs/security.md "Usage reports
// and play tickets"): a report counts at most the time its ticket has been
// open (plus max(10 s, 10 %)) and at most the media's length, whatever it
// claims; what was claimed and what counted are stored apart; a user holds at
// most 3 open tickets (a new one closes the oldest, whose open time ends
// there) and gets at most 30 tickets in 5 minutes (then 429 with Retry-After,
// in the one error shape, and no credit is spent). Time moves with the dev
// clock, never with sleeps.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startPortal, expectError } from '../support/server.mjs';
import { client, newUser, data, advance, mySubscriptions, subscribeBody } from '../subscriptions/support.mjs';

const TRACK = 20001; // Midnight Drive, 83 s
const PODCAST = 50001; // a free podcast episode, 69 s: plays in full for any signed-in user
let server, aurora, noor;

before(async () => {
  server = await startPortal(['--scheduler-interval', '0', '--dev-clock']);
  aurora = client(server, 'aurora');
  noor = client(server, 'noor');
});
after(async () => {
  if (server) await server.stop();
});

const song = (call, id, token, extra = {}) =>
  call('/song', { method: 'POST', token, body: { id, protocol: 'https', ...extra } });
const report = (call, token, body) => call('/content/streaming/report', { method: 'POST', token, body });
let dates = Date.parse('2026-11-23T10:00:00Z');
const listened = (ticketId, usageDuration, maxUsageDuration = 83) => ({
  ticketId, type: 'listened', date: new Date((dates += 1000)).toISOString(), usageDuration, maxUsageDuration,
  offline: false, partial: false,
});

// The statement data, read straight from the database (SQLite file or PostgreSQL URL).
function rows(sql) {
  const out = server.database.startsWith('postgres')
    ? execFileSync('psql', [server.database, '-tAF', '|', '-c', sql])
    : execFileSync('sqlite3', [server.database, sql]);
  return String(out).trim().split('\n').filter(Boolean).map((line) => line.split('|'));
}

test('a report of the whole track 0 s after its ticket counts the allowance only; claimed and counted are stored apart', async () => {
  const { token } = await newUser(server, 'aurora');
  const { ticket } = await data(await song(aurora, PODCAST, token));
  assert.ok(ticket);
  const at = await data(await report(aurora, token, listened(ticket, 69, 69)), 201);
  assert.equal(at.claimedSeconds, 69, 'the claim is kept');
  assert.ok(at.countedSeconds >= 10 && at.countedSeconds <= 30, `counted ${at.countedSeconds} s of a 69 s claim made at once`);
  assert.equal(at.listenedSeconds, at.countedSeconds, 'the ticket counted what the report counted');
  // Two columns per report and per ticket: what royalty statements read (counted) beside what was claimed.
  const [[claimed, counted]] = rows(`SELECT claimed_ms, counted_ms FROM stream_reports WHERE ticket_id = '${ticket}'`);
  assert.equal(Number(claimed), 69000);
  assert.equal(Number(counted), Math.round(at.countedSeconds * 1000));
  const [[ticketClaimed, ticketCounted]] = rows(`SELECT claimed_ms, counted_ms FROM stream_tickets WHERE id = '${ticket}'`);
  assert.equal(Number(ticketClaimed), 69000);
  assert.equal(Number(ticketCounted), Number(counted));
  // The claims reached the length: more is refused as before.
  await expectError(await report(aurora, token, listened(ticket, 1, 69)), 422, 'USAGE_EXCEEDS_LENGTH');
});

test('200 tickets reported in full at once earn no more than the open-ticket and rate limits allow', async () => {
  const { token } = await newUser(server, 'aurora');
  const answers = [];
  for (let i = 0; i < 40; i++) answers.push(await song(aurora, PODCAST, token));
  const statuses = answers.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 200).length, 30, statuses.join(','));
  const tickets = [];
  for (const r of answers) if (r.status === 200) tickets.push((await r.json()).data.ticket);
  else await r.arrayBuffer();
  let total = 0;
  for (const t of tickets) total += (await data(await report(aurora, token, listened(t, 69, 69)), 201)).countedSeconds;
  // Before: 30 × 69 s = 2070 s of "listening" in a moment. Now each ticket counts its allowance at most.
  assert.ok(total <= 30 * 12, `counted ${total} s`);
});

test('a new ticket closes the oldest of four; a closed ticket counts only the time it was open', async () => {
  const { token } = await newUser(server, 'aurora');
  const first = (await data(await song(aurora, PODCAST, token))).ticket;
  const others = [];
  for (let i = 0; i < 3; i++) others.push((await data(await song(aurora, PODCAST, token))).ticket);
  await advance(server, 60);
  const closed = await data(await report(aurora, token, listened(first, 60, 69)), 201);
  assert.ok(closed.closedAt, 'the fourth play closed the first ticket');
  assert.ok(closed.countedSeconds <= 30, `a ticket closed at once counts its allowance, not ${closed.countedSeconds} s`);
  const open = await data(await report(aurora, token, listened(others[0], 60, 69)), 201);
  assert.equal(open.closedAt, null);
  assert.equal(open.countedSeconds, 60, 'an open ticket counts the minute it has been open');
});

test('past 30 tickets in 5 minutes: 429 with Retry-After in the error shape; no credit is spent; later it plays again', async () => {
  const { token } = await newUser(server, 'aurora');
  for (let i = 0; i < 30; i++) await data(await song(aurora, PODCAST, token));
  const res = await song(aurora, PODCAST, token);
  const e = await expectError(res, 429, 'TOO_MANY_REQUESTS');
  const retry = Number(res.headers.get('retry-after'));
  assert.ok(retry >= 1 && retry <= 300, `Retry-After ${retry}`);
  assert.equal(e.data.retryAfter, retry);
  assert.equal(e.data.limit, 30);
  assert.equal(e.data.windowSeconds, 300);
  assert.equal(typeof e.message, 'string');
  // Previews issue no ticket and stay available.
  assert.equal((await data(await song(aurora, TRACK, token))).isPreview, true);
  await advance(server, retry);
  assert.ok((await data(await song(aurora, PODCAST, await aurora.login()))).ticket);

  // A noor credit holder past the limit: refused before the credit is spent.
  const { token: credit } = await newUser(server, 'noor');
  const start = await data(await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token: credit }));
  const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: start.options[0].uuid, body }, token: credit });
  const sent = await data(await step({ msisdn: '966501234560' }));
  await data(await step({ pin: sent.sandboxPin }), 201);
  const owned = 20005;
  await data(await song(noor, owned, credit, { consume: true })); // one credit: owned now, plays free
  for (let i = 0; i < 29; i++) await data(await song(noor, owned, credit));
  await expectError(await song(noor, 20006, credit, { consume: true }), 429, 'TOO_MANY_REQUESTS');
  assert.equal((await mySubscriptions(noor, credit))[0].contingents[0].amount, 2, 'the refused play spent nothing');
});

test('reports over time: what counts follows the clock, up to the length', async () => {
  const token = await aurora.login();
  const { ticket } = await data(await song(aurora, TRACK, token));
  const early = await data(await report(aurora, token, listened(ticket, 40)), 201);
  assert.ok(early.countedSeconds < 40);
  await advance(server, 45);
  const later = await data(await report(aurora, token, listened(ticket, 40)), 201);
  assert.equal(later.claimedSeconds, 80);
  assert.equal(later.countedSeconds, 40, 'after 45 s the whole claim fits in what the ticket may count');
  assert.ok(later.listenedSeconds < 80, `counted ${later.listenedSeconds} s of 80 claimed`);
  await advance(server, 60);
  const last = await data(await report(aurora, await aurora.login(), listened(ticket, 3)), 201);
  assert.equal(last.claimedSeconds, 83);
  assert.ok(last.listenedSeconds <= 83);
});
