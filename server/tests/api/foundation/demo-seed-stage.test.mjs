// Issue 71 item 5: the shipped compose recipe started its first portal with --seed demo in the prod stage, so every
// demo tenant of a production instance signed in subscriber@example.com / portal-demo. Outside the dev stage the
// portal now refuses --seed demo at start-up, however the stage and the seed are given (flags; the Debian package's
// portal.json with PORTAL_ARGS=--seed demo; a config file holding both): exit code 2 before the database is opened,
// and a message that says why and how to get the demo. The dev stage still seeds it (every other API test).
// SQLite and PostgreSQL (scripts/with-postgres): the refusal comes before either is reached.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/server.mjs';

const BINARY = process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal');
const dir = mkdtempSync(join(tmpdir(), 'portal-demo-stage-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// The database a start would open: a SQLite file here, or a PostgreSQL database that does not exist (a start that
// got as far as opening it would fail with another message and exit code 1).
const database = process.env.PORTAL_TEST_PG_ADMIN
  ? Object.assign(new URL(process.env.PORTAL_TEST_PG_ADMIN), { pathname: `/portal_never_${process.pid}` }).toString()
  : join(dir, 'portal.db');

function start(args) {
  const portFile = join(dir, 'port');
  rmSync(portFile, { force: true });
  const run = spawnSync(BINARY, [...args, '--port', '0', '--address', '127.0.0.1', '--port-file', portFile,
    '--database', database, '--data-dir', join(ROOT, 'data'), '--migrations-dir', join(ROOT, 'server/migrations'),
    '--log-level', 'warn'], {
    encoding: 'utf8', timeout: 30_000,  // a refusal is immediate; a start serves until SIGTERM (exit 0)
    env: { ...process.env, PORTAL_STAFF_SECRET_KEY: 'demo-stage-test-staff-secret-key-0123456789' },
  });
  return { ...run, listened: existsSync(portFile) };
}

function assertRefused(run, stage, how) {
  assert.equal(run.status, 2, `${how}: exit code 2 (a refused configuration), got ${run.status}\n${run.stderr}`);
  assert.equal(run.listened, false, `${how}: never listened`);
  assert.match(run.stderr, new RegExp(`--seed demo is refused outside the dev stage \\(stage '${stage}'\\)`), how);
  assert.match(run.stderr, /published passwords/, `${how}: says why`);
  assert.match(run.stderr, /--stage dev --seed demo, never in production/, `${how}: says how to get the demo`);
  assert.match(run.stderr, /portal tenant create/, `${how}: says how to make real tenants`);
  if (!process.env.PORTAL_TEST_PG_ADMIN) assert.equal(existsSync(database), false, `${how}: no database made`);
}

test('--stage prod --seed demo refuses to start, and says why and how to get the demo', () => {
  assertRefused(start(['--stage', 'prod', '--seed', 'demo']), 'prod', 'flags');
  assertRefused(start(['--seed=demo', '--stage=production']), 'production', 'flags with =');
});

test("the package's prod portal.json with PORTAL_ARGS=--seed demo, or a config file with both, refuses too", () => {
  const packaged = join(dir, 'portal.json');
  writeFileSync(packaged, JSON.stringify({ stage: 'prod', logLevel: 'info' }));  // server/packaging/portal.json's stage
  assertRefused(start(['--config', packaged, '--seed', 'demo']), 'prod', 'packaged config');
  const both = join(dir, 'both.json');
  writeFileSync(both, JSON.stringify({ stage: 'staging', seed: 'demo' }));
  assertRefused(start(['--config', both]), 'staging', 'config file');
});
