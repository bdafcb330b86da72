// Background work holds short leases (issue 48 item 4, core/lease.hpp, docs/operations.md "Background work"):
// instances on one database and one media folder. An instance killed with SIGKILL while it runs a media job
// and a reports refresh: another instance takes both over within 30 seconds of the kill, and the job
// publishes once. An instance stopped with SIGTERM hands its claims back before it exits, so the next
// instance runs the job at once, the attempt not counted.
// --test-work-delay holds a claimed job (and each day of a refresh) before its work: the window to stop it in.
// SQLite (through Prism with scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, sqlOn, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';

const TRACK = 20001; // aurora's "Midnight Drive" (audio)
const HOLD = ['--test-work-delay', '60000'];
// The owner keeps the database (its stop() drops it) and runs no background work of its own.
const QUIET = ['--media-job-interval', '0', '--reports-interval', '0', '--scheduler-interval', '0'];
let owner, dir, media, staff, tone;
const started = [];

async function instance(args) {
  const s = await startPortal(['--media-root', media, ...args], owner ? { database: owner.database } : {});
  started.push(s);
  return s;
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-leases-'));
  media = join(dir, 'media');
  owner = await instance(QUIET);
  staff = demoStaff(owner.output())['editor@example.com aurora'];
  const wav = join(dir, 'tone.wav');
  execFileSync('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', wav, 'synth', '4', 'sine', '440', 'vol', '0.3']);
  tone = readFileSync(wav);
});
after(async () => {
  for (const s of started.filter((s) => s !== owner)) await s.stop();
  await owner?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// One statement on the shared database.
const sql = (query) => sqlOn(owner.database, query);

// Polls `read` every 200 ms until `ok` holds of its answer; fails after `ms`, with the last answer.
async function until(read, ok, ms, what) {
  const end = Date.now() + ms;
  let value;
  while (Date.now() < end) {
    value = read();
    if (ok(value)) return value;
    await sleep(200);
  }
  assert.fail(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
}

// The editor uploads the tone through `server`; answers the queued job's id.
async function upload(server) {
  const api = backend(server, 'aurora');
  const token = (await staffLogin(api, staff)).token;
  const declared = await api('/admin/media/uploads', json({ articleId: TRACK, kind: 'audio', name: 'tone.wav', size: tone.length }, staffBearer(token).headers));
  assert.equal(declared.status, 201, await declared.clone().text());
  const { id } = (await declared.json()).data;
  const put = await api(`/admin/media/uploads/${id}`, {
    method: 'PUT',
    headers: { ...staffBearer(token).headers, 'content-type': 'application/octet-stream', 'content-range': `bytes 0-${tone.length - 1}/${tone.length}` },
    body: tone,
  });
  assert.equal(put.status, 200, await put.clone().text());
  const { jobId } = (await put.json()).data;
  assert.ok(jobId);
  return jobId;
}

const job = (id) => {
  const [state, attempts, claimedBy, mediaPath] = sql(`SELECT state, attempts, claimed_by, media_path FROM media_jobs WHERE id = '${id}'`).split('|');
  return { state, attempts: Number(attempts), claimedBy, mediaPath };
};
const heldRefreshes = () => Number(sql('SELECT count(*) FROM report_refresh_state WHERE lease_token IS NOT NULL'));

test('an instance killed mid-job and mid-refresh: another takes both over within 30 s, and the job publishes once', async () => {
  const doomed = await instance([...HOLD, '--media-job-interval', '1', '--reports-interval', '1', '--scheduler-interval', '0']);
  const id = await upload(doomed);
  const held = await until(() => job(id), (j) => j.state === 'running', 20_000, 'the job claimed by the first instance');
  assert.equal(held.attempts, 1);
  await until(heldRefreshes, (n) => n === 1, 20_000, 'a reports refresh claimed by the first instance');

  process.kill(doomed.pid, 'SIGKILL');
  const killed = Date.now();
  // The survivor starts after the kill and runs no full refresh of its own (an hour's interval): only
  // the takeover of the lapsed claim can finish the held one.
  await instance(['--media-job-interval', '1', '--reports-interval', '3600', '--scheduler-interval', '0']);
  const taken = await until(() => job(id), (j) => j.attempts === 2, 30_000 - (Date.now() - killed), 'the job taken over');
  assert.notEqual(taken.claimedBy, held.claimedBy);
  await until(heldRefreshes, (n) => n === 0, 30_000 - (Date.now() - killed), 'the refresh taken over and finished');

  const done = await until(() => job(id), (j) => j.state === 'done' || j.state === 'failed', 60_000, 'the job finished');
  assert.equal(done.state, 'done');
  assert.match(done.mediaPath, new RegExp(`^audio/\\d+/${TRACK}/${id}-2/track\\.mp3$`), 'the second attempt published, in a folder of its own');
  assert.equal(Number(sql(`SELECT count(*) FROM audit_log WHERE action = 'media.publish' AND call = 'media job ${id}'`)), 1, 'published once');
  const tenant = sql(`SELECT tenant_id FROM media_jobs WHERE id = '${id}'`);
  const article = sql(`SELECT doc FROM catalog_articles WHERE tenant_id = ${tenant} AND id = ${TRACK}`);
  assert.ok(article.includes(`${id}-2/track.mp3`), `the article plays the published file: ${article}`);
});

test('an instance stopped with SIGTERM hands its job and its refresh back before it exits', async () => {
  const stopping = await instance([...HOLD, '--media-job-interval', '1', '--reports-interval', '1', '--scheduler-interval', '0']);
  // The first test's survivor would take the job from the queue too: only the stopping instance runs jobs now.
  for (const s of started.filter((s) => s !== owner && s !== stopping)) await s.stop();
  const id = await upload(stopping);
  const held = await until(() => job(id), (j) => j.state === 'running', 20_000, 'the job claimed');
  assert.equal(held.attempts, 1);
  await until(heldRefreshes, (n) => n >= 1, 20_000, 'a reports refresh claimed');

  const exit = await stopping.stop();
  assert.equal(exit.code, 0);
  const back = job(id);
  assert.deepEqual([back.state, back.attempts, back.claimedBy], ['queued', 0, ''], 'the job is back in the queue, the attempt not counted');
  assert.equal(heldRefreshes(), 0, 'the refresh claim is free again');

  // The next instance runs it at once (no lease to wait out): its first attempt.
  await instance(['--media-job-interval', '1', '--reports-interval', '0', '--scheduler-interval', '0']);
  const done = await until(() => job(id), (j) => j.state === 'done' || j.state === 'failed', 60_000, 'the job finished');
  assert.equal(done.state, 'done');
  assert.equal(done.attempts, 1);
});
