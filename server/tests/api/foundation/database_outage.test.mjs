// A lost database (issue 45 item 17): every call answers 503 SERVICE_UNAVAILABLE with Retry-After (as /readyz
// says), never a 500, so a load balancer retries elsewhere; when the database is back, the same instance serves
// again without a restart. PostgreSQL only (scripts/with-postgres): the outage is real — the database refuses
// new connections and the instance's open ones are cut — which an embedded SQLite file cannot have.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPortal, backend, expectError } from '../support/server.mjs';

const admin = process.env.PORTAL_TEST_PG_ADMIN;
let server;
let api;
before(async () => {
  if (!admin) return;
  server = await startPortal();
  api = backend(server);
});
after(async () => server && (await server.stop()));

const sql = (statement) => execFileSync('psql', [admin, '-q', '-v', 'ON_ERROR_STOP=1', '-c', statement]);
const pageView = () =>
  api('/kafka/event/pageView', { method: 'POST', body: '{"page":"/"}', headers: { 'content-type': 'application/json' } });

test('a lost database answers 503 with Retry-After, and the instance serves again when it is back', { skip: !admin && 'PostgreSQL only' }, async () => {
  const name = new URL(server.database).pathname.slice(1);
  assert.equal((await pageView()).status, 202);
  sql(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  try {
    sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    // A write and the readiness probe: each a 503 that says when to come back.
    for (const call of [pageView, () => fetch(`${server.base}/readyz`)]) {
      const res = await call();
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '5');
    }
    const body = await expectError(await pageView(), 503, 'SERVICE_UNAVAILABLE');
    assert.equal(body.data.retryAfter, 5);
    // A client that keeps sending through the outage: more events than its minute allows (120), each refused.
    // Refused writes do not count against it (issue 76 item 5): after the outage it is not told 429.
    for (let i = 0; i < 125; i++) assert.equal((await pageView()).status, 503);
  } finally {
    sql(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
  }
  // Back: the pool opens new connections by itself.
  let status;
  for (let i = 0; i < 50 && status !== 202; i++) {
    status = (await pageView()).status;
    if (status !== 202) await sleep(100);
  }
  assert.equal(status, 202, 'served again, and not refused for the events the outage refused');
  assert.equal((await fetch(`${server.base}/readyz`)).status, 200);
});
