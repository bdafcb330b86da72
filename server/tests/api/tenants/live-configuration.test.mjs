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
import { ROOT, backend, expectError, rawRequest, startPortal } from '../support/server.mjs';
import { loginApi } from '../identity/flow.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

let first, second, dir, owner;
before(async () => {
  first = await startPortal();
  second = await startPortal([], { database: first.database });
  dir = mkdtempSync(join(tmpdir(), 'portal-live-'));
  owner = (await staffLogin(backend(first, 'aurora'), demoStaff(first.output())['owner@example.com aurora'])).token;
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

const settingsOf = async (server, token = owner) => {
  const res = await backend(server, 'aurora')('/admin/settings', staffBearer(token));
  assert.equal(res.status, 200);
  return (await res.json()).data;
};
const putSettings = (server, body, token = owner) => backend(server, 'aurora')('/admin/settings', json(body, staffBearer(token).headers, 'PUT'));
// The page shell as a browser on localhost (aurora) in English asks for it: {status, headers, body}.
const shell = (server, path) => rawRequest(server, { path, headers: { Host: 'localhost', 'Accept-Language': 'en' } });

test("the owner's colours, flag and redirect rule, changed through one instance, are served by both within the poll", async () => {
  const before = await settingsOf(first);
  assert.equal(before.name, 'aurora');
  assert.ok(before.version >= 1);
  assert.equal(before.colors.light.primary, '#6d28d9');
  // Both instances keep the home page's shell for visitors and the configurations structure.
  for (const server of [first, second]) {
    assert.match((await shell(server, '/')).body, /--color-primary:#6d28d9;/);
    assert.equal((await shell(server, '/old-music')).status, 404);
  }

  const edited = structuredClone(before);
  edited.colors.light.primary = '#0f766e';
  edited.features.V2Modals = false;
  edited.redirects = [
    { from: '/old-music', to: '/music', permanent: false },
    { from: '/help', to: 'https://help.aurora.example/faq', permanent: true },
  ];
  const res = await putSettings(first, edited);
  assert.equal(res.status, 200, await res.clone().text());
  const after = (await res.json()).data;
  assert.equal(after.version, before.version + 1);
  assert.equal(after.colors.light.primary, '#0f766e');

  for (const server of [second, first]) {
    await eventually(async () => (await shell(server, '/')).body.includes('--color-primary:#0f766e;'), Boolean, 'the colours');
    const features = async () => {
      const r = await backend(server, 'aurora')('/structure/configurations?lang=en');
      return (await r.json()).data.data.customProperties.features.V2Modals;
    };
    await eventually(features, (v) => v === false, 'the flag');
    const moved = await shell(server, '/old-music?ref=mail');
    assert.equal(moved.status, 302);
    assert.equal(moved.headers.location, '/music?ref=mail');
    assert.equal((await shell(server, '/ar/old-music')).headers.location, '/ar/music');
    const away = await shell(server, '/help');
    assert.equal(away.status, 301);
    assert.equal(away.headers.location, 'https://help.aurora.example/faq');
  }
  assert.deepEqual((await settingsOf(second)).redirects, [
    { from: '/old-music', to: '/music', permanent: false },
    { from: '/help', to: 'https://help.aurora.example/faq', permanent: true },
  ]);

  // The change is in the audit log with the settings before and after.
  const audit = await backend(first, 'aurora')('/admin/audit?action=settings.update', staffBearer(owner));
  const [entry] = (await audit.json()).data.items;
  assert.equal(entry.actorEmail, 'owner@example.com');
  assert.equal(entry.objectId, 'aurora');
  // When it happened (the console's audit page showed an empty time for this entry).
  assert.match(entry.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.ok(Math.abs(Date.parse(entry.at) - Date.now()) < 60_000, `a time of now: ${entry.at}`);
  assert.equal(entry.before.colors.light.primary, '#6d28d9');
  assert.equal(entry.after.colors.light.primary, '#0f766e');
});

test('settings are written over the version read, field by field, by an owner or admin of the tenant only', async () => {
  const current = await settingsOf(first);
  const stale = await expectError(await putSettings(first, { ...current, version: current.version - 1 }), 409, 'SETTINGS_VERSION_CONFLICT');
  assert.equal(stale.data.version, current.version);
  const bad = await expectError(await putSettings(first, { ...current, defaultLocale: 'it' }), 400, 'VALIDATION_ERROR');
  assert.equal(bad.data.field, 'defaultLocale');
  const rule = await expectError(await putSettings(first, { ...current, redirects: [{ from: '/a', to: 'javascript:alert(1)', permanent: false }] }), 400, 'VALIDATION_ERROR');
  assert.equal(rule.data.field, 'redirects[0].to');
  await expectError(await putSettings(first, { ...current, hosts: [...current.hosts, 'noor.localhost'] }), 409, 'HOST_TAKEN');
  // Issue 45 item 9: one link rule for every link in the settings and features, one colour rule.
  const withSetting = (area, path, value) => {
    const copy = structuredClone(current);
    let at = copy[area];
    for (const key of path.slice(0, -1)) at = at[key] ??= {};
    at[path.at(-1)] = value;
    return copy;
  };
  for (const [area, path] of [['settings', ['images', 'logo']], ['settings', ['links', 'homeUrl']],
    ['features', ['creditExpirationRoute']]])
    for (const value of ['javascript:alert(1)', '//evil.example/x', '/\t/evil.example', 'data:text/html,x']) {
      const refused = await expectError(await putSettings(first, withSetting(area, path, value)), 400, 'VALIDATION_ERROR');
      assert.equal(refused.data.field, [area, ...path].join('.'), `${path.join('.')}=${JSON.stringify(value)}`);
    }
  for (const colour of ['url(//evil.example/x.png)', 'expression(alert(1))', 'red;background:url(x)']) {
    const copy = structuredClone(current);
    copy.colors.light.primary = colour;
    const refused = await expectError(await putSettings(first, copy), 400, 'VALIDATION_ERROR');
    assert.equal(refused.data.field, 'colors.light.primary', colour);
  }
  assert.equal((await settingsOf(first)).version, current.version, 'nothing was written');

  const staff = demoStaff(first.output());
  const editor = (await staffLogin(backend(first, 'aurora'), staff['editor@example.com aurora'])).token;
  await expectError(await putSettings(first, current, editor), 403, 'STAFF_ROLE_REQUIRED');
  await expectError(await backend(first, 'aurora')('/admin/settings', staffBearer(editor)), 403, 'STAFF_ROLE_REQUIRED');
  const customer = (await loginApi(backend(first, 'aurora'))).access_token;
  assert.equal((await putSettings(first, current, customer)).status, 401);
  const noorOwner = (await staffLogin(backend(first, 'noor'), staff['owner@example.com noor'])).token;
  await expectError(await putSettings(first, current, noorOwner), 403, 'STAFF_WRONG_TENANT');
});
