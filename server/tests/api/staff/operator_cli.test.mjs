// The operator's commands (issue 32 item 1, and the staff invitation of item
// 2): tenants created, imported and listed from the command line on a
// database without demo data, the first-run message, and `staff invite`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/server.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
let dir;
let database;
let dropDatabase = () => {};

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  const admin = process.env.PORTAL_TEST_PG_ADMIN;
  if (!admin) {
    database = join(dir, 'portal.db');
    return;
  }
  const name = `portal_cli_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  execFileSync('psql', [admin, '-q', '-c', `CREATE DATABASE ${name}`]);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  database = url.toString();
  dropDatabase = () => execFileSync('psql', [admin, '-q', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
});
after(() => {
  dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

// Runs `portal ARGS --database ...`; returns {status, stdout, stderr}.
function portal(...args) {
  const r = spawnSync(BINARY, [...args, '--database', database, '--migrations-dir', join(ROOT, 'server/migrations'),
    '--locales-dir', join(ROOT, 'web/src/locales'), '--data-dir', join(ROOT, 'data'), '--log-level', 'warn'],
  { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// A database without tenants starts, ready, and its pages name the commands (issue 74 item 1:
// foundation/first-start.test.mjs); the command line lists none.
test('a database without tenants lists none', () => {
  assert.equal(portal('tenant', 'list').stdout, 'no tenants\n');
});

// Issue 72 item 3: a tenant's mails link to its public origin. Outside the dev stage, with no public URL of the
// portal's own, a tenant that names none would have no address for them: refused where it is made, never guessed.
test('outside the dev stage a tenant names its public origin, unless the portal has a public URL', () => {
  const refused = portal('tenant', 'create', 'shop', '--host', 'shop.example', '--stage', 'prod');
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /public origin \(--public-origin https:\/\/play\.example/);
  const bad = portal('tenant', 'create', 'shop', '--host', 'shop.example', '--stage', 'prod', '--public-origin', 'shop.example/x');
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /must be an origin/);
  const made = portal('tenant', 'create', 'shop', '--host', 'shop.example', '--stage', 'prod', '--public-origin', 'https://shop.example');
  assert.equal(made.status, 0, made.stderr);
  const file = join(dir, 'shop2.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(join(ROOT, 'data/tenants/vela.json'), 'utf8')), name: 'shop2', hosts: ['shop2.example'], backend: {} }));
  assert.equal(portal('tenant', 'import', file, '--stage', 'prod').status, 1, 'a file without backend.publicOrigin');
  const viaUrl = portal('tenant', 'create', 'shop3', '--host', 'shop3.example', '--stage', 'prod', '--public-url', 'https://portal.example');
  assert.equal(viaUrl.status, 0, viaUrl.stderr);
  assert.equal(portal('tenant', 'list', '--public-url', 'https://portal.example/path').status, 2, 'a public URL is an origin');
});

test('tenant create stores a tenant with its hosts and language, and refuses a taken name or host', () => {
  const made = portal('tenant', 'create', 'acme', '--host', 'Acme.Example', '--host', 'www.acme.example', '--language', 'fr');
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stdout, /created tenant acme \(id \d+, hosts acme\.example,www\.acme\.example, language fr\)/);
  const again = portal('tenant', 'create', 'acme', '--host', 'other.example');
  assert.equal(again.status, 1);
  assert.match(again.stderr, /a tenant named 'acme' exists/);
  const host = portal('tenant', 'create', 'beta', '--host', 'acme.example');
  assert.equal(host.status, 1);
  assert.match(host.stderr, /the host acme\.example belongs to acme/);
  assert.equal(portal('tenant', 'create', 'Bad Name', '--host', 'x.example').status, 1);
  assert.equal(portal('tenant', 'create', 'gamma', '--host', 'gamma.example', '--language', 'xx').status, 1);
  assert.equal(portal('tenant', 'create', 'delta').status, 1, 'a host is required');
  assert.equal(portal('tenant', 'frobnicate').status, 2);
  const list = portal('tenant', 'list');
  assert.equal(list.status, 0);
  assert.match(list.stdout, /^\d+\tacme\tfr\tacme\.example,www\.acme\.example\tacme$/m);
});

test('tenant import reads the data/tenants format, replaces the tenant of that name, and refuses a host of another', () => {
  const file = join(dir, 'vela.json');
  const vela = JSON.parse(readFileSync(join(ROOT, 'data/tenants/vela.json'), 'utf8'));
  writeFileSync(file, JSON.stringify(vela));
  const first = portal('tenant', 'import', file);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /imported tenant vela/);
  vela.displayName = 'Vela Renamed';
  writeFileSync(file, JSON.stringify(vela));
  assert.equal(portal('tenant', 'import', file).status, 0);
  assert.match(portal('tenant', 'list').stdout, /\tvela\tde\tvela\.localhost\tVela Renamed$/m);
  writeFileSync(file, JSON.stringify({ ...vela, name: 'thief', hosts: ['acme.example'] }));
  const thief = portal('tenant', 'import', file);
  assert.equal(thief.status, 1);
  assert.match(thief.stderr, /belongs to acme/);
  writeFileSync(file, JSON.stringify({ ...vela, colors: undefined }));
  const broken = portal('tenant', 'import', file);
  assert.equal(broken.status, 1);
  assert.match(broken.stderr, /colors/);
});

test('staff invite mails an owner\'s link through the tenant\'s outbox and records it; a bad role is refused', () => {
  const r = portal('staff', 'invite', '--tenant', 'acme', '--email', 'Boss@Acme.Example', '--role', 'owner',
    '--base-url', 'https://acme.example');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /invited boss@acme\.example as owner of acme/);
  assert.match(r.stdout, /queued in the outbox of acme \(the running portal sends it by SMTP\)/);
  const link = /https:\/\/acme\.example\/admin\/login\?invitation=[0-9a-f]{64}&lang=fr/.exec(r.stdout);
  assert.ok(link, r.stdout);
  const bad = portal('staff', 'invite', '--tenant', 'acme', '--email', 'x@acme.example', '--role', 'janitor');
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /role/);
  assert.equal(portal('staff', 'invite', '--email', 'x@acme.example', '--role', 'owner').status, 2);
  const platform = portal('staff', 'invite', '--platform', '--email', 'root@example.com', '--role', 'platform_admin');
  assert.equal(platform.status, 0, platform.stderr);
  assert.match(platform.stdout, /of the platform/);

  // Outside the dev stage the invitation needs the key that seals the TOTP secrets: the message says which setting,
  // and no usage follows it (the command line was right; issue 73 item 9).
  const keyless = spawnSync(BINARY, ['staff', 'invite', '--tenant', 'acme', '--email', 'y@acme.example', '--role', 'editor',
    '--stage', 'prod', '--database', database, '--migrations-dir', join(ROOT, 'server/migrations'),
    '--locales-dir', join(ROOT, 'web/src/locales'), '--data-dir', join(ROOT, 'data'), '--log-level', 'warn'],
  { encoding: 'utf8', env: { ...process.env, PORTAL_STAFF_SECRET_KEY: '' } });
  assert.equal(keyless.status, 2, keyless.stderr);
  assert.match(keyless.stderr, /PORTAL_STAFF_SECRET_KEY/);
  assert.doesNotMatch(keyless.stderr, /Usage:/);
  // --help names the setting.
  assert.match(portal('staff', '--help').stdout, /PORTAL_STAFF_SECRET_KEY/);

  // The mail, and the audit entries of the command line.
  const query = (sql) => database.startsWith('postgres')
    ? execFileSync('psql', [database, '-At', '-c', sql], { encoding: 'utf8' })
    : execFileSync('sqlite3', [database, sql], { encoding: 'utf8' });
  const mail = query("SELECT subject FROM mail_outbox WHERE recipient = 'boss@acme.example'");
  assert.match(mail, /acme/);
  const actions = query("SELECT action || ' ' || actor_role || ' ' || object_id FROM audit_log ORDER BY id").trim().split('\n');
  assert.ok(actions.includes('tenant.create cli acme'), actions.join('; '));
  assert.ok(actions.some((a) => a.startsWith('staff.invite cli ')), actions.join('; '));
});
