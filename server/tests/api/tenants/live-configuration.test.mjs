// Live configuration (docs/operations.md "Live configuration"): two instances on one
// database; a change written through one (or by a command on the database) shows on
// both without a restart, long before any cache's own lifetime (plans 60 s,
// structures 120 s, page shells) would have let it through. SQLite (two processes
// on one file) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, backend, startPortal } from '../support/server.mjs';

let first, second, dir;
before(async () => {
  first = await startPortal();
  second = await startPortal([], { database: first.database });
  dir = mkdtempSync(join(tmpdir(), 'portal-live-'));
});
after(async () => {
  await second?.stop();
  await first?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Reads `read` on the server until `wanted` holds; the poll is 1 s, so a change that has not
// arrived after 10 s never would (the old caches kept plans 60 s and structures 120 s).
async function eventually(read, wanted, what) {
  let last;
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (wanted(last)) return last;
    await sleep(100);
  }
  assert.fail(`${what}: still ${JSON.stringify(last)}`);
}

const basicPrice = async (server) => {
  const res = await backend(server, 'aurora')('/subscription/type');
  assert.equal(res.status, 200);
  return (await res.json()).data.find((t) => t.id === 101).subscriptionTypePrice.amount;
};

test("a plan's new price shows on both instances without a restart", async () => {
  // Both have read and cached the plans.
  assert.equal(await basicPrice(first), 499);
  assert.equal(await basicPrice(second), 499);

  const plans = JSON.parse(readFileSync(join(ROOT, 'data/subscriptions/aurora.json'), 'utf8'));
  plans.types.find((t) => t.id === 101).price.amount = 549;
  const file = join(dir, 'aurora-plans.json');
  writeFileSync(file, JSON.stringify(plans));
  const binary = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
  execFileSync(binary, ['import-subscriptions', file, '--tenant', 'aurora', '--database', first.database,
    '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'error'], { encoding: 'utf8' });

  await eventually(() => basicPrice(first), (p) => p === 549, 'the first instance');
  await eventually(() => basicPrice(second), (p) => p === 549, 'the second instance');
});
