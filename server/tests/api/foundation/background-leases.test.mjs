// Background work holds short leases (issue 48 item 4, core/lease.hpp, docs/operations.md "Background work"):
// instances on one database and one media folder. An instance killed with SIGKILL while it runs a media job
// and a reports refresh: another instance takes both over within 30 seconds of the kill, and the job
// publishes once. One killed between a renewal's charge and its record: another records the provider's
// answer within 30 seconds, so the period is charged once (the sandbox ledger's one call under the
// payment's idempotency key) and renewed once. An instance stopped with SIGTERM hands its claims back before it exits, so the next
// instance runs the job at once, the attempt not counted.
// --test-work-delay holds a claimed job (and each day of a refresh) before its work, and a charge between its
// provider's answer and its record: the window to stop it in.
// SQLite (through Prism with scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backend, sqlOn, startPortal, until } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { CARDS, client, data, newUser, payAtCheckout, subscribeBody } from '../subscriptions/support.mjs';

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

test("an instance killed between a renewal's charge and its record: another records it within 30 s, charged once", async () => {
  const aurora = client(owner, 'aurora');
  const { email, token } = await newUser(owner, 'aurora');
  const start = await data(await aurora('/subscription', { method: 'POST', body: subscribeBody(201), token }));
  await payAtCheckout(start.options[0].redirectionUrl, CARDS.success);
  const [sub, cycleEnd] = sql(`SELECT s.id, s.next_renewal_date FROM user_subscriptions s JOIN users u ON u.uuid = s.user_uuid WHERE u.email = '${email}' AND s.state = 'ACTIVE'`).split('|');
  assert.ok(sub && cycleEnd, 'an active subscription with a renewal date');
  // Due a minute ago: the next scheduler run renews it.
  const period = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  sql(`UPDATE user_subscriptions SET next_renewal_date = '${period}', end_date = '${period}' WHERE id = '${sub}'`);
  const reference = `${sub}@${period}`;
  const charge = () => {
    const [id, status] = sql(`SELECT id, status FROM payments WHERE purpose = 'renewal' AND reference = '${reference}' ORDER BY created_at DESC LIMIT 1`).split('|');
    const calls = id ? Number(sql(`SELECT count(*) FROM sandbox_ledger WHERE idempotency_key = '${id}'`)) : 0;
    return { id, status, calls };
  };

  const doomed = await instance([...HOLD, '--scheduler-interval', '1', '--media-job-interval', '0', '--reports-interval', '0']);
  const held = await until(charge, (c) => c.calls === 1, 20_000, 'the renewal charged by the first instance, not yet recorded');
  assert.equal(held.status, 'PROCESSING');
  process.kill(doomed.pid, 'SIGKILL');
  const killed = Date.now();
  // The survivor's own scheduler runs once an hour: only the takeover of the lapsed charge can record it.
  await instance(['--scheduler-interval', '3600', '--media-job-interval', '0', '--reports-interval', '0']);
  const done = await until(charge, (c) => c.status !== 'PROCESSING', 30_000 - (Date.now() - killed), 'the charge taken over');
  assert.deepEqual(done, { id: held.id, status: 'SUCCEEDED', calls: 1 }, "the provider's answer recorded, the card charged once");
  assert.equal(Number(sql(`SELECT count(*) FROM payments WHERE reference = '${reference}'`)), 1, 'one charge for the period');
  const [next, state] = sql(`SELECT next_renewal_date, state FROM user_subscriptions WHERE id = '${sub}'`).split('|');
  assert.equal(state, 'ACTIVE');
  assert.ok(next > period, `renewed for the next period: ${next}`);
  assert.equal(Number(sql(`SELECT count(*) FROM subscription_events WHERE subscription_id = '${sub}' AND reason IN ('renewal charged', 'renewal settled')`)), 1, 'renewed once');
});
