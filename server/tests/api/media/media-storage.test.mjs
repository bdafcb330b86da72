// Finished media neither fills the store nor leaves the tenant's prefix (issue 71 items 4 and 7,
// docs/security.md). An editor replaces a game twice: the replaced folders stay while the grace runs and are gone
// once the dev clock has moved past it, from the folder store and from an S3-compatible one alike, while the game
// in use and the demo's own media stay; the bytes of finished media count against the tenant's stored-bytes quota
// (409 MEDIA_STORAGE_QUOTA_EXCEEDED with data.limit and data.used) until the replaced ones are removed. Brand
// images are objects under tenants/<id>/brand/ in the bucket, and those an earlier version left under
// shared/brand/ are moved there at start. The store is s3rver behind a front that checks every signature
// (support/s3.mjs). SQLite (through Prism with scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, expectError, rawRequest, sqlOn, startPortal } from '../support/server.mjs';
import { S3_KEYS, awsGet, awsList, awsPut, startS3 } from '../support/s3.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { uploadInChunks, zip } from './media_files.mjs';

const GAME = 4101; // aurora's Lane Racer (a game)
const QUOTA = 1_000_000; // the tenant's stored bytes (mediaSizeLimits.tenantStoredBytes)
const LEGACY = 'shared/brand/1/logo/0123abcd-1/logo.webp'; // a brand image as an earlier version named it
let dir, s3, folder, bucket;

// A portal with the dev clock, its editor and owner of aurora signed in.
async function portal(args, options) {
  const server = await startPortal([...args, '--media-job-interval', '1', '--dev-clock'], options);
  const api = backend(server, 'aurora');
  const staff = demoStaff(server.output());
  const editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  const owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
  return { server, api, editor, owner };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-media-storage-'));
  const config = join(dir, 'portal.json');
  writeFileSync(config, JSON.stringify({ mediaSizeLimits: { tenantStoredBytes: QUOTA } }));
  folder = await portal(['--media-root', join(dir, 'folder'), '--config', config]);
  s3 = await startS3();
  // What an installation of an earlier version holds: a logo of tenant 1 outside its prefix.
  await awsPut(s3, LEGACY, 'RIFF-legacy-logo');
  bucket = await portal([...s3.args, '--media-root', join(dir, 'bucket')], { env: S3_KEYS });
});
after(async () => {
  if (s3?.refused.length) console.log('the store refused:', s3.refused);
  await folder?.server.stop();
  await bucket?.server.stop();
  await s3?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Uploads `bytes` (kind, purpose) with `token`; answers the job once done.
async function publish({ api }, token, body, bytes) {
  const up = await uploadInChunks(api, token, body, bytes);
  for (let i = 0; i < 400; i++) {
    const job = (await (await api(`/admin/media/jobs/${up.jobId}`, staffBearer(token))).json()).data;
    if (job.state === 'done' || job.state === 'failed') {
      assert.equal(job.state, 'done', job.error ?? '');
      return job;
    }
    await sleep(100);
  }
  assert.fail(`job ${up.jobId} did not finish`);
}

// A game of its own (incompressible script: its bytes are what the store keeps).
const game = (p) => publish(p, p.editor, { articleId: GAME, kind: 'game', name: 'lane-racer.zip' },
  zip([['index.html', '<!doctype html><title>Lane Racer</title><script src="game.js"></script>'], ['game.js', randomBytes(20_000).toString('base64')]]));
const folderOf = (job) => job.mediaPath.slice(0, -'index.html'.length);
const sql = (p, query) => sqlOn(p.server.database, query);

// Waits until the sweep has looked at every garbage row once (found it unused: the grace runs from there).
async function firstLook(p, rows) {
  for (let i = 0; i < 100; i++) {
    if (Number(sql(p, 'SELECT count(*) FROM media_garbage WHERE unused_since IS NOT NULL')) === rows) return;
    await sleep(100);
  }
  assert.fail(`the sweep did not look: ${sql(p, 'SELECT job_id, unused_since, due_at FROM media_garbage')}`);
}

async function moveClock(p, seconds) {
  const res = await fetch(`${p.server.base}/backend/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: seconds }) });
  assert.equal(res.status, 200, await res.clone().text());
}

async function until(what, check) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(100);
  }
  assert.fail(what);
}

test('a game replaced twice: the old folders leave the folder store after the grace, and the quota counts the bytes', async () => {
  const root = join(dir, 'folder');
  // The demo's own media for the article (the catalog's shared path), as scripts/generate-media leaves it.
  const shared = join(root, 'games/lane-racer/index.html');
  mkdirSync(dirname(shared), { recursive: true });
  writeFileSync(shared, '<!doctype html><title>demo</title>');
  const jobs = [await game(folder), await game(folder), await game(folder)];
  const [first, second, third] = jobs.map((j) => join(root, folderOf(j)));
  for (const f of [first, second, third]) assert.ok(existsSync(f), f);
  assert.equal(Number(sql(folder, 'SELECT count(*) FROM media_garbage')), 2, 'the two replaced games are recorded');

  // The bytes of finished media: each job's files in the store, counted when it finished.
  const onDisk = (f) => readdirSync(f, { recursive: true }).map((n) => statSync(join(f, n))).filter((s) => s.isFile()).reduce((n, s) => n + s.size, 0);
  const bytesOf = (job) => Number(sql(folder, `SELECT stored_bytes FROM media_jobs WHERE id = '${job.id}'`));
  assert.equal(bytesOf(jobs[2]), onDisk(third));
  const used = jobs.reduce((n, j) => n + bytesOf(j), 0);
  const declare = (size) => folder.api('/admin/media/uploads', json({ articleId: GAME, kind: 'game', name: 'next.zip', size }, staffBearer(folder.editor).headers));
  const refused = await expectError(await declare(QUOTA - used + 1), 409, 'MEDIA_STORAGE_QUOTA_EXCEEDED');
  assert.deepEqual(refused.data, { limit: QUOTA, used });

  // The grace runs: a day later (less a minute) both are still there.
  await firstLook(folder, 2);
  await moveClock(folder, 24 * 3600 - 60);
  await sleep(2500);
  assert.ok(existsSync(first) && existsSync(second), 'kept while the grace runs');
  await moveClock(folder, 120);
  await until('the replaced games are removed', () => !existsSync(first) && !existsSync(second));
  assert.ok(existsSync(join(third, 'index.html')), 'the game in use stays');
  assert.ok(existsSync(shared), 'the demo\'s media stays');
  assert.equal(Number(sql(folder, 'SELECT count(*) FROM media_garbage')), 0);
  // Their bytes no longer count.
  assert.equal(Number(sql(folder, "SELECT COALESCE(SUM(stored_bytes), 0) FROM media_jobs WHERE state = 'done'")), bytesOf(jobs[2]));
});

test('brand images are under the tenant\'s prefix, and an earlier version\'s are moved there', async () => {
  // Moved at start: under tenants/1/brand/, nothing left under shared/brand/.
  await until('the earlier logo is moved', async () => (await awsList(s3, 'shared/brand/')).length === 0);
  assert.deepEqual(await awsGet(s3, 'tenants/1/brand/logo/0123abcd-1/logo.webp'), Buffer.from('RIFF-legacy-logo'));
  // A new logo: its objects under the tenant's prefix (they were shared/brand/<tenant>/… before).
  const picture = Buffer.concat([Buffer.from('P6\n300 100\n255\n'), Buffer.alloc(300 * 100 * 3, 0x4f)]);
  const job = await publish(bucket, bucket.owner, { kind: 'artwork', purpose: 'logo', name: 'logo.ppm' }, picture);
  const [, tenant, rest] = job.mediaPath.match(/^brand\/(\d+)\/(.+)$/);
  assert.ok(await awsGet(s3, `tenants/${tenant}/brand/${rest}`), 'the logo under tenants/<id>/brand/');
  assert.deepEqual((await awsList(s3, 'shared/')).filter((k) => k.startsWith('shared/brand/')), []);
  // Served from there: the portal's redirect names the tenant's object.
  const res = await rawRequest(bucket.server, { path: `/media/generated/${job.mediaPath}`, headers: { Host: 'aurora.localhost' } });
  assert.equal(res.status, 302);
  assert.ok(res.headers.location.includes(`/${s3.bucket}/tenants/${tenant}/brand/${rest}?`), res.headers.location);
  assert.equal((await fetch(res.headers.location)).status, 200);
});

test('in an S3-compatible store the replaced game\'s objects go too, and the one in use stays', async () => {
  const jobs = [await game(bucket), await game(bucket)];
  const [tenant] = folderOf(jobs[0]).match(/^games\/(\d+)-/).slice(1);
  const [old, current] = jobs.map((j) => `tenants/${tenant}/${folderOf(j)}`);
  assert.ok((await awsList(s3, old)).length >= 2, 'the replaced game is in the bucket');
  await firstLook(bucket, 1);
  await moveClock(bucket, 24 * 3600 + 60);
  await until('the replaced game\'s objects are removed', async () => (await awsList(s3, old)).length === 0);
  assert.ok((await awsList(s3, current)).includes(`${current}index.html`));
  assert.equal(Number(sql(bucket, 'SELECT count(*) FROM media_garbage')), 0);
});
