#!/usr/bin/env node
// Media planner for scripts/generate-media: reads a catalog (docs/contracts.md import format) and prints one job per line
// (tab-separated: kind, output, input, args...). Inputs are small parameter/text files under the work directory that are
// rewritten only when their content changes, so the job runner can skip outputs newer than their inputs.
// It also writes the HTML documents of news/articles directly (cheap) into the media root.
//   node scripts/media/plan.mjs --catalog FILE --out var/media --work var/cache/media [--quick]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : def; };
const QUICK = args.includes('--quick');
const catalogFile = path.resolve(opt('--catalog', path.join(ROOT, 'data/catalog/demo-catalog.json')));
const OUT = path.resolve(opt('--out', path.join(ROOT, 'var/media')));
const WORK = path.resolve(opt('--work', path.join(ROOT, 'var/cache/media')));
const cat = JSON.parse(fs.readFileSync(catalogFile, 'utf8'));
const byId = new Map(cat.articles.map((a) => [a.id, a]));
const jobs = [];
const LANGS = ['en', 'ar', 'fr', 'de', 'es', 'ro'];

function writeIfChanged(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  fs.writeFileSync(file, content);
}
function rng(seed) {
  let a = (seed * 2654435761) >>> 0;
  return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const safe = (p) => { if (typeof p !== 'string' || p.startsWith('/') || p.includes('..')) throw new Error(`unsafe media path ${p}`); return p; };
const job = (...cols) => jobs.push(cols.map((c) => String(c).replace(/[\t\n]/g, ' ')).join('\t'));

// ---------------------------------------------------------------- music tracks (sox synthesis)
const STYLE = {
  'music-synthwave': { inst: 'square', pad: 'sawtooth', bpm: [98, 118], scale: [0, 2, 3, 5, 7, 8, 10], kick: 1 },
  'music-techno': { inst: 'square', pad: 'sawtooth', bpm: [122, 130], scale: [0, 3, 5, 7, 10], kick: 1 },
  'music-electronic': { inst: 'triangle', pad: 'sawtooth', bpm: [108, 124], scale: [0, 2, 4, 7, 9], kick: 1 },
  'music-lofi': { inst: 'sine', pad: 'triangle', bpm: [70, 86], scale: [0, 2, 4, 7, 9, 11], kick: 0 },
  'music-arabic': { inst: 'pluck', pad: 'triangle', bpm: [84, 104], scale: [0, 1, 4, 5, 7, 8, 10], kick: 0 },
  'music-oud': { inst: 'pluck', pad: 'sine', bpm: [76, 96], scale: [0, 1, 4, 5, 7, 8, 10], kick: 0 },
  'music-khaleeji': { inst: 'pluck', pad: 'triangle', bpm: [96, 112], scale: [0, 2, 3, 5, 7, 8, 10], kick: 1 },
  'music-acoustic': { inst: 'pluck', pad: 'sine', bpm: [80, 100], scale: [0, 2, 4, 5, 7, 9], kick: 0 },
  'music-classical': { inst: 'pluck', pad: 'sine', bpm: [66, 84], scale: [0, 2, 4, 5, 7, 9, 11], kick: 0 },
  'music-jazz': { inst: 'sine', pad: 'triangle', bpm: [88, 110], scale: [0, 2, 3, 5, 7, 9, 10], kick: 0 },
  default: { inst: 'triangle', pad: 'triangle', bpm: [90, 120], scale: [0, 2, 4, 7, 9], kick: 1 },
};
const tracks = cat.articles.filter((a) => a.contentType === 'full_track_music' && a.media?.type === 'audio');
const quickTracks = new Set(tracks.slice(0, 3).map((a) => a.id));
for (const a of tracks) {
  if (QUICK && !quickTracks.has(a.id)) continue;
  const R = rng(a.id), st = STYLE[a.categoryIds.find((c) => STYLE[c])] || STYLE.default;
  const bpm = st.bpm[0] + Math.floor(R() * (st.bpm[1] - st.bpm[0] + 1));
  const root = 220 * 2 ** (Math.floor(R() * 12) / 12); // A3..G#4
  const notes = [];
  let deg = Math.floor(R() * st.scale.length);
  for (let i = 0; i < 16; i++) {
    if (i % 4 !== 0 && R() < 0.18) { notes.push(0); continue; }
    deg = Math.max(0, Math.min(st.scale.length * 2 - 1, deg + Math.floor(R() * 5) - 2));
    const semis = st.scale[deg % st.scale.length] + 12 * Math.floor(deg / st.scale.length);
    notes.push((root * 2 ** (semis / 12)).toFixed(2));
  }
  const dur = a.durationSeconds || 75;
  const params = path.join(WORK, 'tracks', `${a.id}.params`);
  writeIfChanged(params, [dur, bpm, st.inst, st.pad, (root / 2).toFixed(2), st.kick, ...notes].join(' ') + '\n');
  job('track', safe(a.media.path), params, safe(a.media.previewPath || a.media.path.replace(/\.mp3$/, '-preview.mp3')));
}

// ---------------------------------------------------------------- spoken episodes and chapters (espeak-ng)
const VOICE = { en: 'en-us', ar: 'ar', fr: 'fr', de: 'de', es: 'es', ro: 'ro' };
const INTRO = {
  en: 'Welcome.', ar: 'أهلاً وسهلاً.', fr: 'Bienvenue.', de: 'Willkommen.', es: 'Bienvenidos.', ro: 'Bun venit.',
};
const spoken = cat.articles.filter((a) => (a.contentType === 'podcast' || a.contentType === 'audio_book_chapter') && a.media?.type === 'audio');
const quickSpoken = new Set([...spoken.filter((a) => a.contentType === 'podcast').slice(0, 2), ...spoken.filter((a) => a.contentType === 'audio_book_chapter').slice(0, 2)].map((a) => a.id));
for (const a of spoken) {
  if (QUICK && !quickSpoken.has(a.id)) continue;
  const parent = byId.get(a.parentId);
  const lang = LANGS.includes(a.customProperties?.language) ? a.customProperties.language : 'en';
  const text = [INTRO[lang], parent ? parent.title[lang] + '.' : '', a.title[lang] + '.', a.description[lang], parent ? parent.description[lang] : ''].filter(Boolean).join(' ');
  const txt = path.join(WORK, 'speech', `${a.id}.txt`);
  writeIfChanged(txt, text + '\n');
  const seed = rng(a.id);
  job('speech', safe(a.media.path), txt, safe(a.media.previewPath || a.media.path.replace(/\.mp3$/, '-preview.mp3')), VOICE[lang], a.durationSeconds || 60, (110 + Math.floor(seed() * 60)).toFixed(0));
}

// ---------------------------------------------------------------- HLS video pool (ffmpeg)
// Directories listed in the catalog's mediaLinks are hard links to another one (scripts/media/links.mjs, after the
// jobs): nothing is encoded for them.
const linkedKeys = new Set((cat.mediaLinks || []).map((l) => String(l.path).replace(/^hls\/|\/$/g, '')));
const pool = new Map(); // key -> {title, rating}
for (const p of cat.videoPool || []) pool.set(p.key, { title: p.title, rating: p.rating ?? 0 });
for (const a of cat.articles) {
  if (a.media?.type !== 'hls') continue;
  const m = a.media.path.match(/^hls\/([^/]+)\/master\.m3u8$/);
  if (!m) throw new Error(`article ${a.id}: HLS path must be hls/<key>/master.m3u8`);
  if (!pool.has(m[1]) && !linkedKeys.has(m[1])) pool.set(m[1], { title: a.title.en, rating: a.rating });
}
const keys = [...pool.keys()];
const quickKeys = new Set([...keys.filter((k) => !pool.get(k).rating), ...keys].slice(0, 2));
keys.forEach((key, i) => {
  if (QUICK && !quickKeys.has(key)) return;
  const info = path.join(WORK, 'hls', `${key}.txt`);
  writeIfChanged(info, `${pool.get(key).title}\n`);
  job('hls', `hls/${key}`, info, i % 3 === 2 ? 'smptehdbars' : 'testsrc2', 12, 220 + (i % 8) * 55, (i * 37) % 360);
});

// ---------------------------------------------------------------- artwork SVG -> WebP (rsvg-convert + cwebp)
const svgs = [];
const addSvg = (url) => { if (typeof url === 'string' && url.startsWith('/media/art/') && url.endsWith('.svg')) svgs.push(url.slice('/media/art/'.length)); };
for (const c of cat.categories) addSvg(c.artwork);
for (const a of cat.articles) for (const art of a.artworks || []) addSvg(art.url);
for (const f of fs.readdirSync(path.join(ROOT, 'data/media/art'))) if (f.endsWith('.svg')) svgs.push(f);
const uniq = [...new Set(svgs)].filter((rel) => fs.existsSync(path.join(ROOT, 'data/media/art', rel)));
// A banner is also drawn as a details header's blurred backdrop, which needs no more than a thumbnail:
// art/<path>.w64.webp, 64 pixels wide (the server's answer to ?format=webp&width=64, contracts.md). The width
// is the one the server and the client read (web/src/config/page-tables.json).
const BACKDROP_WIDTH = JSON.parse(fs.readFileSync(path.join(here, '../../web/src/config/page-tables.json'), 'utf8')).images.backdropWidth;
const banners = new Set();
for (const a of cat.articles) for (const art of a.artworks || []) if (art.artworkClass === 'BANNER' && typeof art.url === 'string' && art.url.startsWith('/media/art/') && art.url.endsWith('.svg')) banners.add(art.url.slice('/media/art/'.length));
const conversions = uniq.map((rel) => `${path.join(ROOT, 'data/media/art', rel)}\tart/${rel.replace(/\.svg$/, '.webp')}`);
for (const rel of uniq) if (banners.has(rel)) conversions.push(`${path.join(ROOT, 'data/media/art', rel)}\tart/${rel.replace(/\.svg$/, `.w${BACKDROP_WIDTH}.webp`)}\t${BACKDROP_WIDTH}`);
// batches of 40 conversions per job (one process per file costs more than the conversion of a small SVG)
const sel = QUICK ? conversions.slice(0, 12) : conversions;
for (let b = 0; b * 40 < sel.length; b++) {
  const list = path.join(WORK, 'webp', `batch-${String(b).padStart(3, '0')}.tsv`);
  writeIfChanged(list, sel.slice(b * 40, b * 40 + 40).join('\n') + '\n');
  job('webp', `art/batch-${b}`, list);
}

// ---------------------------------------------------------------- documents (news, articles, premium articles)
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
let docs = 0;
for (const a of cat.articles) {
  if (a.media?.type !== 'document') continue;
  if (QUICK && docs >= 3) break;
  const sections = LANGS.map((l) => `<article lang="${l}" dir="${l === 'ar' ? 'rtl' : 'ltr'}"><h1>${esc(a.title[l])}</h1><p>${esc(a.description[l])}</p></article>`).join('\n');
  writeIfChanged(path.join(OUT, safe(a.media.path)), `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(a.title.en)}</title>\n<style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.6}article{margin-bottom:2rem}</style></head>\n<body>\n${sections}\n</body></html>\n`);
  docs++;
}

process.stdout.write(jobs.join('\n') + (jobs.length ? '\n' : ''));
process.stderr.write(`plan: ${QUICK ? 'quick, ' : ''}${jobs.filter((j) => j.startsWith('track')).length} tracks, ${jobs.filter((j) => j.startsWith('speech')).length} spoken, ${jobs.filter((j) => j.startsWith('hls')).length} HLS, ${sel.length} artworks, ${docs} documents\n`);
