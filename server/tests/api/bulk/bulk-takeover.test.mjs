// A bulk job survives the crash of the instance running it (issue 78 item 3; docs/decisions.md "Bulk actions"): two
// instances on one database, the one working a 1,000-article publish killed with SIGKILL mid-way; the other claims
// the job once its lease lapses, resumes at the first pending row and finishes it — every article published, every
// row done exactly once (one catalog.publish audit entry per article, none refused). SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, sqlOn, startPortal, until } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { catalogArgs, makeMediaRoot } from '../catalog/support.mjs';

const COUNT = 1000;
const FIRST = 80000;
let doomed, survivor, media, editor, owner;
before(async () => {
  media = makeMediaRoot();
  // The instance that takes the job works slowly (each row waits 25 ms first, dev stage): the window to kill it in.
  doomed = await startPortal([...catalogArgs(media), '--test-work-delay', '25']);
  const api = backend(doomed, 'aurora');
  const staff = demoStaff(doomed.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  const articles = [];
  for (let i = 0; i < COUNT; i++)
    articles.push({ id: FIRST + i, contentType: 'full_track_music', title: { en: `Takeover ${i}` }, published: false,
      licensorName: 'Takeover Label', categoryIds: ['music-pop'] });
  const res = await api('/admin/catalog/import', as(editor, json({ articles })));
  assert.equal(res.status, 200, await res.text());
});
after(async () => {
  try { process.kill(doomed.pid, 'SIGKILL'); } catch { /* gone */ }
  await survivor?.stop().catch(() => {});
  await doomed?.stop().catch(() => {});  // drops the database
  if (media) rmSync(media, { recursive: true, force: true });
});

const as = (token, init = {}) => ({ ...init, headers: { ...(init.headers ?? {}), ...staffBearer(token).headers } });
const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text).data;
};

test('an instance killed with SIGKILL mid-job: another finishes it, every row done exactly once', async () => {
  const sql = (query) => sqlOn(doomed.database, query);
  const made = await data(await backend(doomed, 'aurora')('/admin/catalog/bulk',
    as(editor, json({ action: 'publish', filter: { licensor: 'Takeover Label' } }, { 'Idempotency-Key': 'takeover-1' }))), 202);
  assert.equal(made.total, COUNT);
  const progress = () => Number(sql(`SELECT done FROM bulk_jobs WHERE id = '${made.id}'`));
  // The instance that made the job claimed it at once; the second starts while it works (and finds the lease held).
  await until(progress, (n) => n >= 50, 30_000, 'the first instance under way');
  survivor = await startPortal([], { database: doomed.database });
  await until(progress, (n) => n >= 150, 30_000, 'the first instance still working');
  const holder = sql(`SELECT holder FROM bulk_jobs WHERE id = '${made.id}'`);
  assert.ok(holder, 'the job is held');
  process.kill(doomed.pid, 'SIGKILL');
  const killedAt = progress();
  assert.ok(killedAt > 0 && killedAt < COUNT, `killed mid-way (${killedAt} of ${COUNT} done)`);

  // The survivor takes the job over once the lease lapses (15 s) and finishes it.
  const api = backend(survivor, 'aurora');
  let job;
  for (const end = Date.now() + 60_000; Date.now() < end; await sleep(250)) {
    job = await data(await api(`/admin/catalog/bulk/jobs/${made.id}`, as(editor)));
    if (job.state === 'finished') break;
  }
  assert.equal(job.state, 'finished', `the job finished by the other instance: ${JSON.stringify(job)}`);
  assert.deepEqual([job.done, job.failed, job.total, job.failures], [COUNT, 0, COUNT, []]);
  assert.equal(Number(sql(`SELECT count(*) FROM bulk_job_items WHERE job_id = '${made.id}' AND state = 'done'`)), COUNT);
  // Every article published, and audited exactly once: none twice (a row redone), none missing (a row lost).
  const listed = await data(await api('/admin/catalog/articles?licensor=Takeover%20Label&availability=published&limit=1', as(editor)));
  assert.equal(listed.total, COUNT);
  const audit = sql(`SELECT object_id, count(*) FROM audit_log WHERE action = 'catalog.publish' AND tenant_id = `
    + `(SELECT id FROM tenants WHERE name = 'aurora') GROUP BY object_id`).split('\n').map((l) => l.split('|'));
  assert.equal(audit.length, COUNT, 'one audit entry per article');
  for (const [id, n] of audit) assert.equal(n, '1', `article ${id} audited ${n} times`);
  assert.deepEqual(new Set(audit.map(([id]) => Number(id))), new Set(Array.from({ length: COUNT }, (_, i) => FIRST + i)));
  // Both instances' audit entries name the one job.
  assert.equal(Number(sql(`SELECT count(*) FROM audit_log WHERE action = 'catalog.publish' AND call LIKE '%(bulk job ${made.id})'`)), COUNT);
});
