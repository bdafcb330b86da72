// Backups taken while the portal serves writes restore to a database that works (issue 49 item 4,
// docs/operations.md "Backups and restore"). SQLite: the online backup (sqlite3's .backup, SQLite's backup API)
// of the live file while page views are written, then PRAGMA integrity_check on the copy. PostgreSQL: pg_dump in
// its custom format while the same writes go on, pg_restore into a new database. Either way a portal started on the
// restored database answers the same catalog search and the events written before the backup began.
// SQLite (through Prism with scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backend, sqlOn, startPortal } from '../support/server.mjs';

const run = promisify(execFile);
let live, dir;
before(async () => {
  live = await startPortal();
  dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
});
after(async () => {
  await live?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const postgres = () => /^postgres(ql)?:/.test(live.database);
const SEARCH = '/search?q=midnight%20drive&lang=en&offset=0&limit=50';
const search = async (server) => {
  const res = await backend(server, 'aurora')(SEARCH);
  assert.equal(res.status, 200);
  return (await res.json()).data;
};
const pageView = (n) => backend(live, 'aurora')('/kafka/event/pageView', { method: 'POST', body: JSON.stringify({ page: `/backup-${n}` }), headers: { 'content-type': 'application/json' } });
const events = (database) => Number(sqlOn(database, "SELECT count(*) FROM events WHERE name = 'pageView'"));

// Sends page views until `done` settles (a client's events are rate-limited per minute: a 429 is an answer too);
// answers how many were answered. Waits for `done` whatever happens, so its files are not removed under it.
async function writeDuring(done) {
  let n = 0, finished = false;
  const settled = done.finally(() => (finished = true));
  try {
    while (!finished) assert.ok([202, 429].includes((await pageView(n++)).status));
  } finally {
    await settled.catch(() => {});
  }
  await done;
  return n;
}

test('a backup taken while the portal serves writes restores to a database that answers the same catalog', async () => {
  for (let i = 0; i < 10; i++) assert.equal((await pageView(`before-${i}`)).status, 202);
  const before = events(live.database);
  assert.ok(before >= 10);

  let restored, drop = () => {};
  if (postgres()) {
    const dump = join(dir, 'portal.dump');
    const backup = run('pg_dump', ['-Fc', '-f', dump, live.database]);
    const during = await writeDuring(backup);
    assert.ok(during > 0, 'writes were served while the dump ran');
    const name = `portal_restored_${process.pid}_${Date.now()}`;
    const admin = process.env.PORTAL_TEST_PG_ADMIN;
    execFileSync('psql', [admin, '-qc', `CREATE DATABASE ${name}`]);
    drop = () => execFileSync('psql', [admin, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
    restored = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
    await run('pg_restore', ['--no-owner', '-d', restored, dump]);
  } else {
    restored = join(dir, 'copy.db');
    const backup = run('sqlite3', [live.database, `.backup '${restored}'`]);
    const during = await writeDuring(backup);
    assert.ok(during > 0, 'writes were served while the backup ran');
    assert.equal(sqlOn(restored, 'PRAGMA integrity_check'), 'ok');
  }
  try {
    assert.ok(events(restored) >= before, 'every event written before the backup began is in it');
    // A portal on the restored database (no seed: what it serves is the backup's) answers as the live one.
    const copy = await startPortal([], { database: restored });
    try {
      const answer = await search(copy);
      assert.match(JSON.stringify(answer), /Midnight Drive/, 'the search finds the track');
      assert.deepEqual(answer, await search(live));
    } finally {
      await copy.stop();
    }
  } finally {
    drop();
  }
});
