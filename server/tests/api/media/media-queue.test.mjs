// Media jobs shared fairly between tenants (issue 71 item 3, docs/security.md): one tenant's many jobs never
// stall another's. With one worker, a job of noor queued while aurora has three waits for at most the one of
// aurora's already running; with three workers and at most two jobs of one tenant running, aurora never has a
// third running while noor's runs beside them. Every claimed job waits --test-work-delay before its work (a long
// transcode, in small). The per-tenant gauges are declared in /metrics. SQLite and PostgreSQL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, startPortal } from '../support/server.mjs';
import { demoStaff, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { uploadInChunks } from './media_files.mjs';

let dir;
const servers = [];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'portal-media-queue-'));
});
after(async () => {
  for (const s of servers) await s.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A portal whose worker runs `workers` jobs at once, each held `delay` ms; the owners of aurora and noor signed in.
async function portal(workers, perTenant, delay) {
  const server = await startPortal(['--media-root', join(dir, `media-${servers.length}`), '--media-job-interval', '1',
    '--media-workers', String(workers), '--media-jobs-per-tenant', String(perTenant), '--test-work-delay', String(delay)]);
  servers.push(server);
  const staff = demoStaff(server.output());
  const tenants = {};
  for (const name of ['aurora', 'noor']) {
    const api = backend(server, name);
    tenants[name] = { api, token: (await staffLogin(api, staff[`owner@example.com ${name}`])).token };
  }
  return { server, tenants };
}

// A picture cwebp reads (binary PPM), one colour: a small logo.
const picture = (width, height) => Buffer.concat([Buffer.from(`P6\n${width} ${height}\n255\n`), Buffer.alloc(width * height * 3, 0x4f)]);

// Uploads a logo for the tenant; answers its job's id once queued.
async function queueLogo({ api, token }) {
  const bytes = picture(120, 60);
  return (await uploadInChunks(api, token, { kind: 'artwork', purpose: 'logo', name: 'logo.ppm' }, bytes)).jobId;
}

const stateOf = async ({ api, token }, id) => (await (await api(`/admin/media/jobs/${id}`, staffBearer(token))).json()).data.state;
// The states of the tenant's jobs `ids`, read together (one list, one query: no job moves between two reads).
async function states({ api, token }, ids) {
  const jobs = (await (await api('/admin/media/jobs?limit=50', staffBearer(token))).json()).data.jobs;
  return ids.map((id) => jobs.find((j) => j.id === id).state);
}
const count = (list, state) => list.filter((s) => s === state).length;

test('with one worker, a small job of noor waits for at most the one running job of aurora', async () => {
  const { tenants } = await portal(1, 2, 1500);
  const { aurora, noor } = tenants;
  const a = [await queueLogo(aurora), await queueLogo(aurora), await queueLogo(aurora)];
  // noor's logo comes while aurora's first runs (each is held 1.5 s).
  for (let i = 0; i < 100 && count(await states(aurora, a), 'running') === 0; i++) await sleep(50);
  const before = await states(aurora, a);
  assert.equal(count(before, 'running'), 1, before.join());
  const b = await queueLogo(noor);
  // What was done by the time noor's job was queued (none, unless this machine is slow): it waited for no job of those.
  const doneBefore = count(await states(aurora, a), 'done');
  let seen = [];
  for (let i = 0; i < 300; i++) {
    const [mine, theirs] = [await stateOf(noor, b), await states(aurora, a)];
    assert.ok(count(theirs, 'running') <= 1, 'one worker runs one job at a time');
    seen = theirs;
    if (mine === 'done' || mine === 'failed') break;
    await sleep(50);
  }
  assert.equal(await stateOf(noor, b), 'done');
  // Before the fair queue aurora's three went first (noor's job waited for all of them).
  assert.ok(count(seen, 'done') - doneBefore <= 1, `noor's job waited for one of aurora's, not ${count(seen, 'done') - doneBefore}: ${seen.join()}`);
  for (let i = 0; i < 200 && count(await states(aurora, a), 'done') < 3; i++) await sleep(100);
  assert.deepEqual(await states(aurora, a), ['done', 'done', 'done']);
});

test('with three workers, aurora runs at most two jobs at once and noor\'s runs beside them', async () => {
  const { server, tenants } = await portal(3, 2, 2000);
  const { aurora, noor } = tenants;
  const a = [await queueLogo(aurora), await queueLogo(aurora), await queueLogo(aurora)];
  const b = await queueLogo(noor);
  let most = 0, together = 0;
  for (let i = 0; i < 300; i++) {
    const theirs = await states(aurora, a);
    const mine = await stateOf(noor, b);
    most = Math.max(most, count(theirs, 'running'));
    together = Math.max(together, count(theirs, 'running') + (mine === 'running' ? 1 : 0));
    assert.ok(count(theirs, 'running') <= 2, `aurora runs ${theirs.join()}`);
    if (count(theirs, 'done') === 3 && mine === 'done') break;
    await sleep(50);
  }
  assert.equal(most, 2, 'aurora ran two at once');
  assert.equal(together, 3, 'noor\'s job ran beside aurora\'s two');
  assert.deepEqual([...await states(aurora, a), await stateOf(noor, b)], ['done', 'done', 'done', 'done']);
  // The per-tenant gauges are declared beside the media gauges.
  const metrics = await (await fetch(`${server.base}/metrics`)).text();
  assert.match(metrics, /# TYPE portal_media_tenant_queue_oldest_seconds gauge/);
  assert.match(metrics, /# TYPE portal_media_tenant_stored_bytes gauge/);
});
