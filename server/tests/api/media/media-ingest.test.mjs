// Media ingest from the console (issue 33 item 3, docs/decisions.md "Media ingest"): an editor
// uploads a short generated audio file in two chunks with a resume in between, the job makes the
// player's MP3 and a 30-second loudness-normalised preview under the article's own path, and the
// storefront's media call hands out the new preview; a file that is no media, a game archive with
// "../" in it and a file over its kind's cap are refused with reasons; support may not call any of it.
// SQLite (through Prism with scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { backend, rawRequest, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { zip } from './media_files.mjs';

const TRACK = 20001; // aurora's "Midnight Drive" (audio)
const GAME = 4101; // aurora's Lane Racer (a game)
let server, dir, editor, support, api;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-media-'));
  server = await startPortal(['--media-root', join(dir, 'media'), '--media-job-interval', '1']);
  api = backend(server, 'aurora');
  const staff = demoStaff(server.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  support = (await staffLogin(api, staff['support@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const as = (token, extra = {}) => staffBearer(token, extra);
const declare = (body, token = editor) => api('/admin/media/uploads', json(body, as(token).headers));
const chunk = (id, offset, total, bytes, token = editor) =>
  api(`/admin/media/uploads/${id}`, {
    method: 'PUT',
    headers: { ...as(token).headers, 'content-type': 'application/octet-stream', 'content-range': `bytes ${offset}-${offset + bytes.length - 1}/${total}` },
    body: bytes,
  });

// Uploads `bytes` in one piece per chunk limit; answers the upload's final state.
async function uploadAll(articleId, kind, name, bytes) {
  const res = await declare({ articleId, kind, name, size: bytes.length });
  assert.equal(res.status, 201, await res.clone().text());
  let up = (await res.json()).data;
  while (!up.jobId) {
    const next = bytes.subarray(up.received, Math.min(up.received + up.chunkLimit, bytes.length));
    const put = await chunk(up.id, up.received, bytes.length, next);
    assert.equal(put.status, 200, await put.clone().text());
    up = (await put.json()).data;
  }
  return up;
}

// The job once it is done or failed (the worker looks every second; a short file takes seconds).
async function finished(jobId) {
  let job;
  for (let i = 0; i < 240; i++) {
    const res = await api(`/admin/media/jobs/${jobId}`, as(editor));
    assert.equal(res.status, 200);
    job = (await res.json()).data;
    if (job.state === 'done' || job.state === 'failed') return job;
    await sleep(250);
  }
  assert.fail(`job ${jobId} still ${JSON.stringify(job)}`);
}

const seconds = (file) =>
  Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], { encoding: 'utf8' }).trim());

test('an editor uploads audio in two chunks with a resume, and the storefront plays its new preview', async () => {
  // 34 seconds of a tone, 8 kHz mono: about 540 KB, so the preview is cut to 30 seconds.
  const wav = join(dir, 'tone.wav');
  execFileSync('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', wav, 'synth', '34', 'sine', '440', 'vol', '0.3']);
  const bytes = readFileSync(wav);
  const half = Math.floor(bytes.length / 2);

  const res = await declare({ articleId: TRACK, kind: 'audio', name: 'tone.wav', size: bytes.length });
  assert.equal(res.status, 201);
  assert.match(res.headers.get('location'), /^\/backend\/admin\/media\/uploads\/[0-9a-f]+$/);
  const up = (await res.json()).data;
  assert.equal(up.received, 0);
  assert.ok(up.chunkLimit >= half, 'a half fits one chunk');

  const first = await chunk(up.id, 0, bytes.length, bytes.subarray(0, half));
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('upload-offset'), String(half));
  // The connection dropped before the client heard: it sends from a wrong offset, is told where to go on...
  const wrong = await chunk(up.id, half + 100, bytes.length, bytes.subarray(half + 100));
  assert.equal(wrong.status, 409);
  const refused = await wrong.json();
  assert.equal(refused.error, 'UPLOAD_OFFSET_MISMATCH');
  assert.equal(refused.data.offset, half);
  // ...and asks (HEAD or GET) where the upload stands.
  const head = await rawRequest(server, { method: 'HEAD', path: `/backend/admin/media/uploads/${up.id}`, headers: { 'X-Tenant-ID': 'aurora', authorization: `Bearer ${editor}` } });
  assert.equal(head.status, 200);
  assert.equal(head.headers['upload-offset'], String(half));
  const status = (await (await api(`/admin/media/uploads/${up.id}`, as(editor))).json()).data;
  assert.equal(status.received, half);
  assert.equal(status.jobId, null);

  const last = await chunk(up.id, half, bytes.length, bytes.subarray(half));
  assert.equal(last.status, 200);
  const done = (await last.json()).data;
  assert.equal(done.received, bytes.length);
  assert.ok(done.jobId);
  const again = await chunk(up.id, bytes.length - 1, bytes.length, bytes.subarray(bytes.length - 1));
  assert.equal(again.status, 409);
  assert.equal((await again.json()).error, 'UPLOAD_COMPLETE');

  const job = await finished(done.jobId);
  assert.equal(job.state, 'done', job.error ?? '');
  assert.equal(job.progress, 100);
  assert.equal(job.articleId, TRACK);
  assert.match(job.mediaPath, new RegExp(`^audio/\\d+/${TRACK}/${job.id}-1/track\\.mp3$`));
  assert.match(job.previewPath, new RegExp(`^audio/\\d+/${TRACK}/${job.id}-1/track-preview\\.mp3$`));

  // The storefront's media call (the player's) hands out the new preview, served by the media gateway.
  const media = await api(`/media/${TRACK}?kind=preview`);
  assert.equal(media.status, 200);
  const url = (await media.json()).data.url;
  assert.equal(url, `/media/generated/${job.previewPath}`);
  const preview = await fetch(`http://127.0.0.1:${server.port}${url}`);
  assert.equal(preview.status, 200);
  assert.match(preview.headers.get('content-type'), /audio\/mpeg/);
  const previewFile = join(dir, 'preview.mp3');
  writeFileSync(previewFile, Buffer.from(await preview.arrayBuffer()));
  const length = seconds(previewFile);
  assert.ok(length > 28 && length < 31.5, `the preview lasts about 30 s, not ${length}`);
  // The full track is paid media: never served without a grant.
  const full = await rawRequest(server, { path: `/media/generated/${job.mediaPath}`, headers: { Host: 'localhost' } });
  assert.equal(full.status, 403);

  // The list shows the job, and the audit log has the upload and the queued job.
  const list = (await (await api(`/admin/media/jobs?articleId=${TRACK}`, as(editor))).json()).data.jobs;
  assert.ok(list.some((j) => j.id === job.id && j.state === 'done'));
});

test('a file that is no media fails its job with the reason, and nothing is published', async () => {
  const up = await uploadAll(TRACK, 'audio', 'notes.txt', Buffer.from('these are words, not sound\n'.repeat(40)));
  const job = await finished(up.jobId);
  assert.equal(job.state, 'failed');
  assert.match(job.error, /not a media file/);
  assert.equal(job.mediaPath, null);
});

test('a game archive with ../ in it is refused with the reason', async () => {
  const up = await uploadAll(GAME, 'game', 'evil.zip', zip([['index.html', '<!doctype html><title>x</title>'], ['../../escape.html', 'gotcha']]));
  const job = await finished(up.jobId);
  assert.equal(job.state, 'failed');
  assert.match(job.error, /escapes the game's folder: \.\.\/\.\.\/escape\.html/);
});

test('an upload over its kind\'s cap, of the wrong kind, or for no article is refused at once', async () => {
  const big = await declare({ articleId: TRACK, kind: 'audio', name: 'huge.wav', size: 5 * 1024 ** 3 });
  assert.equal(big.status, 413);
  const body = await big.json();
  assert.equal(body.error, 'MEDIA_TOO_LARGE');
  assert.ok(body.data.limit > 0);
  const wrongKind = await declare({ articleId: TRACK, kind: 'video', name: 'clip.mp4', size: 1000 });
  assert.equal(wrongKind.status, 400);
  assert.equal((await wrongKind.json()).data.field, 'kind');
  const noKind = await declare({ articleId: TRACK, kind: 'hologram', name: 'x', size: 10 });
  assert.equal(noKind.status, 400);
  const none = await declare({ articleId: 999999999, kind: 'audio', name: 'x.wav', size: 10 });
  assert.equal(none.status, 404);
  assert.equal((await none.json()).error, 'ARTICLE_NOT_FOUND');
});

test('support may not upload nor read the jobs (403), and a chunk needs its Content-Range', async () => {
  assert.equal((await declare({ articleId: TRACK, kind: 'audio', name: 'x.wav', size: 10 }, support)).status, 403);
  assert.equal((await api('/admin/media/jobs', as(support))).status, 403);
  const up = (await (await declare({ articleId: TRACK, kind: 'audio', name: 'x.wav', size: 10 })).json()).data;
  assert.equal((await chunk(up.id, 0, 10, Buffer.from('0123456789'), support)).status, 403);
  const bare = await api(`/admin/media/uploads/${up.id}`, { method: 'PUT', headers: { ...as(editor).headers, 'content-type': 'application/octet-stream' }, body: Buffer.from('0123456789') });
  assert.equal(bare.status, 400);
  assert.equal((await bare.json()).data.field, 'Content-Range');
  assert.equal((await api('/admin/media/uploads/nosuchupload', as(editor))).status, 404);
});
