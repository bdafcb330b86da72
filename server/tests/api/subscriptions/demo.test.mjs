// Issue 10 "Plans and prices": the demo accounts tell the truth. subscriber@ holds an
// ACTIVE plan that includes music in every demo tenant (seeded by --seed demo through
// the repository, with its event), guest@ holds none; each tenant sells its catalog and
// its plans in one currency (noor: SAR, not euro numbers relabelled).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startPortal } from '../support/server.mjs';
import { client, data, mySubscriptions, GUEST, SUBSCRIBER } from './support.mjs';

const PLAN = { aurora: 103, noor: 401, vela: 502 };
let server;
before(async () => {
  server = await startPortal(['--scheduler-interval', '0']);
});
after(async () => {
  if (server) await server.stop();
});

for (const tenant of Object.keys(PLAN)) {
  test(`${tenant}: subscriber@ holds an ACTIVE plan that includes music, guest@ none`, async () => {
    const call = client(server, tenant);
    const token = await call.login(SUBSCRIBER);
    const subs = await mySubscriptions(call, token, '?inclSubscriptionType=true');
    const active = subs.filter((s) => s.active);
    assert.equal(active.length, 1, JSON.stringify(subs));
    const [sub] = active;
    assert.equal(sub.typeId, PLAN[tenant]);
    assert.equal(sub.state, 'ACTIVE');
    assert.equal(sub.subState, null);
    assert.equal(sub.cancelRequested, false);
    assert.ok(new Date(sub.endDate) > new Date(Date.now() + 12 * 3600e3), `ends in the future: ${sub.endDate}`);
    assert.equal(sub.nextRenewalDate, sub.endDate);
    assert.ok(sub.contingents.some((c) => c.contentTypes.includes('full_track_music') && c.amount !== 0), 'music included');
    assert.equal(sub.subscriptionType.id, PLAN[tenant]);
    // Written like any other subscription: one state-machine event from nothing to ACTIVE.
    const events = await data(await call(`/dev/subscription/${sub.id}/events`, { token }));
    assert.equal(events.length, 1);
    assert.equal(events[0].toState, 'ACTIVE');
    // The level shows as the current one to its holder.
    const types = await data(await call('/subscription/type', { token }));
    const held = types.find((t) => t.id === PLAN[tenant]);
    assert.ok(held.subscriptionTypeGroupList[0].levels.some((l) => l.currentSubscriptionExist && l.subscriptionTypeIds.includes(PLAN[tenant])));

    const guest = await call.login(GUEST);
    assert.deepEqual(await mySubscriptions(call, guest, '?inclCancelled=true'), []);
  });
}

// Every price a tenant shows, in the catalog and on its plans.
async function currencies(tenant) {
  const call = client(server, tenant);
  const seen = new Set();
  for (const section of ['music', 'video', 'games', 'audiobook', 'podcast', 'news', 'articles', 'vouchers']) {
    const list = await data(await call(`/catalog/articles?section=${section}&limit=50&lang=en`));
    assert.ok(list.entries.length > 0, `${tenant} ${section}`);
    for (const a of list.entries) for (const p of a.prices) seen.add(`catalog:${p.currency}`);
  }
  for (const t of await data(await call('/subscription/type'))) {
    seen.add(`plans:${t.subscriptionTypePrice.currency}`);
    if (t.subscriptionTypePromotionPrice) seen.add(`plans:${t.subscriptionTypePromotionPrice.currency}`);
  }
  return [...seen].sort();
}

test('noor sells its catalog and its plans in SAR; aurora and vela in EUR', async () => {
  assert.deepEqual(await currencies('noor'), ['catalog:SAR', 'plans:SAR']);
  assert.deepEqual(await currencies('aurora'), ['catalog:EUR', 'plans:EUR']);
  assert.deepEqual(await currencies('vela'), ['catalog:EUR', 'plans:EUR']);
});

test('noor\'s riyal prices are price points of their own, not the euro amounts relabelled', async () => {
  const euro = await data(await client(server, 'aurora')('/catalog/articles/20001?lang=en'));
  const riyal = await data(await client(server, 'noor')('/catalog/articles/20001?lang=en'));
  assert.deepEqual(euro.prices.map((p) => [p.businessModel, p.amount, p.currency]), [['PAY_PER_DOWNLOAD', 99, 'EUR'], ['SUBSCRIPTION', 499, 'EUR']]);
  assert.deepEqual(riyal.prices.map((p) => [p.businessModel, p.amount, p.currency]), [['PAY_PER_DOWNLOAD', 399, 'SAR'], ['SUBSCRIPTION', 1999, 'SAR']]);
});

test('import keeps a tenant in its one currency: a euro-only catalog or plans file is refused for noor', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-currency-'));
  try {
    const binary = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
    const common = ['--database', join(dir, 'import.db'), '--seed', 'demo', '--data-dir', join(ROOT, 'data'),
      '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'error'];
    const run = (args) => spawnSync(binary, [...args, ...common], { encoding: 'utf8' });
    const euroCatalog = join(ROOT, 'server/tests/api/catalog/fixtures/catalog.json');
    const refused = run(['import-catalog', euroCatalog, '--tenant', 'noor']);
    assert.equal(refused.status, 1, refused.stdout);
    assert.match(refused.stderr, /article \d+: prices has no price in the tenant's currency SAR/);
    assert.equal(run(['import-catalog', euroCatalog, '--tenant', 'aurora']).status, 0);
    const plans = run(['import-subscriptions', join(ROOT, 'data/subscriptions/aurora.json'), '--tenant', 'noor']);
    assert.equal(plans.status, 1, plans.stdout);
    assert.match(plans.stderr, /type 101 is priced in EUR, the tenant noor sells in SAR/);
    assert.equal(run(['import-subscriptions', join(ROOT, 'data/subscriptions/noor.json'), '--tenant', 'noor']).status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
