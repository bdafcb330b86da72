// Starts a real `portal` on port 0 with a fresh database and the demo seed, for
// one test file. SQLite by default; PostgreSQL when PORTAL_TEST_PG_ADMIN holds
// an admin URL (scripts/with-postgres sets it): each server then gets its own
// freshly created database.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

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
// flags the demo lacks).
export async function startPortal(extraArgs = [], { dataDir = join(ROOT, 'data') } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-'));
  const portFile = join(dir, 'port');
  const database = freshDatabase(dir);
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
  const child = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((res) => child.on('exit', (code, signal) => res({ code, signal })));

  const readPort = () => (existsSync(portFile) ? readFileSync(portFile, 'utf8').trim() : '');
  for (let i = 0; i < 300 && !readPort(); i++) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    await sleep(50);
  }
  const text = readPort();
  if (!text) {
    child.kill('SIGKILL');
    throw new Error(`portal did not start:\n${output}`);
  }
  const base = `http://127.0.0.1:${text}`;
  return {
    base,
    port: Number(text),
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const result = await exited;
      database.drop();
      rmSync(dir, { recursive: true, force: true });
      return result;
    },
  };
}

// fetch against the backend face with the headers every client call carries.
export function backend(server, tenant = 'aurora') {
  return (path, init = {}) =>
    fetch(`${server.base}/backend${path}`, {
      ...init,
      headers: { 'X-Tenant-ID': tenant, 'x-distribution-channel': 'WEB', ...(init.headers ?? {}) },
    });
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
