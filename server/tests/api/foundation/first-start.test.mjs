// Issue 74: installing and operating without surprises, as the binary behaves.
//   item 1  a first start with no tenant: the portal starts and is ready (/readyz 200, "no tenant"), every page
//           says how to create the first tenant (in the browser's language), and a tenant `portal tenant create`
//           makes is served within seconds, without a restart;
//   item 2  one version: `portal --version`, /healthz and the portal_build_info metric name the same build, the
//           one scripts/version computes from the project's version and the commit;
//   item 3  the demo seed writes into the tenants it made only: an operator's tenants (one of them named like a
//           demo tenant) get no demo catalog, plans, accounts, staff or codes, and no demo platform administrator
//           appears beside them; outside the dev stage the seed is refused before the database is opened;
//   item 5  metrics off the public listener: --metrics-listen serves /metrics (and /healthz, /readyz) on an address
//           of its own, the public listener answers 404 there; PORTAL_METRICS_TOKEN opens it to a bearer only;
//   item 9  outside the dev stage the portal writes JSON lines only (no banner).
// SQLite and PostgreSQL (scripts/with-postgres).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, sqlOn } from '../support/server.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
const KEY = 'first-start-test-staff-secret-key-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'portal-first-start-'));
const databases = [];
const running = [];
after(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  for (const drop of databases) drop();
  rmSync(dir, { recursive: true, force: true });
});

// An empty database of its own: a SQLite file, or a PostgreSQL database made for it.
function emptyDatabase(name) {
  const admin = process.env.PORTAL_TEST_PG_ADMIN;
  if (!admin) return join(dir, `${name}.db`);
  const db = `portal_first_${name}_${process.pid}`;
  execFileSync('psql', [admin, '-qc', `DROP DATABASE IF EXISTS ${db}`]);
  execFileSync('psql', [admin, '-qc', `CREATE DATABASE ${db}`]);
  databases.push(() => spawnSync('psql', [admin, '-qc', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]));
  return Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
}

const common = (database) => ['--database', database, '--data-dir', join(ROOT, 'data'), '--web-root', join(ROOT, 'web/dist'),
  '--locales-dir', join(ROOT, 'web/src/locales'), '--migrations-dir', join(ROOT, 'server/migrations')];
const env = (extra = {}) => ({ ...process.env, PORTAL_STAFF_SECRET_KEY: KEY, ...extra });

// `portal WORDS` on a database, as an operator runs it beside the service.
function portal(database, ...words) {
  const run = spawnSync(BINARY, [...words, ...common(database), '--log-level', 'warn'], { encoding: 'utf8', env: env() });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

async function freePort() {
  const server = createServer();
  await new Promise((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address();
  await new Promise((res) => server.close(res));
  return port;
}

// Starts the portal; answers {base, output, stop}.
async function start(database, args, extraEnv) {
  const portFile = join(dir, `port-${Math.random().toString(36).slice(2)}`);
  const child = spawn(BINARY, [...common(database), '--port', '0', '--address', '127.0.0.1', '--port-file', portFile, ...args],
    { env: env(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stdout = '', stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((res) => child.on('exit', (code) => res(code)));
  for (let i = 0; i < 1200 && !(existsSync(portFile) && readFileSync(portFile, 'utf8').trim()); i++) {
    if (child.exitCode !== null) assert.fail(`the portal exited with ${child.exitCode}:\n${stdout}${stderr}`);
    await sleep(50);
  }
  return {
    base: `http://127.0.0.1:${readFileSync(portFile, 'utf8').trim()}`,
    stdout: () => stdout,
    stop: () => (child.kill('SIGTERM'), exited),
  };
}

const page = (server, path, headers = {}) => fetch(`${server.base}${path}`, { headers });

test('a first start with no tenant is ready, says how to create one, and serves the tenant once it exists (item 1)', async () => {
  const database = emptyDatabase('empty');
  const server = await start(database, ['--stage', 'prod', '--log-level', 'info']);
  const ready = await page(server, '/readyz');
  assert.equal(ready.status, 200, 'ready: a load balancer and systemd see a running service');
  const readiness = await ready.json();
  assert.equal(readiness.status, 'ready');
  assert.equal(readiness.tenants, 0);
  assert.match(readiness.notice, /^no tenant: .*portal tenant create/);

  for (const [lang, dirAttr, title] of [['en', 'ltr', 'No tenant yet'], ['ar', 'rtl', 'لا يوجد مستأجر بعد'], ['de', 'ltr', 'Noch kein Mandant']]) {
    const res = await page(server, '/', { 'Accept-Language': lang });
    assert.equal(res.status, 503, 'nothing is served yet');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    assert.match(html, new RegExp(`<html lang="${lang}" dir="${dirAttr}"`));
    assert.ok(html.includes(`<h1>${title}</h1>`), html);
    assert.ok(html.includes('portal tenant create NAME --host HOST'), 'the command');
    assert.ok(html.includes('portal staff invite --tenant NAME'), 'and the owner\'s invitation');
  }
  // Any page, the console's sign-in and an asset path alike; the backend names the missing tenant.
  for (const path of ['/en/subscription', '/admin/login', '/assets/nothing.js'])
    assert.equal((await page(server, path)).status, 503, path);
  assert.equal((await page(server, '/healthz')).status, 200);

  assert.match(portal(database, 'tenant', 'create', 'acme', '--host', 'acme.localhost', '--language', 'en', '--stage', 'prod',
    '--public-origin', 'https://acme.example'), /created tenant acme/);
  let home;
  for (let i = 0; i < 100; i++) {
    home = await page(server, '/en', { Host: 'acme.localhost' });
    if (home.status === 200) break;
    await sleep(100);
  }
  assert.equal(home.status, 200, 'the new tenant is served without a restart');
  assert.match(await home.text(), /<html[^>]*lang="en"/);
  assert.equal((await (await page(server, '/readyz')).json()).tenants, 1);

  assert.equal(await server.stop(), 0);
  // Item 9: outside the dev stage stdout holds JSON lines only (jq reads every one); the warning names the fix.
  const lines = server.stdout().split('\n').filter(Boolean);
  for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), `not a JSON line: ${line}`);
  assert.ok(lines.some((l) => /"no tenant yet".*portal tenant create/.test(l)), server.stdout());
});

test('portal --version, /healthz and portal_build_info name the build scripts/version computes (item 2)', async () => {
  const [version, commit] = execFileSync(join(ROOT, 'scripts/version'), { encoding: 'utf8' }).trim().split(' ');
  const printed = execFileSync(BINARY, ['--version'], { encoding: 'utf8' });
  assert.equal(printed, `portal ${version}\ncommit ${commit}\n`);
  assert.match(version, /^\d+\.\d+\.\d+(\+\d+\.g[0-9a-f]{12})?$/, 'a Debian version: the release, or a build after it');
  const project = readFileSync(join(ROOT, 'server/CMakeLists.txt'), 'utf8').match(/^project\(portal VERSION ([\d.]+) /m)[1];
  assert.ok(version === project || version.startsWith(`${project}+`), `${version} comes from the project's ${project}`);
  // The changelog's newest entry is the project's version: a release raises both.
  const changelog = readFileSync(join(ROOT, 'server/packaging/changelog'), 'utf8');
  assert.equal(changelog.match(/^portal \(([^)]+)\)/)[1], project);

  const server = await start(emptyDatabase('version'), ['--stage', 'dev', '--log-level', 'warn']);
  assert.deepEqual(await (await page(server, '/healthz')).json(), { status: 'ok', version, commit });
  const metrics = await (await page(server, '/metrics')).text();
  assert.ok(metrics.includes(`portal_build_info{version="${version}",commit="${commit}"} 1`), metrics);
  assert.equal(await server.stop(), 0);
});

test('metrics are off the public listener: --metrics-listen serves them apart, a token opens them to a bearer (item 5)', async () => {
  const database = emptyDatabase('metrics');
  const metricsPort = await freePort();
  const server = await start(database, ['--stage', 'prod', '--log-level', 'warn', '--metrics-listen', `127.0.0.1:${metricsPort}`]);
  assert.equal((await page(server, '/metrics')).status, 404, 'the public listener does not serve them');
  const apart = `http://127.0.0.1:${metricsPort}`;
  const scraped = await fetch(`${apart}/metrics`);
  assert.equal(scraped.status, 200);
  assert.match(await scraped.text(), /^portal_build_info\{version="/m);
  assert.equal((await fetch(`${apart}/readyz`)).status, 200, 'the health checks answer there too');
  assert.equal((await fetch(`${apart}/`)).status, 404, 'and nothing else');
  assert.equal(await server.stop(), 0);

  // No metrics listener in the prod stage: none on the public one either, unless a token is set.
  const bare = await start(database, ['--stage', 'prod', '--log-level', 'warn']);
  assert.equal((await page(bare, '/metrics')).status, 404);
  assert.equal(await bare.stop(), 0);
  const token = 'a-metrics-token-for-the-test-0123';
  const guarded = await start(database, ['--stage', 'prod', '--log-level', 'warn'], { PORTAL_METRICS_TOKEN: token });
  assert.equal((await page(guarded, '/metrics')).status, 401);
  assert.equal((await page(guarded, '/metrics', { Authorization: 'Bearer a-metrics-token-for-the-test-0124' })).status, 401);
  assert.equal((await page(guarded, '/metrics', { Authorization: `Bearer ${token}` })).status, 200);
  assert.equal(await guarded.stop(), 0);

  const refused = spawnSync(BINARY, ['--metrics-listen', '9464', ...common(database)], { encoding: 'utf8', env: env() });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /--metrics-listen takes ADDRESS:PORT/);
});

test('the demo seed writes into the tenants it made only, never an operator\'s, whatever its name (item 3)', async () => {
  const database = emptyDatabase('seed');
  portal(database, 'tenant', 'create', 'acme', '--host', 'acme.localhost', '--language', 'en');
  portal(database, 'tenant', 'create', 'aurora', '--host', 'shop.acme.localhost', '--language', 'de');
  const before = sqlOn(database, "SELECT config_version FROM tenants WHERE name = 'aurora'");

  // The forgotten PORTAL_ARGS=--seed demo on a production stage: refused before the database is touched.
  const prod = spawnSync(BINARY, [...common(database), '--stage', 'prod', '--seed', 'demo'], { encoding: 'utf8', env: env() });
  assert.equal(prod.status, 2, prod.stderr);

  // The dev stage seeds the demo: its own tenants only.
  const server = await start(database, ['--stage', 'dev', '--seed', 'demo', '--log-level', 'warn', '--test-cheap-password-hashes']);
  assert.equal(await server.stop(), 0);
  const count = (sql) => Number(sqlOn(database, sql));
  const demo = sqlOn(database, "SELECT name FROM tenants WHERE name NOT IN ('acme', 'aurora') ORDER BY name").split('\n');
  assert.ok(demo.length >= 2, `the demo made its other tenants: ${demo}`);
  for (const name of ['acme', 'aurora']) {
    const of = (table) => count(`SELECT count(*) FROM ${table} x JOIN tenants t ON t.id = x.tenant_id WHERE t.name = '${name}'`);
    assert.equal(of('catalog_articles'), 0, `${name}: no demo catalog`);
    assert.equal(of('users'), 0, `${name}: no demo customers`);
    assert.equal(of('staff_accounts'), 0, `${name}: no demo staff`);
    assert.equal(of('subscription_types'), 0, `${name}: no demo plans`);
    assert.equal(of('voucher_codes'), 0, `${name}: no demo codes`);
    assert.equal(of('info_services'), 0, `${name}: no demo info services`);
    assert.equal(of('seed_marks'), 0, `${name}: nothing of it is the seed's`);
  }
  assert.equal(sqlOn(database, "SELECT config_version FROM tenants WHERE name = 'aurora'"), before, 'the operator\'s aurora kept its settings');
  assert.equal(count("SELECT count(*) FROM staff_accounts WHERE tenant_id IS NULL"), 0, 'no demo platform administrator beside an operator\'s tenants');
  const first = demo[0];
  assert.ok(count(`SELECT count(*) FROM catalog_articles a JOIN tenants t ON t.id = a.tenant_id WHERE t.name = '${first}'`) > 0, `${first} has the demo catalog`);
  assert.ok(count(`SELECT count(*) FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE t.name = '${first}'`) > 0, `${first} has the demo accounts`);
});
