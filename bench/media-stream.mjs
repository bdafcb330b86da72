#!/usr/bin/env node
// Media bytes through the portal and past it (issue 48 item 3): the portal's CPU per GB served, for one large
// public file served by the folder store (the portal streams every byte) and by the object store (the portal
// answers a presigned redirect and the store sends the bytes). A measurement, not a test: it prints both figures
// and their ratio.
//
//   node bench/media-stream.mjs            (after make build; SIZE_MB=256 ROUNDS=4 by default)
//
// The object store is the tests' (server/tests/api/support/s3.mjs: s3rver behind a front checking signatures);
// its own CPU is not the portal's and is not counted.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { S3_KEYS, startS3 } from '../server/tests/api/support/s3.mjs';

const require = createRequire(import.meta.url);
const { startPortal } = require('./lib/start-portal.js');
const root = resolve(import.meta.dirname, '..');
const portal = process.env.PORTAL_BIN ?? join(root, 'build/portal');
const SIZE_MB = Number(process.env.SIZE_MB ?? 256);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const KEY = 'audio/bench-stream-preview.mp3'; // "preview": public, served without a grant
const fail = (why) => {
  console.error(`media-stream: ${why}`);
  process.exit(1);
};

// The process' CPU seconds (user + system) from /proc.
function cpu(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function drain(url) {
  const res = await fetch(url);
  if (res.status !== 200) fail(`${url}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return bytes;
}

async function measure(label, args, env) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-media-'));
  const { child, port } = await startPortal({ root, portal, webRoot: join(root, 'web/dist'), dir, fail, args, env });
  try {
    const url = `http://127.0.0.1:${port}/media/generated/${KEY}`;
    await drain(url); // warm: caches, the first redirect
    const before = cpu(child.pid);
    let bytes = 0;
    const started = Date.now();
    for (let i = 0; i < ROUNDS; i++) bytes += await drain(url);
    const seconds = (Date.now() - started) / 1000;
    const used = cpu(child.pid) - before;
    const gb = bytes / 2 ** 30;
    console.log(`${label.padEnd(34)} ${(used / gb).toFixed(3).padStart(8)} s of portal CPU per GB   (${gb.toFixed(2)} GB in ${seconds.toFixed(1)} s)`);
    return used / gb;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const work = mkdtempSync(join(tmpdir(), 'portal-bench-files-'));
const media = join(work, 'media');
mkdirSync(dirname(join(media, KEY)), { recursive: true });
writeFileSync(join(media, KEY), execFileSync('head', ['-c', `${SIZE_MB}M`, '/dev/urandom'], { maxBuffer: (SIZE_MB + 1) << 20 }));
const s3 = await startS3();
try {
  const folder = await measure('folder store (the portal streams)', ['--media-root', media], process.env);
  // Not execFileSync: the store's front answers from this process.
  await promisify(execFile)(portal, ['push-media', media, ...s3.args], { env: { ...process.env, ...S3_KEYS } });
  const presigned = await measure('object store (presigned redirect)', ['--media-root', join(work, 'empty'), ...s3.args], { ...process.env, ...S3_KEYS });
  console.log(presigned < 0.01
    ? `with presigned URLs the portal spends under 0.01 s of CPU per GB (it answers redirects; the store sends the bytes), against ${folder.toFixed(3)} s streaming`
    : `the portal's CPU per GB: ${(folder / presigned).toFixed(0)}× less with presigned URLs`);
} finally {
  await s3.stop();
  rmSync(work, { recursive: true, force: true });
}
