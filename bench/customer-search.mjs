#!/usr/bin/env node
// Customer search at scale (issue 34: "in well under a second with 100,000 customers"). A measurement, not a
// test: it signs support of a tenant in on a running portal, finds customers by each key many times, and prints
// the median and the slowest answer per key, and the same for opening a customer's page.
//
//   build/portal --database DB --seed demo > portal.log            # the staff secrets are in its output
//   build/portal generate-activity --tenant aurora --customers 100000 --days 365 --seed 7 --database DB
//   build/portal --database DB --port 18111 &
//   node bench/customer-search.mjs http://127.0.0.1:18111 aurora portal.log DB
//
// DB (a SQLite file) gives the keys to look for: generated customers' e-mails, MSISDNs and user ids, and
// payment ids and references, picked spread over the table.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const [base, tenant, log, db] = process.argv.slice(2);
if (!base || !tenant || !log || !db) {
  console.error('usage: node bench/customer-search.mjs BASE TENANT SEED_LOG SQLITE_DB');
  process.exit(2);
}

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

const line = readFileSync(log, 'utf8').split('\n').find((l) => l.trim().split(/\s+/).join(' ').startsWith(`support@example.com support ${tenant} `));
const secret = line.trim().split(/\s+/)[3];
const headers = { 'content-type': 'application/json', 'x-tenant-id': tenant, 'x-requested-with': 'bench' };
const login = await fetch(`${base}/backend/admin/login`, { method: 'POST', headers, body: JSON.stringify({ email: 'support@example.com', password: 'portal-demo', totp: totp(secret) }) });
if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
const token = (await login.json()).data.token;
const auth = { ...headers, authorization: `Bearer ${token}` };

const sql = (q) => execFileSync('sqlite3', [db, q], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
const n = Number(sql('SELECT COUNT(*) FROM users')[0]);
const spread = (table, column, where = '1=1') => sql(`SELECT ${column} FROM ${table} WHERE ${where} AND rowid % 997 = 0 LIMIT 20`);
const keys = {
  email: spread('users', 'email', "email LIKE 'gen-%'"),
  emailPrefix: spread('users', 'substr(email, 1, 9)', "email LIKE 'gen-%'"),
  msisdn: spread('users', 'msisdn', 'msisdn IS NOT NULL'),
  userId: spread('users', 'user_id', "email LIKE 'gen-%'"),
  paymentId: spread('payments', 'id'),
  paymentReference: spread('payments', 'reference'),
};

async function timed(url) {
  const t = performance.now();
  const res = await fetch(url, { headers: auth });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return [performance.now() - t, body.data];
}
const stats = (ms) => {
  ms.sort((a, b) => a - b);
  return `median ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms, slowest ${ms[ms.length - 1].toFixed(1)} ms (${ms.length} lookups)`;
};

console.log(`${n} users in the database`);
const found = [];
for (const [key, values] of Object.entries(keys)) {
  const ms = [];
  for (const v of values) {
    const [t, data] = await timed(`${base}/backend/admin/customers?q=${encodeURIComponent(v)}`);
    ms.push(t);
    if (data.customers.length === 0) throw new Error(`${key} ${v}: nobody found`);
    found.push(data.customers[0].uuid);
  }
  console.log(`search by ${key}: ${stats(ms)}`);
}
const pages = [];
for (const uuid of found.slice(0, 40)) pages.push((await timed(`${base}/backend/admin/customers/${uuid}`))[0]);
console.log(`a customer's page: ${stats(pages)}`);
