// `portal generate-activity` (issue 34, for issue 35's reports): the generated customers are real
// customers to the storefront. gen-<seed>-1@example.test signs in with the generated password and
// sees the plan it holds, with the events the checkout and the renewals wrote; a second run of
// the same seed is refused and changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startPortal } from '../support/server.mjs';
import { client, data, mySubscriptions } from './support.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
const SEED = 41;
const PASSWORD = 'Generated-Customer-1';
let server;

function generate() {
  return spawnSync(BINARY, ['generate-activity', '--tenant', 'aurora', '--customers', '40', '--days', '90', '--seed', String(SEED),
    '--database', server.database, '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'error'], { encoding: 'utf8' });
}

before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
});
after(async () => {
  if (server) await server.stop();
});

test('a generated customer signs in and sees the plan it holds, with its events', async () => {
  const run = generate();
  assert.equal(run.status, 0, run.stderr + run.stdout);
  assert.match(run.stdout, /generated 40 customers of tenant aurora \(seed 41\)/);
  assert.match(run.stdout, /users\t40\n/);

  const call = client(server, 'aurora');
  const token = await call.login(`gen-${SEED}-1@example.test`, PASSWORD);
  const subs = await mySubscriptions(call, token, '?inclSubscriptionType=true');
  const active = subs.filter((s) => s.active);
  assert.equal(active.length, 1, JSON.stringify(subs));
  const [sub] = active;
  assert.equal(sub.state, 'ACTIVE');
  assert.equal(sub.subState, null);
  assert.equal(sub.cancelRequested, false);
  assert.equal(sub.nextRenewalDate, sub.endDate);
  assert.equal(sub.subscriptionType.id, sub.typeId);
  const events = await data(await call(`/dev/subscription/${sub.id}/events`, { token }));
  assert.equal(events[0].fromState, null);
  assert.equal(events[0].toState, 'ACTIVE');
  assert.equal(events[0].reason, 'checkout paid');
  // 90 days of a monthly or shorter plan: renewed at least twice, by the scheduler.
  const renewals = events.slice(1);
  assert.ok(renewals.length >= 2, JSON.stringify(events));
  for (const e of renewals) assert.deepEqual([e.toState, e.reason, e.actor], ['ACTIVE', 'renewal charged', 'scheduler']);
});

test('the same seed twice is refused, and nothing is written again', async () => {
  const again = generate();
  assert.equal(again.status, 1, again.stdout);
  assert.match(again.stderr, /holds 40 customers of seed 41 already/);
});
