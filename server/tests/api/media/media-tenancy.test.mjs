// Uploaded media belongs to its tenant (issue 45 items 1, 10 and 11): an editor of noor cannot point
// noor's article at aurora's upload (the console refuses the path, naming media.path), and an article
// that already points there (written by the operator's import) neither signs it nor opens it through a
// grant whose folder covers it; an editor's ordinary save of an article with an uploaded track still
// works. A truncated MP3 fails its job and leaves the article's media and duration as they were. A
// job's publish is in the audit log with the article's media before and after.
// SQLite and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, backend, expectError, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { BINARY, signIn } from '../catalog/support.mjs';

const TRACK = 20001; // "Midnight Drive" (audio) in every demo tenant
let server, dir, aurora, noor, staff;
const tokens = {};

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-media-tenancy-'));
  server = await startPortal(['--media-root', join(dir, 'media'), '--media-job-interval', '1']);
  aurora = backend(server, 'aurora');
  noor = backend(server, 'noor');
  staff = demoStaff(server.output());
  tokens.auroraEditor = (await staffLogin(aurora, staff['editor@example.com aurora'])).token;
  tokens.auroraOwner = (await staffLogin(aurora, staff['owner@example.com aurora'])).token;
  tokens.noorEditor = (await staffLogin(noor, staff['editor@example.com noor'])).token;
});
after(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const as = (token) => staffBearer(token).headers;
const data = async (res, status = 200) => {
  const text = await res.text();
  assert.equal(res.status, status, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text).data;
};
const readArticle = (api, token, id = TRACK) => api(`/admin/catalog/articles/${id}`, { headers: as(token) }).then((r) => data(r));
const save = (api, token, id, version, article) =>
  api(`/admin/catalog/articles/${id}`, json({ version, article }, as(token), 'PUT'));

// Uploads `bytes` as the tenant's editor and answers the finished job.
async function publish(api, token, articleId, name, bytes) {
  const res = await api('/admin/media/uploads', json({ articleId, kind: 'audio', name, size: bytes.length }, as(token)));
  let up = await data(res, 201);
  while (!up.jobId) {
    const next = bytes.subarray(up.received, Math.min(up.received + up.chunkLimit, bytes.length));
    up = await data(await api(`/admin/media/uploads/${up.id}`, {
      method: 'PUT',
      headers: { ...as(token), 'content-type': 'application/octet-stream', 'content-range': `bytes ${up.received}-${up.received + next.length - 1}/${bytes.length}` },
      body: next,
    }));
  }
  for (let i = 0; i < 240; i++) {
    const job = await data(await api(`/admin/media/jobs/${up.jobId}`, { headers: as(token) }));
    if (job.state === 'done' || job.state === 'failed') return job;
    await sleep(250);
  }
  assert.fail(`job ${up.jobId} did not finish`);
}

// The tones and the encoding are made without blocking the event loop: a client socket to Prism left idle
// through a blocked loop of several seconds is not closed on time, and the next call meets Prism's close of it.
const run = promisify(execFile);

async function tone(name, seconds, extra = []) {
  const file = join(dir, name);
  await run('sox', ['-n', '-r', '44100', '-c', '2', ...extra, file, 'synth', String(seconds), 'sine', '440', 'vol', '0.3']);
  return file;
}

// Runs `portal import-catalog` (the operator's command line) on the server's database: how an old row,
// written before the console checked media paths, is made here.
function operatorImport(tenant, articles) {
  const file = join(dir, `import-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ articles }));
  const r = spawnSync(BINARY, ['import-catalog', file, '--tenant', tenant, '--database', server.database,
    '--data-dir', join(ROOT, 'data'), '--migrations-dir', join(ROOT, 'server/migrations'), '--log-level', 'warn'],
  { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
}

async function eventually(readIt, wanted, what) {
  let last;
  for (let i = 0; i < 100; i++) {
    last = await readIt();
    if (wanted(last)) return last;
    await sleep(100);
  }
  assert.fail(`${what}: still ${JSON.stringify(last)}`);
}

let auroraJob;
test("aurora's upload publishes, and the audit log has the article's media before and after", async () => {
  const before = await readArticle(aurora, tokens.auroraEditor);
  auroraJob = await publish(aurora, tokens.auroraEditor, TRACK, 'tone.wav', readFileSync(await tone('tone.wav', 3)));
  assert.equal(auroraJob.state, 'done', auroraJob.error ?? '');
  assert.match(auroraJob.mediaPath, new RegExp(`^audio/\\d+/${TRACK}/${auroraJob.id}-1/track\\.mp3$`));

  // The article's version moved on: a form opened before the job reloads instead of writing the old media back.
  const after = await readArticle(aurora, tokens.auroraEditor);
  assert.equal(after.article.media.path, auroraJob.mediaPath);
  assert.ok(after.version > before.version, 'the publish raised the version');

  const entries = (await data(await aurora('/admin/audit?action=media.publish', { headers: as(tokens.auroraOwner) }))).items;
  const entry = entries.find((e) => e.objectId === String(TRACK));
  assert.ok(entry, JSON.stringify(entries));
  assert.equal(entry.objectType, 'article');
  assert.equal(entry.actorEmail, 'editor@example.com');
  assert.equal(entry.call, `media job ${auroraJob.id}`);
  assert.deepEqual(entry.before.media, before.article.media);
  assert.equal(entry.before.durationSeconds, before.article.durationSeconds ?? null);
  assert.deepEqual(entry.after.media, { type: 'audio', path: auroraJob.mediaPath, previewPath: auroraJob.previewPath });
  assert.equal(entry.after.durationSeconds, 3);
  // noor's audit log does not show aurora's publish.
  const noorOwner = (await staffLogin(noor, staff['owner@example.com noor'])).token;
  const noorEntries = (await data(await noor('/admin/audit?action=media.publish', { headers: as(noorOwner) }))).items;
  assert.equal(noorEntries.length, 0);
});

test("noor's editor cannot point noor's article at aurora's upload; an ordinary save still works", async () => {
  assert.ok(auroraJob, 'the first test published aurora\'s upload');
  const current = await readArticle(noor, tokens.noorEditor);
  const withMedia = (media) => ({ ...current.article, media: { ...current.article.media, ...media } });
  for (const [media, field] of [
    [{ path: auroraJob.mediaPath }, 'media.path'],
    [{ previewPath: auroraJob.previewPath }, 'media.previewPath'],
    [{ path: 'audio/x.m3u8' }, 'media.path'], // a grant over every tenant's audio folder
    [{ path: `audio/${auroraJob.mediaPath.split('/')[1]}/${TRACK}/../../../audio/20001.mp3` }, 'media.path'],
    [{ path: 'staging/uploads/1/abc.part' }, 'media.path'],
  ]) {
    const res = await save(noor, tokens.noorEditor, TRACK, current.version, withMedia(media));
    const body = await expectError(res, 400, 'VALIDATION_ERROR');
    assert.ok(body.data.errors.some((e) => e.field === field), JSON.stringify(body));
  }
  // Also in an import from the console.
  const res = await noor('/admin/catalog/import', json({ articles: [withMedia({ path: auroraJob.mediaPath })] }, as(tokens.noorEditor)));
  const body = await expectError(res, 400, 'VALIDATION_ERROR');
  assert.ok(body.data.errors.some((e) => e.field === 'articles[0].media.path' && e.articleId === TRACK), JSON.stringify(body));
  assert.deepEqual((await readArticle(noor, tokens.noorEditor)).article.media, current.article.media, 'nothing written');

  // noor's own upload, then the console's ordinary save of the form as read (the uploaded track included).
  const own = await publish(noor, tokens.noorEditor, TRACK, 'own.wav', readFileSync(await tone('own.wav', 2)));
  assert.equal(own.state, 'done', own.error ?? '');
  const loaded = await readArticle(noor, tokens.noorEditor);
  assert.equal(loaded.article.media.path, own.mediaPath);
  const edited = { ...loaded.article, title: { ...loaded.article.title, en: 'Midnight Drive (noor)' } };
  const saved = await data(await save(noor, tokens.noorEditor, TRACK, loaded.version, edited));
  assert.equal(saved.article.media.path, own.mediaPath);
  assert.equal(saved.article.title.en, 'Midnight Drive (noor)');
});

test("an old row pointing at aurora's upload neither signs it nor opens it", async () => {
  const subscriber = { headers: { Authorization: `Bearer ${await signIn(noor)}` } };
  const current = (await readArticle(noor, tokens.noorEditor)).article;
  // The article names aurora's file itself: no signed URL is handed out.
  operatorImport('noor', [{ ...current, media: { type: 'audio', path: auroraJob.mediaPath } }]);
  await eventually(() => noor(`/media/${TRACK}?kind=full&consume=true`, subscriber).then((r) => r.status), (s) => s === 404,
    'the full media of an article naming another tenant\'s upload');
  await expectError(await noor(`/media/${TRACK}?kind=full&consume=true`, subscriber), 404, 'MEDIA_NOT_FOUND');

  // The article's playlist is a folder above aurora's upload: its grant is signed, but opens no upload of aurora's.
  operatorImport('noor', [{ ...current, media: { type: 'audio', path: 'audio/x.m3u8' } }]);
  const full = await eventually(() => noor(`/media/${TRACK}?kind=full&consume=true`, subscriber).then((r) => r.json()),
    (b) => b.data?.url?.startsWith('/media/secure/audio/x.m3u8'), 'the wide grant');
  const url = new URL(full.data.url, server.base);
  url.pathname = `/media/secure/${auroraJob.mediaPath}`;
  const res = await fetch(url);
  assert.equal(res.status, 403, 'aurora\'s paid file is not served on noor\'s grant');
  assert.doesNotMatch(res.headers.get('content-type') ?? '', /audio/);
  // Nor through a grant in the path (a game's), nor from the uploads' staging area.
  assert.equal((await fetch(`${server.base}/media/secure/~${url.searchParams.get('tenant')}.${TRACK}.${url.searchParams.get('exp')}.${url.searchParams.get('sig')}/${auroraJob.mediaPath}`)).status, 403);
  assert.equal((await fetch(`${server.base}/media/generated/staging/uploads/1/x-preview.part`)).status, 404);
  operatorImport('noor', [current]);
});

test('a truncated MP3 fails its job, and the article keeps its media and duration', async () => {
  const before = await readArticle(aurora, tokens.auroraEditor);
  // The first 200 KB of an 83-second MP3: as sox writes it (no Xing/Info header: ffprobe takes 12.5 s from the
  // bytes, and so does the decoder), and as LAME through ffmpeg does (an Info header with the frame count).
  const sox = readFileSync(await tone('long-sox.mp3', 83));
  const wav = await tone('long.wav', 83);
  const lame = join(dir, 'long-lame.mp3');
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', '-b:a', '128k', lame]);
  for (const [name, whole] of [['cut-sox.mp3', sox], ['cut-lame.mp3', readFileSync(lame)]]) {
    assert.ok(whole.length > 1_000_000);
    const job = await publish(aurora, tokens.auroraEditor, TRACK, name, whole.subarray(0, 200_000));
    assert.equal(job.state, 'failed', `${name}: ${JSON.stringify(job)}`);
    assert.match(job.error, /truncated/);
    assert.equal(job.mediaPath, null);
  }
  const after = await readArticle(aurora, tokens.auroraEditor);
  assert.deepEqual(after.article.media, before.article.media);
  assert.equal(after.article.durationSeconds, before.article.durationSeconds);
  assert.equal(after.version, before.version);
});
