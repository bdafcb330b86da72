// Helpers of the voucher and cart API tests: minting codes with the CLI on the
// test server's database, the demo codes it printed, the mail outbox, and
// paying a cart at the hosted checkout.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../support/server.mjs';
import { data, payAtCheckout } from '../subscriptions/support.mjs';

export const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
// New codes: consonants and digits that read as no vowel (issue 72 item 11), so that no code spells a word.
export const CODE = /^[BCDFGHJ-NP-TV-XZ25-9]{4}-[BCDFGHJ-NP-TV-XZ25-9]{4}-[BCDFGHJ-NP-TV-XZ25-9]{4}-[BCDFGHJ-NP-TV-XZ25-9]{4}$/;

// `portal issue-vouchers` against the server's database: {status, codes, stderr}.
export function issueVouchers(server, args) {
  const run = spawnSync(BINARY, ['issue-vouchers', '--database', server.database,
    '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'warn', ...args], { encoding: 'utf8' });
  return { status: run.status, codes: run.stdout.split('\n').filter(Boolean), stderr: run.stderr };
}

export function mint(server, tenant, type, count = 1) {
  const out = issueVouchers(server, ['--tenant', tenant, '--type', String(type), '--count', String(count)]);
  assert.equal(out.status, 0, out.stderr);
  return out.codes;
}

// The demo codes the server printed at start-up: [{tenant, code, typeId}].
export function demoCodes(server) {
  const out = [];
  for (const m of server.output().matchAll(/^ {2}(\w+) {2}([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}) {2}.*\(type (\d+)\)$/gm))
    out.push({ tenant: m[1], code: m[2], typeId: Number(m[3]) });
  return out;
}

export async function outbox(server, tenant) {
  const res = await fetch(`${server.base}/backend/dev/outbox/${tenant}`, { headers: { accept: 'application/json' } });
  assert.equal(res.status, 200);
  return (await res.json()).data;
}

// Every voucher code mailed to `email` (mails written in the same second have
// no order, so callers compare sets). Waits up to `ms` for more than `known` codes.
export async function mailedCodes(server, tenant, email, { ms = 0, known = [] } = {}) {
  const until = Date.now() + ms;
  for (;;) {
    const codes = [];
    for (const m of await outbox(server, tenant))
      if (m.to === email) codes.push(...[...m.body.matchAll(/\b[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\b/g)].map((x) => x[0]));
    const fresh = codes.filter((c) => !known.includes(c));
    if (fresh.length || Date.now() > until) return fresh;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function redeem(call, token, voucherCode, extra = {}) {
  return call('/voucher/consumption/subscription', { method: 'POST', body: { voucherCode, ...extra }, token });
}

// Fills the cart with `items` ({productId: quantity}), checks out and pays at the hosted page.
export async function buyCart(call, token, items, card, redirect = 'http://localhost:8080/myCart') {
  for (const [id, quantity] of Object.entries(items))
    await data(await call(`/cart/items/${id}`, { method: 'PUT', body: { quantity }, token }));
  const start = await data(await call('/cart/checkout', { method: 'POST', body: { redirectionUrl: redirect, lang: 'en' }, token }));
  const paid = await payAtCheckout(start.url, card);
  assert.equal(paid.res.status, 303);
  return { start, location: paid.location };
}
