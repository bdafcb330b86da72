#!/usr/bin/env node
// Game directories of their own, for scripts/generate-media (after it has copied data/games/* to <out>/games/).
// A game whose media path is games/<dir>/index.html with <dir> not an engine of data/games, and whose
// customProperties.gameEngine names one, gets <out>/games/<dir>/: the engine's files as hard links to
// <out>/games/<engine>/ (a copy where linking is impossible, e.g. another file system) and a config.js of its own
// ({id, title, accent, level} from the catalog). The demo catalog gives every paid game such a directory, since a
// directory a free game uses stays public (docs/decisions.md "Paid games in their own directory").
// A game to download (content type game) also gets package.zip: its directory's files as one archive (Debian's zip),
// which a download of it saves (catalog_rules.hpp game_package_name).
// Idempotent: a file already linked to its engine file and an unchanged config.js are left alone, so a second run
// touches nothing; a file that was replaced (e.g. the engine copy re-created) is linked again, and the package made anew.
//   node scripts/media/games.mjs --catalog FILE --out var/media
import { execFileSync } from 'node:child_process';
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
const ENGINES = new Set(fs.readdirSync(path.join(ROOT, 'data/games'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name));
const NAME = /^[a-z0-9][a-z0-9._-]*$/;
const CONFIG = 'config.js';
const PACKAGE = 'package.zip';

function files(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) out.push(...files(dir, r));
    else if (e.isFile() && r !== CONFIG && r !== PACKAGE) out.push(r);
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
function writeIfChanged(file, content) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
  fs.writeFileSync(`${file}.tmp-${process.pid}`, content);
  fs.renameSync(`${file}.tmp-${process.pid}`, file);
  return true;
}

// The directory's files as package.zip (written aside, then moved in place: never a half-written package).
function pack(dir) {
  const tmp = `${PACKAGE}.tmp-${process.pid}`;
  execFileSync('zip', ['-q', '-X', '-D', tmp, ...files(dir).sort(), CONFIG], { cwd: dir });
  fs.renameSync(path.join(dir, tmp), path.join(dir, PACKAGE));
}

let dirs = 0, linked = 0, configs = 0, removed = 0, packed = 0;
const done = new Map(); // dir -> article id (two games in one made directory would fight over its config.js)
for (const a of cat.articles) {
  const m = a.media?.type === 'game' && typeof a.media.path === 'string' && a.media.path.match(/^games\/([^/]+)\//);
  if (!m || ENGINES.has(m[1])) continue; // an engine directory: copied as it is
  const dir = m[1], engine = a.customProperties?.gameEngine;
  if (!engine) continue; // the operator provides this directory
  if (!NAME.test(dir) || !ENGINES.has(engine)) throw new Error(`article ${a.id}: cannot make games/${dir}/ from engine ${JSON.stringify(engine)} (engines: ${[...ENGINES].join(', ')})`);
  if (done.has(dir)) throw new Error(`article ${a.id}: games/${dir}/ is already the directory of article ${done.get(dir)}`);
  done.set(dir, a.id);
  const src = path.join(OUT, 'games', engine), dst = path.join(OUT, 'games', dir);
  if (!fs.existsSync(path.join(src, 'index.html'))) throw new Error(`${src}/index.html missing (generate-media copies data/games first)`);
  const wanted = files(src);
  let changed = false;
  for (const f of wanted) if (link(path.join(src, f), path.join(dst, f))) { linked++; changed = true; }
  const keep = new Set([...wanted, CONFIG]);
  for (const f of files(dst)) if (!keep.has(f)) { fs.rmSync(path.join(dst, f)); removed++; changed = true; }
  const cfg = a.customProperties.gameConfig || {};
  const config = { id: a.id, title: a.title, ...(cfg.accent ? { accent: cfg.accent } : {}), ...(cfg.level ? { level: cfg.level } : {}) };
  if (writeIfChanged(path.join(dst, CONFIG), `// Written by scripts/generate-media from the catalog (article ${a.id}, engine ${engine}).\nwindow.GAME_CONFIG = ${JSON.stringify(config)};\n`)) { configs++; changed = true; }
  if (a.contentType === 'game' && (changed || !fs.existsSync(path.join(dst, PACKAGE)))) { pack(dst); packed++; }
  dirs++;
}
console.log(`games: ${dirs} game directories of their own (${linked} files linked, ${configs} configs written, ${packed} packages made${removed ? `, ${removed} stale files removed` : ''})`);
