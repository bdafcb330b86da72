#!/usr/bin/env node
// The reports at scale (issue 35: "every report answers in under 300 ms on SQLite and on PostgreSQL" with a year of
// 100,000 customers). A measurement, not a test: it signs a tenant's owner and finance staff in on a running portal,
// has the owner refresh the aggregates once (the generation deleted the tenant's refresh state: every day is
// recomputed), then calls every report of the contract over the year ending today, each REPEAT times, one request
// at a time, and prints the median and the slowest answer per call. Exit status 3 when a call's slowest answer is
// BUDGET_MS or more (`bench/run` counts it over budget), 1 on an error.
//
//   build/portal --database DB --seed demo > portal.log            # the staff secrets are in its output
//   build/portal generate-activity --tenant aurora --customers 100000 --days 365 --seed 7 --database DB
//   build/portal --database DB --port 18111 &
//   node bench/reports.mjs http://127.0.0.1:18111 aurora portal.log
//
// Environment: REPEAT (5), BUDGET_MS (300), REFRESH_TIMEOUT_S (3600: how long the first refresh may take).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [base, tenant, log] = process.argv.slice(2);
if (!base || !tenant || !log) {
  console.error('usage: node bench/reports.mjs BASE TENANT SEED_LOG');
  process.exit(2);
}
const REPEAT = Number(process.env.REPEAT ?? 5);
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 300);
const REFRESH_TIMEOUT_S = Number(process.env.REFRESH_TIMEOUT_S ?? 3600);

function base32(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0, value = 0;
  const out = [];
  for (const c of text) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) { out.push((value >>> (bits - 8)) & 0xff); bits -= 8; }
  }
  return Buffer.from(out);
}
function totp(secret) {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(msg).digest();
  const o = mac[mac.length - 1] & 0x0f;
  return String((((mac[o] & 0x7f) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3]) % 1_000_000).padStart(6, '0');
}

// One request without a timeout (a refresh of a year at 100,000 customers takes longer than fetch waits).
function request(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const seedLog = readFileSync(log, 'utf8').split('\n').map((l) => l.trim().split(/\s+/));
const headers = { 'content-type': 'application/json', 'x-tenant-id': tenant, 'x-requested-with': 'bench' };
async function signIn(email) {
  const line = seedLog.find((w) => w[0] === email && w[2] === tenant);
  if (!line) throw new Error(`${email} of ${tenant}: no secret in ${log} (start the portal with --seed demo)`);
  const res = await request('POST', '/backend/admin/login', headers,
    JSON.stringify({ email, password: 'portal-demo', totp: totp(line[3]) }));
  if (res.status !== 200) throw new Error(`${email} sign-in: ${res.status} ${res.text}`);
  return { ...headers, authorization: `Bearer ${JSON.parse(res.text).data.token}` };
}
const owner = await signIn('owner@example.com');      // refreshes (admin and above)
const finance = await signIn('finance@example.com');  // reads every report (the least role that may)

// The year ending today (UTC), the contract's parameters.
const day = (d) => d.toISOString().slice(0, 10);
const today = new Date(`${day(new Date())}T00:00:00Z`);
const to = day(today);
const from = day(new Date(today.getTime() - 364 * 86_400_000));
const months = [];
for (let k = 12; k >= 1; k--) {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - k, 1));
  months.push(day(d).slice(0, 7));
}

// The first refresh: every day of the tenant (the generation deleted its state).
{
  const t = performance.now();
  const res = await request('POST', '/backend/admin/reports/refresh', owner, '{}');
  // 409: another instance (the scheduler) holds the lease; either way, wait until a finished run shows.
  if (res.status !== 200 && res.status !== 409) throw new Error(`refresh: ${res.status} ${res.text}`);
  const deadline = Date.now() + REFRESH_TIMEOUT_S * 1000;
  for (;;) {
    const r = await request('GET', `/backend/admin/reports/revenue?from=${to}&to=${to}&granularity=day`, finance);
    if (r.status !== 200) throw new Error(`revenue: ${r.status} ${r.text}`);
    if (JSON.parse(r.text).data.refreshedAt) break;
    if (Date.now() > deadline) throw new Error(`no refresh finished within ${REFRESH_TIMEOUT_S} s`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log(`refresh of every day of ${tenant}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

// What the reports see (a refresh that missed the generated rows would time empty answers).
async function seen() {
  const r = await request('GET', `/backend/admin/reports/revenue?from=${from}&to=${to}&granularity=month`, finance);
  const totals = JSON.parse(r.text).data.totals ?? [];
  const payments = totals.reduce((n, t) => n + t.payments, 0);
  console.log(`the year's revenue: ${totals.map((t) => `${t.gross} ${t.currency} gross in ${t.payments} payments, ${t.refundCount} refunds`).join('; ') || 'none'}`);
  if (payments === 0) console.log('warning: no payment in the year (was the activity generated, and refreshed?)');
}

async function timed(path) {
  const t = performance.now();
  const res = await request('GET', path, finance);
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 500)}`);
  return [ms, JSON.parse(res.text).data];
}

await seen();

// Every call of the contract: name -> paths (each path REPEAT times).
const calls = [];
const range = `from=${from}&to=${to}`;
for (const g of ['day', 'week', 'month']) {
  calls.push([`revenue ${g}`, [`/backend/admin/reports/revenue?${range}&granularity=${g}`]]);
  calls.push([`revenue ${g}, card, EUR`, [`/backend/admin/reports/revenue?${range}&granularity=${g}&method=card&currency=EUR`]]);
  calls.push([`subscribers ${g}`, [`/backend/admin/reports/subscribers?${range}&granularity=${g}`]]);
  calls.push([`consumption ${g}`, [`/backend/admin/reports/consumption?${range}&granularity=${g}`]]);
  calls.push([`consumption ${g}, music, en`, [`/backend/admin/reports/consumption?${range}&granularity=${g}&section=music&lang=en`]]);
}
calls.push(['royalties (each month)', months.map((m) => `/backend/admin/reports/royalties?month=${m}`)]);

const rows = [];
const over = [];
async function measure(name, paths) {
  const ms = [];
  let last;
  for (let i = 0; i < REPEAT; i++)
    for (const p of paths) {
      const [t, data] = await timed(p);
      ms.push(t);
      last = data;
    }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)], slowest = ms[ms.length - 1];
  rows.push([name, median, slowest, ms.length]);
  if (slowest >= BUDGET_MS) over.push(`${name}: slowest ${slowest.toFixed(1)} ms >= ${BUDGET_MS} ms`);
  return last;
}
for (const [name, paths] of calls) await measure(name, paths);

// Royalty lines: the biggest licensors of each month (up to 3 per month).
const lines = [];
for (const m of months) {
  const [, list] = await timed(`/backend/admin/reports/royalties?month=${m}`);
  const licensors = [...(list.licensors ?? [])].sort((a, b) => b.plays - a.plays).slice(0, 3);
  for (const l of licensors)
    lines.push(`/backend/admin/reports/royalties/${m}/lines?licensor=${encodeURIComponent(l.licensor)}`);
}
if (lines.length > 0) await measure('royalty lines (licensors of each month)', lines);
else console.log('royalty lines: no licensor with plays in the year (nothing to time)');

console.log(`${tenant}, ${from} .. ${to}, ${REPEAT} times each, one request at a time (budget: every answer < ${BUDGET_MS} ms)`);
const width = Math.max(...rows.map((r) => r[0].length));
for (const [name, median, slowest, n] of rows)
  console.log(`  ${name.padEnd(width)}  median ${median.toFixed(1).padStart(7)} ms  slowest ${slowest.toFixed(1).padStart(7)} ms  (${n} calls)`);
if (over.length === 0) {
  console.log('reports budget: met');
} else {
  console.log('reports budget: over');
  for (const o of over) console.log(`  over: ${o}`);
  process.exit(3);
}
