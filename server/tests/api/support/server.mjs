// Starts a real `portal` on port 0 with a fresh database and the demo seed, for
// one test file. SQLite by default; PostgreSQL when PORTAL_TEST_PG_ADMIN holds
// an admin URL (scripts/with-postgres sets it): each server then gets its own
// freshly created database.
//
// Seeding the demo takes a second on SQLite and four on PostgreSQL, and the
// suite starts about a hundred servers. With PORTAL_TEST_TEMPLATES (a folder
// the scripts make for one run, see scripts/test-api) each distinct seed is made
// once, by a portal started and stopped on a template database, and every server
// gets a copy of it (SQLite: the file; PostgreSQL: CREATE DATABASE … TEMPLATE).
// Without it (`node --test FILE`) each server seeds its own database as before.
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, existsSync, rmSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import dns from 'node:dns';
import { UPSTREAM_HEADER } from './upstream.mjs';

// Names under .localhost are this machine (RFC 6761), as Chromium resolves them: the demo tenants' hosts
// (noor.localhost, vela.localhost), where the mails' links of a test server point (its public origin, issue 72
// item 3). The system's resolver knows only "localhost"; Node's fetch asks dns.lookup, so it learns the rest here.
const systemLookup = dns.lookup;
dns.lookup = function lookup(host, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  const opts = typeof options === 'function' ? {} : typeof options === 'number' ? { family: options } : options ?? {};
  if (typeof host === 'string' && host.toLowerCase().endsWith('.localhost')) {
    if (opts.all) return process.nextTick(done, null, [{ address: '127.0.0.1', family: 4 }]);
    return process.nextTick(done, null, '127.0.0.1', 4);
  }
  return systemLookup.call(dns, host, options, callback);
};

export const ROOT = resolve(import.meta.dirname, '../../../..');
const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
const TEMPLATES = process.env.PORTAL_TEST_TEMPLATES;
// The Prism validation proxy the whole run shares: scripts/test-api-prism starts it in front of
// support/upstream-router.mjs and names it here; without it, calls go straight to the portal.
const PRISM = process.env.PORTAL_TEST_PRISM;

function psql(admin, sql) {
  execFileSync('psql', [admin, '-q', '-c', sql], { stdio: 'pipe' });  // a failure's message is in the error
}

// A new database: empty, or a copy of `template` (a SQLite file or a PostgreSQL database name).
function freshDatabase(dir, template) {
  const admin = process.env.PORTAL_TEST_PG_ADMIN;
  if (!admin) {
    const file = join(dir, 'portal.db');
    if (template)
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(template + suffix)) copyFileSync(template + suffix, file + suffix);
    return { url: file, drop() {} };
  }
  const name = `portal_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  // FILE_COPY copies the template's files as they are: a third of the time of PostgreSQL 15's default (WAL_LOG,
  // which writes every page of the copy through the write-ahead log) on this throwaway, unsynced cluster.
  psql(admin, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template} STRATEGY FILE_COPY` : ''}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop() {
      try {
        psql(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch {
        /* the cluster may already be gone at the end of the run */
      }
    },
  };
}

// What a first start writes into the database besides the migrations: the demo seed of the data
// folder (tenants, users, catalog or --catalog-seed, plans, voucher codes, staff), the staff's TOTP
// secrets sealed with the stage's key, and the seed's times (the clock, --dev-clock). A --config
// file may set any of these. Servers that differ in none of them can start from one seeded copy.
const SEED_FLAGS = new Set(['--stage', '--config', '--catalog-seed']);
const SEED_SWITCHES = new Set(['--dev-clock']);

// The dev stage's test flag for password hashes at argon2id's least cost (the suite registers and
// signs in thousands of times; a verification reads the cost from the hash, so nothing else changes).
// Not for a server of another stage (refused there), nor one with a --config file (it may set one).
function cheapHashes(extraArgs) {
  const stage = extraArgs.indexOf('--stage');
  const dev = stage < 0 || extraArgs[stage + 1] === 'dev';
  return dev && !extraArgs.includes('--config') ? ['--test-cheap-password-hashes'] : [];
}

// The stage a server runs in: its --stage, else its --config file's, else dev.
function stageOf(extraArgs) {
  let config;
  for (let i = 0; i < extraArgs.length; i++) {
    const [name, value] = String(extraArgs[i]).split(/=(.*)/s);
    if (name === '--stage') return value ?? extraArgs[i + 1];
    if (name === '--config') config = value ?? extraArgs[i + 1];
  }
  return (config && existsSync(config) && JSON.parse(readFileSync(config, 'utf8')).stage) || 'dev';
}

// Only the dev stage seeds the demo (issue 71 item 5: another stage refuses --seed demo): the seeding start of a
// server of any stage runs in the dev stage, with the server's other seed flags and its staff key, so the seed is
// the one the server's stage would have written (the staff's TOTP secrets sealed with its key).
function seedSetup(extraArgs, dataDir, env) {
  const args = [...cheapHashes(extraArgs)];
  for (let i = 0; i < extraArgs.length; i++) {
    const [name] = String(extraArgs[i]).split('=');
    if (name === '--stage') i += extraArgs[i].includes('=') ? 0 : 1;
    else if (SEED_SWITCHES.has(name)) args.push(extraArgs[i]);
    else if (SEED_FLAGS.has(name)) args.push(...(extraArgs[i].includes('=') ? [extraArgs[i]] : [extraArgs[i], extraArgs[++i]]));
  }
  args.push('--stage', 'dev');
  const config = args.indexOf('--config');
  const key = createHash('sha256')
    .update(JSON.stringify({
      binary: BINARY,
      database: process.env.PORTAL_TEST_PG_ADMIN ?? 'sqlite',
      dataDir: realpathSync(dataDir),
      args,
      config: config >= 0 && existsSync(args[config + 1]) ? readFileSync(args[config + 1], 'utf8') : null,
      staffKey: env.PORTAL_STAFF_SECRET_KEY ?? null,
    }))
    .digest('hex')
    .slice(0, 16);
  return { key, args };
}

// The seeded template of one setup, made by whichever test process asks first (an mkdir lock; the
// others wait for its `.ready` marker). A seed that fails leaves no template: its error goes to the
// test that asked, and the next one to ask tries again. Returns the template (a file or database
// name) and what its seeding start printed: the demo staff's TOTP secrets and the demo voucher codes,
// derived from the database's own secrets and so the same in every copy.
async function seededTemplate(setup, dataDir, env) {
  const at = join(TEMPLATES, setup.key);
  const admin = process.env.PORTAL_TEST_PG_ADMIN;
  const template = admin ? `portal_template_${setup.key}` : `${at}.db`;
  for (let waited = 0; !existsSync(`${at}.ready`); waited++) {
    try {
      mkdirSync(`${at}.lock`);
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (waited > 3600) throw new Error(`the template ${at} was not seeded within three minutes`);
      await sleep(50);
      continue;
    }
    try {
      if (existsSync(`${at}.ready`)) break;
      const dir = mkdtempSync(join(tmpdir(), 'portal-seed-'));
      try {
        let url = template;
        if (admin) {
          psql(admin, `DROP DATABASE IF EXISTS ${template}`);
          psql(admin, `CREATE DATABASE ${template}`);
          url = Object.assign(new URL(admin), { pathname: `/${template}` }).toString();
        }
        writeFileSync(`${at}.out`, await seedDatabase(join(dir, 'port'), url, dataDir, setup.args, env));
        writeFileSync(`${at}.ready`, '');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      rmSync(`${at}.lock`, { recursive: true, force: true });
    }
  }
  return { template, output: readFileSync(`${at}.out`, 'utf8') };
}

// Seeds a database by a start of its own with the setup's flags (seedSetup), stopped once it serves; answers what
// it printed (the demo staff's TOTP secrets and voucher codes). Stopped with SIGTERM, the portal closes the database
// cleanly: no connection stays on a PostgreSQL template, the SQLite file is whole. It handles SIGTERM once it serves
// (the port file comes a moment before): one answered request first.
async function seedDatabase(portFile, url, dataDir, setupArgs, env) {
  const seeding = await launch(baseArgs(portFile, url, dataDir).concat(setupArgs), env);
  await fetch(`http://127.0.0.1:${seeding.port}/healthz`).then((r) => r.arrayBuffer()).catch(() => {});
  const { code, signal } = await seeding.stop();
  if (code !== 0) throw new Error(`the seeding portal stopped with ${code ?? signal}:\n${seeding.output()}`);
  return seeding.output();
}

// The URL a test's portal is given: with PORTAL_TEST_PGBOUNCER (scripts/with-postgres --pgbouncer: PgBouncer in
// transaction mode in front of the cluster) a PostgreSQL database is reached through it, as an operator's many
// instances would (docs/operations.md "Through PgBouncer"). Seeding a template and the tests' own psql, pg_dump
// and subcommands go straight to the cluster (server.database).
function throughPooler(url) {
  const bouncer = process.env.PORTAL_TEST_PGBOUNCER;
  if (!bouncer || !/^postgres(ql)?:/.test(url)) return url;
  const direct = new URL(url);
  const pooled = new URL(bouncer);
  pooled.pathname = direct.pathname;
  pooled.search = '?pool_mode=transaction';
  return pooled.toString();
}

// The same database on the streaming replica of scripts/with-postgres --replica (PORTAL_TEST_PG_REPLICA), through its
// own PgBouncer in transaction mode when the run has one (PORTAL_TEST_PGBOUNCER_REPLICA), as an operator's instances
// would reach it (docs/operations.md "Read replicas"); null when the run has no replica.
export function replicaUrl(database) {
  const replica = process.env.PORTAL_TEST_PGBOUNCER_REPLICA ?? process.env.PORTAL_TEST_PG_REPLICA;
  if (!replica || !/^postgres(ql)?:/.test(database)) return null;
  const url = new URL(replica);
  url.pathname = new URL(database).pathname;
  if (process.env.PORTAL_TEST_PGBOUNCER_REPLICA) url.search = '?pool_mode=transaction';
  return url.toString();
}

function baseArgs(portFile, database, dataDir, seed = true) {
  return [
    '--port', '0', '--address', '127.0.0.1', '--port-file', portFile,
    '--database', database, ...(seed ? ['--seed', 'demo'] : []),
    '--web-root', process.env.PORTAL_WEB_ROOT ?? join(ROOT, 'web/dist'),
    '--data-dir', dataDir, '--locales-dir', join(ROOT, 'web/src/locales'),
    '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'warn',
  ];
}

// Spawns the portal and waits for its port file (the server listens, its seed is done).
async function launch(args, env) {
  const portFile = args[args.indexOf('--port-file') + 1];
  const child = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.on('exit', (code, signal) => res({ code, signal })));

  const readPort = () => (existsSync(portFile) ? readFileSync(portFile, 'utf8').trim() : '');
  // Two minutes: a PostgreSQL start migrates and seeds the demo catalog, slow on a busy two-core machine.
  for (let i = 0; i < 2400 && !readPort(); i++) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    await sleep(50);
  }
  const port = readPort();
  if (!port) {
    child.kill('SIGKILL');
    throw new Error(`portal did not start:\n${output}`);
  }
  return {
    child,
    port,
    output: () => output,
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      // A 500 a test saw names only its requestId: the portal's error lines say what threw (the log is otherwise
      // dropped with the process).
      const errors = output.split('\n').filter((line) => line.includes('"level":"error"'));
      if (errors.length) console.error(`portal on port ${port} logged ${errors.length} error line(s), the last:\n${errors.slice(-10).join('\n')}`);
      return exited;
    },
  };
}

// `dataDir`: another data folder than the repository's (tenants or plans with
// flags the demo lacks); `env`: variables added to the server's environment;
// `database`: the database of another running server (a second instance on it;
// the first one's stop() drops it); `replica`: also read from the run's streaming replica (replicaUrl).
export async function startPortal(extraArgs = [], { dataDir = join(ROOT, 'data'), env = {}, database: shared, replica = false } = {}) {
  // Outside the dev stage the staff's TOTP secrets need a key (docs/operations.md); tests that start a
  // `--stage prod` server get one unless they pass their own (or '' for none).
  const staffKey = { PORTAL_STAFF_SECRET_KEY: 'api-test-staff-secret-key-0123456789abcdef' };
  const fullEnv = { ...staffKey, ...process.env, ...env };
  const setup = seedSetup(extraArgs, dataDir, fullEnv);
  const dev = stageOf(extraArgs) === 'dev';
  const seeded = TEMPLATES && !shared ? await seededTemplate(setup, dataDir, fullEnv) : null;
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-'));
  const database = shared ? { url: shared, drop() {} } : freshDatabase(dir, seeded?.template);
  // Without templates a dev server seeds its own database as it starts; another stage's is seeded first, by a
  // dev-stage start of its own (seedSetup).
  let seedOutput = seeded?.output ?? '';
  if (!seeded && !shared && !dev) {
    seedOutput = await seedDatabase(join(dir, 'seed-port'), database.url, dataDir, setup.args, fullEnv).catch((e) => {
      database.drop();
      rmSync(dir, { recursive: true, force: true });
      throw e;
    });
  }
  const args = [
    // A seeded copy, or a second instance on a running server's database, starts without --seed: the
    // seed is there, and checking it again row by row costs a start on SQLite three times as long, on
    // PostgreSQL more.
    ...baseArgs(join(dir, 'port'), throughPooler(database.url), dataDir, !seeded && !shared && dev),
    // Test files register many users from one address; security.test.mjs sets the real limit.
    ...(extraArgs.includes('--registrations-per-hour') ? [] : ['--registrations-per-hour', '1000']),
    ...cheapHashes(extraArgs),
    ...(replica ? ['--database-replica', replicaUrl(database.url)] : []),
    ...extraArgs,
  ];
  const portal = await launch(args, fullEnv).catch((e) => {
    database.drop();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  });
  const base = `http://127.0.0.1:${portal.port}`;
  const prism = PRISM ? prismFor() : null;
  // A dev server's demo secrets and codes were printed by the start that seeded its template. Another stage's
  // output is its own: the dev-stage start that seeded its database is not that server.
  const output = () => (dev ? seedOutput : '') + portal.output();
  return {
    base,
    port: Number(portal.port),
    pid: portal.child.pid,  // for tests that read the process' memory (/proc/<pid>/status)
    database: database.url,  // for tests that run a `portal` subcommand on the same database
    // Where backend() sends its calls: the shared Prism proxy under scripts/test-api-prism.
    apiBase: prism?.base ?? base,
    violations: prism?.violations ?? [],
    upstream: prism ? String(portal.port) : undefined,  // the shared Prism's way to this portal
    output,
    async stop() {
      const result = await portal.stop();
      const violated = prism ? await prism.stop().then(() => null, (e) => e) : null;
      database.drop();
      rmSync(dir, { recursive: true, force: true });
      if (violated) throw violated;
      return result;
    },
  };
}

// One statement on a server's database (its `database`), answered as text: PostgreSQL through psql,
// SQLite through sqlite3 (columns joined by "|", rows by newlines).
export function sqlOn(database, query) {
  const out = /^postgres(ql)?:/.test(database)
    ? execFileSync('psql', [database, '-tAqc', query], { encoding: 'utf8' })
    : execFileSync('sqlite3', [database, query], { encoding: 'utf8' });
  return out.trim();
}

// fetch against the backend face with the headers every client call carries.
// Under scripts/test-api-prism the call goes through Stoplight Prism's
// validation proxy (docs/openapi.json); see prismFor.
export function backend(server, tenant = 'aurora') {
  return async (path, init = {}) => {
    const proxied = server.apiBase && server.apiBase !== server.base && proxyCan(init);
    const route = proxied && server.upstream ? { [UPSTREAM_HEADER]: server.upstream } : {};
    const response = await fetch(`${proxied ? server.apiBase : server.base}/backend${path}`, {
      ...init,
      headers: { 'X-Tenant-ID': tenant, 'x-distribution-channel': 'WEB', ...(init.headers ?? {}), ...route },
    });
    if (proxied) noteViolations(server.violations, `${init.method ?? 'GET'} /backend${path}`, response);
    return response;
  };
}

// What Prism cannot pass through unchanged goes straight to the portal: CORS
// preflights (Prism answers them itself), conditional GETs (it fails on a
// bodiless 304), and bodies that are no JSON or too large (it parses them
// first). Those tests are about transport, not the document.
function proxyCan(init) {
  if ((init.method ?? 'GET').toUpperCase() === 'OPTIONS') return false;
  const headers = new Headers(init.headers ?? {});
  if (headers.has('if-none-match') || headers.has('if-modified-since')) return false;
  if (init.body === undefined || init.body === null) return true;
  if (typeof init.body !== 'string' || init.body.length > 65536) return false;
  try {
    JSON.parse(init.body);
    return true;
  } catch {
    return false;
  }
}

// Prism (run without --errors, so the calls and answers pass unchanged) lists
// what it found in an `sl-violations` header. Violations of the document that
// count: any in an answer, and a request the document forbids that the server
// accepted (a deliberately bad request answered 4xx is the test's point).
function noteViolations(list, call, response) {
  const header = response.headers.get('sl-violations');
  if (!header) return;
  let found;
  try {
    found = JSON.parse(header);
  } catch {
    list.push(`${call}: unreadable sl-violations header ${header}`);
    return;
  }
  for (const v of found) {
    if (String(v.severity).toLowerCase() !== 'error') continue;
    const where = Array.isArray(v.location) ? v.location : [];
    const inAnswer = where[0] === 'response';
    if (inAnswer || response.status < 400)
      list.push(`${call} -> ${response.status}: ${where.join('.')} ${v.code ?? ''} ${v.message}`);
  }
}

// The run's shared Prism, for one portal: calls name the portal in UPSTREAM_HEADER; stop()
// fails (and with it the test file's teardown) when any call through it violated the document.
function prismFor() {
  const violations = [];
  return {
    base: PRISM,
    violations,
    async stop() {
      if (violations.length)
        throw new Error(`calls that violate docs/openapi.json (through Prism):\n  ${violations.join('\n  ')}`);
    },
  };
}

// A request with a chosen Host header (portal face tenant resolution); fetch
// does not allow overriding Host, so this uses node:http.
import http from 'node:http';
export function rawRequest(server, { path, method = 'GET', headers = {}, body }) {
  return new Promise((res, rej) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path, method, headers, setHost: !('Host' in headers) },
      (r) => {
        const chunks = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => res({ status: r.statusCode, headers: r.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', rej);
    if (body) req.write(body);
    req.end();
  });
}

// Asserts the one JSON error shape and returns the parsed body.
import assert from 'node:assert/strict';
export async function expectError(response, status, code) {
  assert.equal(response.status, status, `expected HTTP ${status}, got ${response.status}`);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const body = await response.json();
  assert.equal(body.status, status);
  if (code) assert.equal(body.error, code);
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 0);
  assert.ok('data' in body);
  assert.equal(typeof body.requestId, 'string');
  return body;
}

// Polls `read` every 200 ms until `ok` holds of its answer; fails after `ms`, with the last answer.
export async function until(read, ok, ms, what) {
  const end = Date.now() + ms;
  let value;
  while (Date.now() < end) {
    value = read();
    if (ok(value)) return value;
    await new Promise((done) => setTimeout(done, 200));
  }
  assert.fail(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
}
