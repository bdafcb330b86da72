#!/usr/bin/env node
// Media directories made of hard links, for scripts/generate-media (after its jobs ran). The catalog's top-level
// `mediaLinks` ([{path: "hls/v2604/", source: "hls/v3102/"}]) names, for each article whose video is a demo copy of
// another one, a directory of its own: every file below <out>/<source> is hard-linked (a copy where linking is
// impossible, e.g. another file system) to the same place below <out>/<path>. A signed media grant covers one
// article's directory, so articles never share one (docs/catalog-data.md "Generated media", docs/security.md
// "Media grants bound to the article"); links keep the demo's disk use and generation time as they were.
// Idempotent: a file already linked to its source is left alone, so a second run touches nothing; a file whose source
// was replaced (the source video re-encoded) is linked again; files the source no longer has are removed. A source
// that was not generated (a --quick run) is skipped and counted.
//   node scripts/media/links.mjs --catalog FILE --out var/media
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : def; };
const catalogFile = path.resolve(opt('--catalog', path.join(ROOT, 'data/catalog/demo-catalog.json')));
const OUT = path.resolve(opt('--out', path.join(ROOT, 'var/media')));
const cat = JSON.parse(fs.readFileSync(catalogFile, 'utf8'));
const DIR = /^hls\/[A-Za-z0-9._-]+\/$/;

function files(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) out.push(...files(dir, r));
    else if (e.isFile() && !e.name.includes('.tmp')) out.push(r);
  }
  return out;
}
function sameFile(a, b) {
  try { const x = fs.statSync(a), y = fs.statSync(b); return x.ino === y.ino && x.dev === y.dev; } catch { return false; }
}
// Links dst to src (or copies it); true when something was written.
function link(src, dst) {
  if (sameFile(src, dst)) return false;
  fs.mkdirSync(path.dirname(dst), { recursive: true });
  const tmp = `${dst}.tmp-${process.pid}`;
  try {
    fs.linkSync(src, tmp);
  } catch {
    if (fs.existsSync(dst) && fs.readFileSync(dst).equals(fs.readFileSync(src))) return false;
    fs.copyFileSync(src, tmp);
  }
  fs.renameSync(tmp, dst); // never a moment without the file, never a half-written one
  return true;
}

let dirs = 0, linked = 0, removed = 0, skipped = 0;
for (const l of cat.mediaLinks || []) {
  if (!l || !DIR.test(l.path) || !DIR.test(l.source) || l.path === l.source) throw new Error(`mediaLinks entry ${JSON.stringify(l)}: path and source must be two hls/<key>/ directories`);
  const src = path.join(OUT, l.source), dst = path.join(OUT, l.path);
  if (!fs.existsSync(path.join(src, 'master.m3u8'))) { skipped++; continue; }
  const wanted = files(src);
  for (const f of wanted) if (link(path.join(src, f), path.join(dst, f))) linked++;
  const keep = new Set(wanted);
  for (const f of files(dst)) if (!keep.has(f)) { fs.rmSync(path.join(dst, f)); removed++; }
  dirs++;
}
console.log(`links: ${dirs} media directories of their own (${linked} files linked${removed ? `, ${removed} stale files removed` : ''}${skipped ? `, ${skipped} skipped: source not generated` : ''})`);
