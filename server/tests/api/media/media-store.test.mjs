// Media in an S3-compatible object store (issue 48 items 1-3, docs/operations.md "Media store"): two portal
// instances with nothing shared but the database and the store (each its own --media-root, which stays
// empty). Chunks sent alternately to both publish an exact copy; a preview made on one plays from the
// other, through a presigned URL that AWS's own signer agrees with; a grant's media is a presigned URL that
// ends with the grant, and the store refuses it after. Each tenant's objects are under tenants/<id>/ in the
// bucket (store/object_names.hpp), the demo's shared media under shared/.
// The store is s3rver (support/s3.mjs), which checks every signature. SQLite (through Prism with
// scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, backend, startPortal } from '../support/server.mjs';
import { S3_KEYS, awsGet, awsList, awsPresigned, startS3 } from '../support/s3.mjs';
import { signIn } from '../catalog/support.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { zip } from './media_files.mjs';
import { readZip } from '../support/zip.mjs';

const TRACK = 20001; // aurora's "Midnight Drive" (audio)
const GAME = 4101; // aurora's Lane Racer (a game)
const VIDEO = 2601; // aurora's video article (hls)
let s3, dir, a, b, apiA, apiB, editor;

// The bucket's name for a media key of kind/tenant/… (audio, hls, art): the tenant first.
const tenantObject = (key) => {
  const [kind, tenant, ...rest] = key.split('/');
  return `tenants/${tenant}/${kind}/${rest.join('/')}`;
};

before(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'portal-store-'));
  // A runs the media jobs, B none: what B serves, A made. Grants last a few seconds (three, or the track's length).
  const common = [...s3.args, '--media-url-ttl', '3'];
  a = await startPortal([...common, '--media-root', join(dir, 'a'), '--media-job-interval', '1'], { env: S3_KEYS });
  b = await startPortal([...common, '--media-root', join(dir, 'b'), '--media-job-interval', '0'], { env: S3_KEYS, database: a.database });
  apiA = backend(a, 'aurora');
  apiB = backend(b, 'aurora');
  editor = (await staffLogin(apiA, demoStaff(a.output())['editor@example.com aurora'])).token;
});
after(async () => {
  if (s3?.refused.length) console.log('the store refused:', s3.refused);
  await b?.stop();
  await a?.stop();
  await s3?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

// Uploads `bytes` in chunks of `size`, sending them to A and B in turn (every other one with its Content-Digest).
async function uploadAlternately(articleId, kind, name, bytes, size) {
  const declared = await apiA('/admin/media/uploads', json({ articleId, kind, name, size: bytes.length }, staffBearer(editor).headers));
  assert.equal(declared.status, 201, await declared.clone().text());
  let up = (await declared.json()).data;
  for (let i = 0; up.received < bytes.length; i++) {
    const piece = bytes.subarray(up.received, Math.min(up.received + size, bytes.length));
    const headers = { ...staffBearer(editor).headers, 'content-type': 'application/octet-stream', 'content-range': `bytes ${up.received}-${up.received + piece.length - 1}/${bytes.length}` };
    if (i % 2 === 0) headers['content-digest'] = `sha-256=:${sha256(piece).toString('base64')}:`;
    const put = await (i % 2 === 0 ? apiA : apiB)(`/admin/media/uploads/${up.id}`, { method: 'PUT', headers, body: piece });
    assert.equal(put.status, 200, `chunk ${i} on ${i % 2 === 0 ? 'A' : 'B'}: ${await put.clone().text()}`);
    up = (await put.json()).data;
  }
  assert.ok(up.jobId);
  return up;
}

async function finished(jobId) {
  for (let i = 0; i < 240; i++) {
    const job = (await (await apiB(`/admin/media/jobs/${jobId}`, staffBearer(editor))).json()).data;
    if (job.state === 'done' || job.state === 'failed') return job;
    await sleep(250);
  }
  assert.fail(`job ${jobId} did not finish`);
}

test('chunks sent alternately to two instances publish an exact copy in the store, and nothing on either disk', async () => {
  const files = [
    ['index.html', '<!doctype html><title>Lane Racer</title><script src="game.js"></script>'],
    ['game.js', randomBytes(30_000).toString('base64')],
    ['lib/sprites.js', randomBytes(20_000).toString('hex')],
  ];
  const up = await uploadAlternately(GAME, 'game', 'lane-racer.zip', zip(files), 16 * 1024);
  const job = await finished(up.jobId);
  assert.equal(job.state, 'done', job.error ?? '');
  const folder = job.mediaPath.slice(0, -'index.html'.length);
  const [, tenant] = folder.match(new RegExp(`^games/(\\d+)-${GAME}-${job.id}-1/$`)) ?? [];
  assert.ok(tenant, folder);
  const objects = `tenants/${tenant}/${folder}`;  // the tenant's prefix, then the game's folder
  for (const [name, text] of files)
    assert.deepEqual(await awsGet(s3, objects + name), Buffer.from(text), `${name} in the bucket, read with AWS's signer`);
  // The chunks are gone from the store once the job is done, and neither instance kept media on its disk.
  assert.deepEqual(await awsList(s3, `tenants/${tenant}/staging/uploads/`), []);
  const published = await awsList(s3, objects);
  for (const [name] of files) assert.ok(published.includes(objects + name), `${name} among ${published}`);
  const everything = await awsList(s3, '');
  assert.deepEqual(everything.filter((k) => !k.startsWith(`tenants/${tenant}/`)), [], 'every object under its tenant\'s prefix');
  for (const root of [join(dir, 'a'), join(dir, 'b')])
    assert.deepEqual(existsSync(root) ? readdirSync(root, { recursive: true }).filter((f) => !f.startsWith('staging')) : [], [], root);
});

test('a preview made on A plays from B through a presigned URL that AWS\'s signer agrees with', async () => {
  const wav = join(dir, 'tone.wav');
  execFileSync('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', wav, 'synth', '5', 'sine', '440', 'vol', '0.3']);
  const up = await uploadAlternately(TRACK, 'audio', 'tone.wav', readFileSync(wav), 24 * 1024);
  const job = await finished(up.jobId);
  assert.equal(job.state, 'done', job.error ?? '');

  const res = await fetch(`${b.base}/media/generated/${job.previewPath}`, { redirect: 'manual' });
  assert.equal(res.status, 302);
  const location = res.headers.get('location');
  assert.ok(location.startsWith(`${s3.endpoint}/${s3.bucket}/${tenantObject(job.previewPath)}?`), location);
  const url = new URL(location);
  assert.equal(url.searchParams.get('X-Amz-Signature'), await awsPresigned(location), 'the same signature as AWS\'s own signer');
  const preview = await fetch(location);
  assert.equal(preview.status, 200);
  // Stored with its media type, so the store answers it (not binary/octet-stream: issue 76 item 5).
  assert.equal(preview.headers.get('content-type'), 'audio/mpeg');
  const bytes = Buffer.from(await preview.arrayBuffer());
  assert.ok(bytes.length > 1000 && (bytes.subarray(0, 3).toString() === 'ID3' || bytes[0] === 0xff), 'an MP3');
  // Public media is signed at the top of the hour for two hours (docs/operations.md "Media store"): the same URL
  // all hour, valid at least an hour and at most two after it is handed out (issue 71 item 13).
  const signedAt = url.searchParams.get('X-Amz-Date');
  assert.match(signedAt, /^\d{8}T\d{2}0000Z$/, 'signed at the top of the hour');
  assert.equal(url.searchParams.get('X-Amz-Expires'), '7200');
  const again = (await fetch(`${b.base}/media/generated/${job.previewPath}`, { redirect: 'manual' })).headers.get('location');
  if (new URL(again).searchParams.get('X-Amz-Date') === signedAt) assert.equal(again, location, 'the same URL within the hour');
  // A changed key is refused by the store: the signature covers the path.
  const other = new URL(location);
  other.pathname = other.pathname.replace(/track-preview\.mp3$/, 'track.mp3');
  assert.notEqual(other.pathname, url.pathname);
  assert.equal((await fetch(other)).status, 403, 'another object under the same signature');
  // A forged signature is refused by the store: it checks them.
  url.searchParams.set('X-Amz-Signature', '0'.repeat(64));
  assert.equal((await fetch(url)).status, 403);
});

test('a grant\'s full media is a presigned URL that ends with the grant', async () => {
  const subscriber = { headers: { Authorization: `Bearer ${await signIn(apiB)}` } };
  const media = await apiB(`/media/${TRACK}?kind=full&consume=true`, subscriber);
  assert.equal(media.status, 200, await media.clone().text());
  const granted = (await media.json()).data.url;
  assert.match(granted, /^\/media\/secure\/audio\/\d+\/20001\/[0-9a-f]+-1\/track\.mp3\?/);
  const res = await fetch(`${b.base}${granted}`, { redirect: 'manual' });
  assert.equal(res.status, 302);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  const location = res.headers.get('location');
  const expires = Number(new URL(location).searchParams.get('X-Amz-Expires'));
  const grantLeft = Number(new URL(granted, b.base).searchParams.get('exp')) - Date.now() / 1000;
  assert.ok(expires >= 1 && Math.abs(expires - grantLeft) <= 2, `bound to the grant (${grantLeft} s left), not ${expires} s`);
  assert.equal(new URL(location).searchParams.get('X-Amz-Signature'), await awsPresigned(location));
  assert.equal((await fetch(location)).status, 200);
  await sleep((expires + 1.5) * 1000);
  assert.equal((await fetch(location)).status, 403, 'the store refuses the URL once it expired');
});

test('a video\'s playlists come from the portal with the grant, and its segments straight from the store', async () => {
  const clip = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10', '-f', 'lavfi',
    '-i', 'sine=duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
  const up = await uploadAlternately(VIDEO, 'video', 'clip.mp4', readFileSync(clip), 64 * 1024);
  const job = await finished(up.jobId);
  assert.equal(job.state, 'done', job.error ?? '');

  const subscriber = { headers: { Authorization: `Bearer ${await signIn(apiB)}` } };
  const media = await apiB(`/media/${VIDEO}?kind=full&consume=true`, subscriber);
  assert.equal(media.status, 200, await media.clone().text());
  const granted = new URL((await media.json()).data.url, b.base);
  assert.equal(granted.pathname, `/media/secure/${job.mediaPath}`);
  // Every playlist on the way down is the portal's; the first media segment is a presigned GET of the store.
  let playlist = granted;
  let segment;
  for (let depth = 0; depth < 3 && !segment; depth++) {
    const res = await fetch(playlist);
    assert.equal(res.status, 200, playlist.href);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    const uris = (await res.text()).split('\n').filter((l) => l && !l.startsWith('#'));
    assert.ok(uris.length > 0);
    const next = uris[0];
    if (next.startsWith(s3.endpoint)) segment = next;
    else {
      assert.ok(next.includes(granted.search.slice(1)), `a variant playlist keeps the grant: ${next}`);
      playlist = new URL(next, playlist);
    }
  }
  assert.ok(segment, 'a segment URL');
  assert.equal(new URL(segment).searchParams.get('X-Amz-Signature'), await awsPresigned(segment));
  const bytes = await fetch(segment);
  assert.equal(bytes.status, 200);
  assert.match(bytes.headers.get('content-type') ?? '', /^video\/(mp2t|iso\.segment|mp4)/, `a segment's media type: ${segment}`);
  assert.ok((await bytes.arrayBuffer()).byteLength > 100);
});

test('the demo\'s generated media, pushed into the bucket with portal push-media, is served from it', async () => {
  const answer = await apiB('/media/20002?kind=preview');
  assert.equal(answer.status, 200, await answer.clone().text());
  const preview = (await answer.json()).data.url;
  assert.match(preview, /^\/media\/generated\//);
  const folder = join(dir, 'generated');
  const file = join(folder, preview.slice('/media/generated/'.length));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'PREVIEW-20002');
  // Not execFileSync: the store's front answers from this process.
  const { stdout: out } = await promisify(execFile)(join(ROOT, 'build/portal'), ['push-media', folder, ...s3.args], { env: { ...process.env, ...S3_KEYS } });
  assert.match(out, /1 files from .* into the s3 store/);
  const shared = `shared/${preview.slice('/media/generated/'.length)}`;
  assert.deepEqual(await awsGet(s3, shared), Buffer.from('PREVIEW-20002'), 'media of no tenant under shared/');
  const res = await fetch(`${b.base}${preview}`, { redirect: 'manual' });
  assert.equal(res.status, 302);
  assert.equal(await (await fetch(res.headers.get('location'))).text(), 'PREVIEW-20002');
});

test('a bought or covered album downloads from the store as one zip: its tracks read by ranges, nothing on a disk', async () => {
  // Four of Neon Skyline's five tracks in the bucket (the first may be the upload above), each past one piece (1 MiB).
  const folder = join(dir, 'album');
  const bytesOf = (id) => Buffer.concat([Buffer.from(`FULL-${id}-`), randomBytes(1_200_000 + id % 10)]);
  const tracks = { 20002: bytesOf(20002), 20003: bytesOf(20003), 20004: bytesOf(20004), 20005: bytesOf(20005) };
  for (const [id, bytes] of Object.entries(tracks)) {
    mkdirSync(join(folder, 'audio'), { recursive: true });
    writeFileSync(join(folder, 'audio', `${id}.mp3`), bytes);
  }
  await promisify(execFile)(join(ROOT, 'build/portal'), ['push-media', folder, ...s3.args], { env: { ...process.env, ...S3_KEYS } });
  // The demo subscriber's Music Premium covers albums.
  const subscriber = { headers: { Authorization: `Bearer ${await signIn(apiB)}`, 'Content-Type': 'application/json' } };
  const answer = await apiB('/song/download?lang=en', { method: 'POST', ...subscriber, body: JSON.stringify({ articleId: 2102, distributionChannel: 'WEB' }) });
  assert.equal(answer.status, 200, await answer.clone().text());
  const { uri } = (await answer.json()).data;
  const res = await fetch(`${b.base}${uri}`);
  assert.equal(res.status, 200, 'the portal sends the zip itself (no object holds it)');
  assert.equal(res.headers.get('content-disposition'), `attachment; filename="Neon Harbor - Neon Skyline.zip"; filename*=UTF-8''Neon%20Harbor%20-%20Neon%20Skyline.zip`);
  const body = Buffer.from(await res.arrayBuffer());
  assert.equal(Number(res.headers.get('content-length')), body.length);
  const entries = Object.fromEntries(readZip(body).map((e) => [e.name, e.content]));
  for (const [name, id] of [['02 Neon Rain.mp3', 20002], ['03 Golden Hour.mp3', 20003]]) assert.ok(entries[name]?.equals(tracks[id]), name);
  assert.ok(Object.keys(entries).some((n) => n.startsWith('05 ')) && entries[Object.keys(entries).find((n) => n.startsWith('05 '))].equals(tracks[20005]));
  for (const root of [join(dir, 'b')])
    assert.deepEqual(existsSync(root) ? readdirSync(root, { recursive: true }).filter((f) => !f.startsWith('staging')) : [], [], 'nothing written on B');
});

