// Starts a real `portal` on port 0 with a fresh database and the demo seed, for
// one test file. SQLite by default; PostgreSQL when PORTAL_TEST_PG_ADMIN holds
// an admin URL (scripts/with-postgres sets it): each server then gets its own
// freshly created database.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import net from 'node:net';

export const ROOT = resolve(import.meta.dirname, '../../../..');
const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');

function freshDatabase(dir) {
  const admin = process.env.PORTAL_TEST_PG_ADMIN;
  if (!admin) return { url: join(dir, 'portal.db'), drop() {} };
  const name = `portal_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  execFileSync('psql', [admin, '-q', '-c', `CREATE DATABASE ${name}`]);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop() {
      try {
        execFileSync('psql', [admin, '-q', '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      } catch {
        /* the cluster may already be gone at the end of the run */
      }
    },
  };
}

// `dataDir`: another data folder than the repository's (tenants or plans with
// flags the demo lacks); `env`: variables added to the server's environment;
// `database`: the database of another running server (a second instance on it;
// the first one's stop() drops it).
export async function startPortal(extraArgs = [], { dataDir = join(ROOT, 'data'), env = {}, database: shared } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-'));
  const portFile = join(dir, 'port');
  const database = shared ? { url: shared, drop() {} } : freshDatabase(dir);
  const args = [
    '--port', '0', '--address', '127.0.0.1', '--port-file', portFile,
    '--database', database.url, '--seed', 'demo',
    '--web-root', process.env.PORTAL_WEB_ROOT ?? join(ROOT, 'web/dist'),
    '--data-dir', dataDir, '--locales-dir', join(ROOT, 'web/src/locales'),
    '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'warn',
    // Test files register many users from one address; security.test.mjs sets the real limit.
    ...(extraArgs.includes('--registrations-per-hour') ? [] : ['--registrations-per-hour', '1000']),
    ...extraArgs,
  ];
  // Outside the dev stage the staff's TOTP secrets need a key (docs/operations.md); tests that start a
  // `--stage prod` server get one unless they pass their own (or '' for none).
  const staffKey = { PORTAL_STAFF_SECRET_KEY: 'api-test-staff-secret-key-0123456789abcdef' };
  const child = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...staffKey, ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.on('exit', (code, signal) => res({ code, signal })));

  const readPort = () => (existsSync(portFile) ? readFileSync(portFile, 'utf8').trim() : '');
  // A minute: a PostgreSQL start migrates and seeds the demo catalog, slow on a busy two-core machine.
  for (let i = 0; i < 1200 && !readPort(); i++) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    await sleep(50);
  }
  const text = readPort();
  if (!text) {
    child.kill('SIGKILL');
    throw new Error(`portal did not start:\n${output}`);
  }
  const base = `http://127.0.0.1:${text}`;
  const proxy = process.env.PORTAL_TEST_PROXY === 'prism' ? await startPrism(base) : null;
  return {
    base,
    port: Number(text),
    pid: child.pid,  // for tests that read the process' memory (/proc/<pid>/status)
    database: database.url,  // for tests that run a `portal` subcommand on the same database
    // Where backend() sends its calls: the Prism proxy when PORTAL_TEST_PROXY=prism.
    apiBase: proxy?.base ?? base,
    violations: proxy?.violations ?? [],
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const result = await exited;
      const violated = proxy ? await proxy.stop().then(() => null, (e) => e) : null;
      database.drop();
      rmSync(dir, { recursive: true, force: true });
      if (violated) throw violated;
      return result;
    },
  };
}

// fetch against the backend face with the headers every client call carries.
// Under PORTAL_TEST_PROXY=prism the call goes through Stoplight Prism's
// validation proxy (docs/openapi.json); see startPrism.
export function backend(server, tenant = 'aurora') {
  return async (path, init = {}) => {
    const proxied = server.apiBase && server.apiBase !== server.base && proxyCan(init);
    const response = await fetch(`${proxied ? server.apiBase : server.base}/backend${path}`, {
      ...init,
      headers: { 'X-Tenant-ID': tenant, 'x-distribution-channel': 'WEB', ...(init.headers ?? {}) },
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

const PRISM = join(ROOT, 'web/node_modules/.bin/prism');
const OPENAPI = join(ROOT, 'docs/openapi.json');

function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

// `prism proxy docs/openapi.json <upstream>` on a free port, for one portal.
// stop() fails (and with it the test file's teardown) when any call through
// it violated the document.
async function startPrism(upstream) {
  const port = await freePort();
  const child = spawn(PRISM, ['proxy', OPENAPI, upstream, '--port', String(port), '--host', '127.0.0.1',
    '--cors=false', '--errors=false', '--verboseLevel', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.on('exit', () => res()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`prism exited early:\n${output}`);
    const up = await new Promise((res) => {
      const socket = net.connect(port, '127.0.0.1', () => { socket.end(); res(true); });
      socket.on('error', () => res(false));
    });
    if (up) break;
    if (i > 600) {
      child.kill('SIGKILL');
      throw new Error(`prism did not start:\n${output}`);
    }
    await sleep(50);
  }
  const violations = [];
  return {
    base,
    violations,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
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
