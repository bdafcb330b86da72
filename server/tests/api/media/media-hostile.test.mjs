// Hostile uploads (issue 45 items 2 and 6, docs/security.md "Media uploads: one file, read by one
// demuxer" and "Media uploads: bounded on disk"; issue 71 items 2, 4 and 11: an image declaring 90000 × 90000
// pixels, a zip whose entries share one deflated block, entry names that are not UTF-8 text). An HLS playlist or a concat list uploaded as audio or
// video that names another file on the server is refused with its reason, and the article keeps its
// media; a game zip whose directory understates what it inflates to, or that says more than the
// configured limit, is refused without being unpacked past it; a Unicode-path extra field cannot show
// the check one name and write another; a tenant's open uploads are bounded by a quota (409), and an
// abandoned upload is removed with its staged bytes once it is older than the expiry (dev clock).
// SQLite (through Prism with scripts/test-api-prism) and PostgreSQL (scripts/with-postgres).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// Tools run without blocking the event loop: a kept-alive connection the proxy closes meanwhile is noticed.
const run = promisify(execFile);
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { backend, startPortal } from '../support/server.mjs';
import { demoStaff, json, staffBearer, staffLogin } from '../staff/staff_flow.mjs';
import { uploadInChunks, zip } from './media_files.mjs';

const TRACK = 20001; // aurora's "Midnight Drive" (audio)
const VIDEO = 2601; // a video article (hls)
const GAME = 4101; // aurora's Lane Racer (a game)
const GAME_UNPACKED = 8 << 20; // the configured limit of a game once unpacked
const OPEN_QUOTA = 3 << 20; // the configured quota of a tenant's open uploads
const EXPIRY = 600; // seconds after which an unfinished upload is abandoned (a staff session idles out after 30 minutes)
let server, dir, media, editor, owner, api;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-media-hostile-'));
  media = join(dir, 'media');
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ mediaSizeLimits: { gameUnpacked: GAME_UNPACKED, tenantOpenUploads: OPEN_QUOTA } }));
  server = await startPortal(['--config', config, '--media-root', media, '--media-job-interval', '1',
    '--media-upload-expiry', String(EXPIRY), '--dev-clock']);
  api = backend(server, 'aurora');
  const staff = demoStaff(server.output());
  editor = (await staffLogin(api, staff['editor@example.com aurora'])).token;
  owner = (await staffLogin(api, staff['owner@example.com aurora'])).token;
});
after(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const as = (extra = {}) => staffBearer(editor, extra);
const declare = (body) => api('/admin/media/uploads', json(body, as().headers));
const chunk = (id, offset, total, bytes) =>
  api(`/admin/media/uploads/${id}`, {
    method: 'PUT',
    headers: { ...as().headers, 'content-type': 'application/octet-stream', 'content-range': `bytes ${offset}-${offset + bytes.length - 1}/${total}` },
    body: bytes,
  });

async function uploadAll(articleId, kind, name, bytes, { purpose, token = editor } = {}) {
  return uploadInChunks(api, token, { articleId, kind, name, purpose }, bytes);
}

async function finished(jobId, token = editor) {
  let job;
  for (let i = 0; i < 240; i++) {
    const res = await api(`/admin/media/jobs/${jobId}`, staffBearer(token));
    assert.equal(res.status, 200);
    job = (await res.json()).data;
    if (job.state === 'done' || job.state === 'failed') return job;
    await sleep(250);
  }
  assert.fail(`job ${jobId} still ${JSON.stringify(job)}`);
}

const articleMedia = async (id) => {
  const res = await api(`/admin/catalog/articles/${id}`, as());
  assert.equal(res.status, 200);
  const { data } = await res.json();
  assert.ok(data.article?.media?.path, `article ${id} has media`);
  return JSON.stringify(data.article.media);
};

// Every file under a folder, relative to it.
function filesUnder(root, prefix = '') {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(root, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]);
}

test('an HLS playlist or a concat list naming another file, uploaded as audio or video, is refused with its reason', async () => {
  // Files the server can read but no upload may reach: another tenant's track, another's clip.
  mkdirSync(join(media, 'private'), { recursive: true });
  await run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', join(media, 'private/secret.mp3')]);
  await run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=160x120:rate=10', '-c:v', 'libx264',
    '-pix_fmt', 'yuv420p', join(media, 'private/clip.ts')]);
  // A job assembles its upload as <media>/staging/jobs/<job>-<attempt>/upload: three levels below the media root.
  const playlist = (file) => Buffer.from(`#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:5\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:4.0,\n../../../private/${file}\n#EXT-X-ENDLIST\n`);
  const concat = (file) => Buffer.from(`ffconcat version 1.0\nfile ../../../private/${file}\n`);
  for (const [kind, article, file] of [['audio', TRACK, 'secret.mp3'], ['video', VIDEO, 'clip.ts']]) {
    const before = await articleMedia(article);
    for (const [format, bytes] of [['hls', playlist(file)], ['concat', concat(file)]]) {
      const up = await uploadAll(article, kind, `list.${format}`, bytes);
      const job = await finished(up.jobId);
      assert.equal(job.state, 'failed', `${kind} ${format}: ${JSON.stringify(job)}`);
      assert.match(job.error, new RegExp(`not a format accepted for ${kind} uploads \\(${format}\\)`), `${kind} ${format}`);
      assert.equal(job.mediaPath, null);
    }
    assert.equal(await articleMedia(article), before, `${kind}: the article's media is unchanged`);
  }
});

test('a real video (MP4) is still read, by the demuxer its probe found among the allowed ones', async () => {
  const clip = join(dir, 'clip.mp4');
  await run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10', '-f', 'lavfi',
    '-i', 'sine=duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
  const job = await finished((await uploadAll(VIDEO, 'video', 'clip.mp4', readFileSync(clip))).jobId);
  assert.equal(job.state, 'done', job.error ?? '');
  assert.match(job.mediaPath, new RegExp(`^hls/\\d+/${VIDEO}/${job.id}-1/master\\.m3u8$`));
  assert.ok(existsSync(join(media, job.previewPath)), 'the preview is cut from its own playlist');
});

// A zip written by Python's zipfile; `lie` rewrites the named entry's unpacked size (local header and directory).
async function pythonZip(file, entries, lie) {
  const script = `
import json, struct, sys, zipfile, zlib
path, entries, lie = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
def unicode_path(header, name):
    data = name.encode()
    return struct.pack('<HHB', 0x7075, 5 + len(data), 1) + struct.pack('<I', zlib.crc32(header.encode())) + data
with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
    for e in entries:
        info = zipfile.ZipInfo(e['name'])
        info.compress_type = zipfile.ZIP_DEFLATED
        if e.get('unicode'): info.extra = unicode_path(e['name'], e['unicode'])
        z.writestr(info, b'\\0' * e['zeros'] if 'zeros' in e else e['text'].encode())
if lie:
    b = bytearray(open(path, 'rb').read())
    name = lie['name'].encode()
    at = b.find(name)
    while at >= 0:
        if b[at - 30:at - 26] == b'PK\\x03\\x04': struct.pack_into('<I', b, at - 30 + 22, lie['size'])
        if b[at - 46:at - 42] == b'PK\\x01\\x02': struct.pack_into('<I', b, at - 46 + 24, lie['size'])
        at = b.find(name, at + 1)
    open(path, 'wb').write(b)
`;
  await run('python3', ['-c', script, file, JSON.stringify(entries), JSON.stringify(lie ?? null)]);
  return readFileSync(file);
}

test('a zip bomb is refused without writing more than the limit, its directory\'s sizes or not', async () => {
  const index = { name: 'index.html', text: '<!doctype html><title>bomb</title>' };
  // Its directory says 1,000 bytes; the entry inflates to 64 MiB (eight times the configured limit).
  const lying = await pythonZip(join(dir, 'lying.zip'), [index, { name: 'data.bin', zeros: 64 << 20 }], { name: 'data.bin', size: 1000 });
  assert.ok(lying.length < 1 << 20, 'a small archive');
  const first = await finished((await uploadAll(GAME, 'game', 'lying.zip', lying)).jobId);
  assert.equal(first.state, 'failed');
  assert.match(first.error, /more than the archive's directory says: data\.bin/);
  // An honest one over the configured limit (16 MiB of 8).
  const honest = await pythonZip(join(dir, 'honest.zip'), [index, { name: 'data.bin', zeros: 16 << 20 }]);
  const second = await finished((await uploadAll(GAME, 'game', 'honest.zip', honest)).jobId);
  assert.equal(second.state, 'failed');
  assert.match(second.error, new RegExp(`too many bytes once unpacked \\(at most ${GAME_UNPACKED}\\)`));
  // Nothing stays behind: no game folder of either job, no job folder in staging (the worker removes it right after
  // it records the failure, which the job's answer may show first).
  for (const job of [first, second]) {
    assert.ok(!filesUnder(join(media, 'games')).some((f) => f.includes(job.id)));
    for (let i = 0; i < 100 && existsSync(join(media, 'staging/jobs', `${job.id}-1`)); i++) await sleep(50);
    assert.ok(!existsSync(join(media, 'staging/jobs', `${job.id}-1`)));
  }
});

test('a Unicode-path extra field cannot show the check one name and write another', async () => {
  const archive = await pythonZip(join(dir, 'unicode.zip'), [
    { name: 'index.html', text: '<!doctype html><title>x</title>' },
    { name: 'safe.html', text: 'gotcha', unicode: '../../unicode-pwn.html' },
  ]);
  const job = await finished((await uploadAll(GAME, 'game', 'unicode.zip', archive)).jobId);
  assert.equal(job.state, 'failed', JSON.stringify(job));
  assert.match(job.error, /escapes the game's folder: \.\.\/\.\.\/unicode-pwn\.html/);
  assert.ok(!filesUnder(media).some((f) => f.endsWith('unicode-pwn.html')), 'no unicode-pwn.html anywhere');
  // A harmless one unpacks under the name that was checked, the extra field's.
  const fine = await pythonZip(join(dir, 'fine.zip'), [
    { name: 'index.html', text: '<!doctype html><title>x</title>' },
    { name: 'safe.html', text: 'fine', unicode: 'renamed.html' },
  ]);
  const done = await finished((await uploadAll(GAME, 'game', 'fine.zip', fine)).jobId);
  assert.equal(done.state, 'done', done.error ?? '');
  const folder = join(media, done.mediaPath.replace(/index\.html$/, ''));
  // Beside them, the download package, packed anew from those files (issue 47 item 4).
  assert.deepEqual(filesUnder(folder).sort(), ['index.html', 'package.zip', 'renamed.html']);
});

async function moveClock(advanceSeconds) {
  const res = await fetch(`${server.base}/backend/dev/clock`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds }),
  });
  assert.equal(res.status, 200);
}

test('a tenant\'s open uploads are bounded by a quota, and an abandoned upload expires with its staged bytes', async () => {
  const big = await declare({ articleId: TRACK, kind: 'audio', name: 'a.wav', size: 2 << 20 });
  assert.equal(big.status, 201);
  const open = (await big.json()).data;
  assert.equal((await chunk(open.id, 0, 2 << 20, Buffer.alloc(1000, 1))).status, 200);
  // A chunk is an object of the media store (here the folder): staging/uploads/<tenant>/<upload>/<first byte>-<token>.
  const staged = filesUnder(join(media, 'staging/uploads')).find((f) => f.includes(`/${open.id}/0-`));
  assert.ok(staged, 'the first chunk is staged');

  // 2 MiB open: another 2 MiB passes the 3 MiB quota, and is refused at once.
  const over = await declare({ articleId: TRACK, kind: 'audio', name: 'b.wav', size: 2 << 20 });
  assert.equal(over.status, 409);
  const refused = await over.json();
  assert.equal(refused.error, 'MEDIA_UPLOAD_QUOTA_EXCEEDED');
  assert.equal(refused.data.limit, OPEN_QUOTA);
  assert.equal(refused.data.open, 2 << 20);
  // A small one still fits.
  assert.equal((await declare({ articleId: TRACK, kind: 'audio', name: 'c.wav', size: 1000 })).status, 201);

  // Left alone past the expiry, the upload is removed by the media worker with its staged bytes.
  await moveClock(EXPIRY + 60);
  let status = 200;
  for (let i = 0; i < 80 && status === 200; i++) {
    status = (await api(`/admin/media/uploads/${open.id}`, as())).status;
    if (status === 200) await sleep(250);
  }
  assert.equal(status, 404, 'the abandoned upload is gone');
  assert.ok(!existsSync(join(media, 'staging/uploads', staged)), 'its staged bytes are gone');
  // The quota is free again.
  assert.equal((await declare({ articleId: TRACK, kind: 'audio', name: 'b.wav', size: 2 << 20 })).status, 201);
});

// Issue 71 item 2: a PNG of a few hundred bytes that declares 90000 × 90000 pixels (24 GB once decoded).
function pngDeclaring(width, height) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(4 + body.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 4 + body.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2; // 8 bits, RGB
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(300))), chunk('IEND', Buffer.alloc(0))]);
}

test('a PNG declaring 90000 × 90000 pixels is refused before any decode with the reason, as a cover and as a logo; the article and the brand are unchanged', async () => {
  const png = pngDeclaring(90000, 90000);
  assert.ok(png.length < 400, `a few hundred bytes (${png.length})`);
  const reason = 'the image is 90000 × 90000 pixels; at most 50 megapixels are accepted';

  const articleBefore = await (await api(`/admin/catalog/articles/${TRACK}`, as())).text();
  const cover = await finished((await uploadAll(TRACK, 'artwork', 'huge.png', png)).jobId);
  assert.equal(cover.state, 'failed', JSON.stringify(cover));
  assert.equal(cover.error, reason);
  assert.equal(cover.mediaPath, null);
  assert.equal(await (await api(`/admin/catalog/articles/${TRACK}`, as())).text(), articleBefore, 'the article is unchanged');

  const settingsBefore = await (await api('/admin/settings', staffBearer(owner))).text();
  const logo = await finished((await uploadAll(0, 'artwork', 'logo.png', png, { purpose: 'logo', token: owner })).jobId, owner);
  assert.equal(logo.state, 'failed', JSON.stringify(logo));
  assert.equal(logo.error, reason);
  assert.equal(logo.mediaPath, null);
  assert.equal(await (await api('/admin/settings', staffBearer(owner))).text(), settingsBefore, 'the brand is unchanged');
  assert.ok(!filesUnder(join(media, 'brand')).some((f) => f.includes(logo.id)), 'no brand file of the job');
});

test('a game archive whose entry names are not UTF-8 text is refused with the reason', async () => {
  const index = ['index.html', '<!doctype html><title>x</title>'];
  for (const [name, shown] of [['a\r\nb.html', 'a\\x0D\\x0Ab.html'], [Buffer.from([0xc0, 0xae, 0xc0, 0xae, 0x2f, 0x78]), '\\xC0\\xAE\\xC0\\xAE/x']]) {
    const job = await finished((await uploadAll(GAME, 'game', 'names.zip', zip([index, [name, 'y']]))).jobId);
    assert.equal(job.state, 'failed', JSON.stringify(job));
    assert.equal(job.error, `a refused game archive: an entry's name is not UTF-8 text (invalid UTF-8 or a control character): ${shown}`);
    assert.ok(!filesUnder(join(media, 'games')).some((f) => f.includes(job.id)));
  }
});

// Issue 71 item 4: overlap_1999.zip in small. One local header and one deflated block of `size` zero bytes, and
// `count` directory entries (index.html, f1.bin, ...) all pointing at it: each entry unpacks to the whole block.
function overlappingZip(count, size) {
  const data = Buffer.alloc(size);
  const deflated = deflateRawSync(data, { level: 9 });
  const name = Buffer.from('index.html');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(data), 14); local.writeUInt32LE(deflated.length, 18); local.writeUInt32LE(size, 22); local.writeUInt16LE(name.length, 26);
  const head = Buffer.concat([local, name, deflated]);
  const dir = [];
  for (let i = 0; i < count; i++) {
    const n = Buffer.from(i === 0 ? 'index.html' : `f${i}.bin`);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE((3 << 8) | 20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16); central.writeUInt32LE(deflated.length, 20); central.writeUInt32LE(size, 24); central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); central.writeUInt32LE(0, 42);
    dir.push(central, n);
  }
  const directory = Buffer.concat(dir);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(count, 8); end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(head.length, 16);
  return Buffer.concat([head, directory, end]);
}

test('a zip whose entries share one deflated block is refused before anything is written', async () => {
  // 7 entries of 1 MiB from one 1 KB block: within the file count and the 8 MiB limit, so only the overlap refuses it.
  const bomb = overlappingZip(7, 1 << 20);
  assert.ok(bomb.length < 4096, `a small archive (${bomb.length})`);
  const before = await articleMedia(GAME);
  const job = await finished((await uploadAll(GAME, 'game', 'overlap.zip', bomb)).jobId);
  assert.equal(job.state, 'failed', JSON.stringify(job));
  assert.match(job.error, /^a refused game archive: the archive's entries share data: index\.html and f1\.bin overlap/);
  assert.equal(await articleMedia(GAME), before, 'the game is unchanged');
  assert.ok(!filesUnder(join(media, 'games')).some((f) => f.includes(job.id)), 'no game folder of the job');
  for (let i = 0; i < 100 && existsSync(join(media, 'staging/jobs', `${job.id}-1`)); i++) await sleep(50);
  assert.ok(!existsSync(join(media, 'staging/jobs', `${job.id}-1`)), 'nothing stays in staging');
});
