// A read replica (issue 76 item 2, docs/operations.md "Read replicas"): a portal given --database-replica reads the
// storefront's catalog, search and structures from a real streaming replica (scripts/with-postgres --replica starts
// one with pg_basebackup -R; through PgBouncer in transaction mode when the run has one), with read-your-writes for
// whoever just wrote (the read-after cookie of a write's answer), and the primary serving while the replica is
// stopped or lags past --replica-max-lag. Without a replica in the run these skip; on SQLite the option is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, startPortal, ROOT } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { client, newUser, subscribeBody, data } from '../subscriptions/support.mjs';

const REPLICA = process.env.PORTAL_TEST_PG_REPLICA;
const needsReplica = !REPLICA && 'needs a streaming replica: scripts/with-postgres --replica';
const MAX_LAG = 2;  // seconds

let server, api, editor;
before(async () => {
  if (!REPLICA) return;
  server = await startPortal(['--replica-max-lag', String(MAX_LAG), '--scheduler-interval', '0'], { replica: true });
  api = backend(server, 'aurora');
  editor = (await staffLogin(api, demoStaff(server.output())['editor@example.com aurora'])).token;
  await until(async () => (await replicaState()).up === 1, 'the replica in rotation after the start');
});
after(async () => {
  if (REPLICA) onReplica('SELECT pg_wal_replay_resume()');
  await server?.stop();
});

function onReplica(sql) {
  return execFileSync('psql', [REPLICA, '-tAqc', sql], { encoding: 'utf8' }).trim();
}
function onPrimary(sql) {
  return execFileSync('psql', [server.database, '-tAqc', sql], { encoding: 'utf8' }).trim();
}

// The replica's series in /metrics, and the reads the primary served for replicas.
async function replicaState() {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  const series = (name) => {
    const m = text.match(new RegExp(`^${name}\\{replica="[^"]*"\\} (\\S+)$`, 'm'));
    return m ? Number(m[1]) : undefined;
  };
  const primary = text.match(/^portal_db_primary_reads_for_replicas (\S+)$/m);
  return {
    up: series('portal_db_replica_up'),
    lag: series('portal_db_replica_lag_seconds'),
    reads: series('portal_db_replica_reads'),
    primaryReads: primary ? Number(primary[1]) : undefined,
  };
}

async function readyReplica() {
  const res = await fetch(`${server.base}/readyz`);
  const body = await res.json();
  return { status: res.status, replica: body.replicas?.[0] };
}

// Polls until `check` holds, within a deadline (the only timing this file asserts).
async function until(check, what, deadlineMs = 30_000) {
  const end = Date.now() + deadlineMs;
  let last;
  while (Date.now() < end) {
    try {
      last = await check();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await sleep(200);
  }
  assert.fail(`${what}: not within ${deadlineMs} ms (last: ${last})`);
}

// The read-after cookie a write's answer sets, as the browser sends it back ("portal_read_after=16/B374D848").
function readAfterCookie(res) {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('portal_read_after='));
  return set?.split(';')[0];
}

const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const storeTitle = async (id, headers = {}) => {
  const res = await api(`/catalog/articles/${id}?lang=en&omitCache=true`, { headers });
  assert.equal(res.status, 200);
  return (await res.json()).data.title;
};

test('SQLite refuses --database-replica, naming why', { skip: !!process.env.PORTAL_TEST_PG_ADMIN && 'SQLite only' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-replica-'));
  try {
    const run = spawnSync(process.env.PORTAL_BINARY ?? join(ROOT, 'build/portal'),
      ['--database', join(dir, 'portal.db'), '--database-replica', 'postgresql://replica.internal/portal', '--port', '0'],
      { encoding: 'utf8', timeout: 20_000 });
    assert.notEqual(run.status, 0);
    assert.match(run.stdout + run.stderr, /--database-replica needs a PostgreSQL --database/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a guest\'s catalog, search and structure reads are served by the replica', { skip: needsReplica }, async () => {
  const before = (await replicaState()).reads;
  for (const path of ['/catalog/articles?limit=5', '/search?q=neon', '/structure/home?lang=en'])
    assert.equal((await api(path)).status, 200, path);
  assert.ok((await replicaState()).reads > before, 'the replica served them');
  const ready = await readyReplica();
  assert.equal(ready.status, 200);
  assert.equal(ready.replica.state, 'in');
});

test('an editor sees a catalog edit at once in the console and the storefront; a guest within the lag', { skip: needsReplica }, async () => {
  const [first] = (await (await api('/catalog/articles?limit=1')).json()).data.entries;
  const id = first.id;
  const admin = (path, init = {}) => api(`/admin/catalog${path}`, as(editor, init));
  const current = (await (await admin(`/articles/${id}?lang=en`)).json()).data;
  const title = `Replica edit ${Date.now()}`;
  // The replica stops replaying: what it answers stays as it was before the edit.
  onReplica('SELECT pg_wal_replay_pause()');
  try {
    const primaryBefore = (await replicaState()).primaryReads;
    const saved = await admin(`/articles/${id}`,
      json({ version: current.version, article: { ...current.article, title: { ...current.article.title, en: title } } }, {}, 'PUT'));
    assert.equal(saved.status, 200, await saved.clone().text());
    const cookie = readAfterCookie(saved);
    assert.match(cookie ?? '', /^portal_read_after=[0-9A-F]+\/[0-9A-F]+$/, 'the write\'s answer names its position');
    assert.match(saved.headers.getSetCookie().join('\n'), /portal_read_after=[^;]+;.*HttpOnly/i);
    // At once: the console, and the storefront with the editor's cookie (the primary: the replica has not replayed it).
    assert.equal((await (await admin(`/articles/${id}?lang=en`)).json()).data.article.title.en, title);
    assert.equal(await storeTitle(id, { cookie }), title);
    assert.ok((await replicaState()).primaryReads > primaryBefore, 'the editor\'s read went to the primary');
  } finally {
    onReplica('SELECT pg_wal_replay_resume()');
  }
  // A guest: once the replica has replayed the edit (or the primary serves), within the deadline.
  await until(async () => (await storeTitle(id)) === title, 'the guest sees the edit');
  await until(async () => (await replicaState()).up === 1, 'the replica back in rotation');
});

test('a customer who just bought sees it at once', { skip: needsReplica }, async () => {
  const noor = client(server, 'noor');
  const { token } = await newUser(server, 'noor');
  onReplica('SELECT pg_wal_replay_pause()');
  try {
    // Noor Daily by the operator PIN; a credit spent on a track puts it in the wallet.
    const start = await noor('/subscription', { method: 'POST', body: subscribeBody(401, 'noor'), token });
    const cookie = readAfterCookie(start);
    assert.ok(cookie, 'the subscription\'s answer sets the read-after cookie');
    const options = await data(start);
    const step = (body) => noor('/subscription/api', { method: 'POST', body: { paymentOptionUUID: options.options[0].uuid, body }, token, headers: { cookie } });
    const sent = await data(await step({ msisdn: '966501234569' }));
    const paid = await step({ pin: sent.sandboxPin });
    const after = readAfterCookie(paid) ?? cookie;
    await data(paid, 201);
    const track = 20010;  // a track of album 2104 in the demo catalog (catalog/wallet-items.test.mjs)
    await data(await noor(`/media/${track}?kind=full&consume=true`, { token, headers: { cookie: after } }));
    const details = await data(await noor(`/catalog/articles/${track}?lang=en`, { token, headers: { cookie: after } }));
    assert.equal(details.isWalletItem, true);
    const mine = await data(await noor('/subscription', { token, headers: { cookie: after } }));
    assert.ok(JSON.stringify(mine).includes('401'), 'the subscription is listed');
  } finally {
    onReplica('SELECT pg_wal_replay_resume()');
  }
});

test('with the replica stopped the primary serves the storefront, and the metric shows it out', { skip: needsReplica }, async () => {
  execFileSync(process.env.PORTAL_TEST_PG_REPLICA_CTL, ['stop']);
  try {
    for (let i = 0; i < 10; i++) {
      for (const path of ['/catalog/articles?limit=5', '/search?q=neon', '/structure/home?lang=en'])
        assert.equal((await api(path)).status, 200, path);
    }
    await until(async () => (await replicaState()).up === 0, 'the metric shows the replica out');
    const ready = await readyReplica();
    assert.equal(ready.status, 200, 'the instance stays ready: the primary serves');
    assert.equal(ready.replica.state, 'down');
    assert.equal((await api('/catalog/articles?limit=5')).status, 200);
  } finally {
    execFileSync(process.env.PORTAL_TEST_PG_REPLICA_CTL, ['start']);
  }
  await until(async () => (await replicaState()).up === 1, 'the replica back in rotation once it answers');
});

test('a replica lagging past --replica-max-lag is left out until it catches up', { skip: needsReplica }, async () => {
  onPrimary('CREATE TABLE IF NOT EXISTS replica_lag_probe (n INTEGER)');
  onReplica('SELECT pg_wal_replay_pause()');
  try {
    // The primary writes on; the paused replica falls behind.
    await until(async () => {
      onPrimary('INSERT INTO replica_lag_probe VALUES (1)');
      return (await replicaState()).up === 0;
    }, 'the lagging replica left out');
    const state = await replicaState();
    assert.ok(state.lag >= MAX_LAG, `lag ${state.lag}`);
    assert.equal((await readyReplica()).replica.state, 'lagging');
    const primaryBefore = state.primaryReads;
    assert.equal((await api('/catalog/articles?limit=5')).status, 200);
    assert.ok((await replicaState()).primaryReads > primaryBefore, 'the primary served the guest');
  } finally {
    onReplica('SELECT pg_wal_replay_resume()');
  }
  await until(async () => (await replicaState()).up === 1, 'the replica back once it caught up');
});
