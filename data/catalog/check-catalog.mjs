#!/usr/bin/env node
// Validates a catalog file against the import format of docs/contracts.md ("Catalog (issue 4)").
//   node data/catalog/check-catalog.mjs [data/catalog/demo-catalog.json]
// Exit code 1 and a list of problems when anything is wrong.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { duForms, germanTexts } from './german-address.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const file = process.argv[2] || path.join(here, 'demo-catalog.json');
const cat = JSON.parse(fs.readFileSync(file, 'utf8'));
const isDemo = path.resolve(file) === path.join(here, 'demo-catalog.json');

const LANGS = ['en', 'ar', 'fr', 'de', 'es', 'ro'];
const SECTIONS = ['music', 'video', 'games', 'audiobook', 'podcast', 'news', 'articles', 'vouchers', 'tournaments', 'apps'];
const TYPES = ['artist', 'album', 'full_track_music', 'playlist', 'music_video', 'videocollection', 'full_length_video', 'video', 'online_game', 'game',
  'publisher', 'podcastcollection', 'podcast', 'audiobook', 'audio_book_chapter', 'news', 'article', 'premium_article', 'voucher', 'voucherbook',
  'tournament', 'app', 'partner', 'info_service'];
const RATINGS = [0, 10, 20, 30, 40];
const MODELS = ['SUBSCRIPTION', 'PAY_PER_DOWNLOAD', 'DOWNLOAD_TO_OWN_FREEMIUM'];
const MEDIA = ['audio', 'hls', 'game', 'document'];
const CLASSES = ['COVER', 'BANNER', 'SCREENSHOT', 'VIDEO_TRAILER', 'VIDEO_GAMEPLAY'];
const ORIENT = ['Square', 'Portrait', 'Landscape'];
const NAMES_KEPT = new Set(['artist', 'publisher', 'partner']); // people and brand names stay as they are

const problems = [];
const bad = (msg) => problems.push(msg);
const localArt = (url) => url.startsWith('/media/art/') ? path.join(ROOT, 'data/media/art', url.slice('/media/art/'.length)) : null;
function i18n(where, obj, mustDiffer) {
  if (!obj || typeof obj !== 'object') return bad(`${where}: not a language object`);
  for (const l of LANGS) if (typeof obj[l] !== 'string' || !obj[l].trim()) bad(`${where}: missing ${l}`);
  if (mustDiffer) for (const l of LANGS.slice(1)) if (obj[l] === obj.en) bad(`${where}: ${l} is a copy of en`);
}

// categories
if (!Array.isArray(cat.categories) || !Array.isArray(cat.articles)) { console.error('categories and articles must be arrays'); process.exit(1); }
const cats = new Map();
for (const c of cat.categories) {
  if (typeof c.id !== 'string' || !c.id) bad(`category without id`);
  if (cats.has(c.id)) bad(`category ${c.id}: duplicate id`);
  cats.set(c.id, c);
}
for (const c of cat.categories) {
  if (!SECTIONS.includes(c.section)) bad(`category ${c.id}: bad section ${c.section}`);
  if (c.parentId !== null && c.parentId !== undefined) {
    const p = cats.get(c.parentId);
    if (!p) bad(`category ${c.id}: parent ${c.parentId} missing`);
    else if (p.section !== c.section) bad(`category ${c.id}: parent in another section`);
  }
  i18n(`category ${c.id} title`, c.title, false);
  if (c.artwork && localArt(c.artwork) && !fs.existsSync(localArt(c.artwork))) bad(`category ${c.id}: artwork file missing ${c.artwork}`);
}

// articles
const arts = new Map();
for (const a of cat.articles) {
  if (!Number.isInteger(a.id) || a.id <= 0) bad(`article ${JSON.stringify(a.id)}: id must be a positive integer`);
  if (arts.has(a.id)) bad(`article ${a.id}: duplicate id`);
  arts.set(a.id, a);
}
const want = (a, id, types, rel) => {
  const t = arts.get(id);
  if (!t) return bad(`article ${a.id}: ${rel} ${id} does not exist`);
  if (types && !types.includes(t.contentType)) bad(`article ${a.id}: ${rel} ${id} is ${t.contentType}, expected ${types.join('|')}`);
};
const PARENT = { full_track_music: ['album'], video: ['videocollection'], podcast: ['podcastcollection'], audio_book_chapter: ['audiobook'] };
const publishers = new Set(cat.articles.filter((a) => a.contentType === 'publisher').map((a) => a.title.en));
// The server's rule (docs/catalog-format.md "Media"): a free online game is one with a DOWNLOAD_TO_OWN_FREEMIUM price.
const isFreeGame = (a) => a.contentType === 'online_game' && Array.isArray(a.prices) && a.prices.some((p) => p.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM');
const gameDirs = new Map(); // "games/<dir>/" -> {free: [ids], paid: [ids]}
const signedScopes = new Map(); // what a signed grant covers (a playlist directory, or a file) -> [ids]
let copied = 0;
for (const a of cat.articles) {
  const w = `article ${a.id}`;
  if (!TYPES.includes(a.contentType)) bad(`${w}: unknown contentType ${a.contentType}`);
  i18n(`${w} title`, a.title, false);
  i18n(`${w} description`, a.description, true);
  if (!NAMES_KEPT.has(a.contentType) && a.title) for (const l of LANGS.slice(1)) if (a.title[l] === a.title.en) copied++;
  if (!Array.isArray(a.categoryIds) || !a.categoryIds.length) bad(`${w}: no categoryIds`);
  else for (const c of a.categoryIds) if (!cats.has(c)) bad(`${w}: category ${c} missing`);
  if (!RATINGS.includes(a.rating)) bad(`${w}: rating ${a.rating} not in ${RATINGS}`);
  if (a.releaseDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(a.releaseDate)) bad(`${w}: releaseDate ${a.releaseDate}`);
  for (const id of a.artistIds || []) want(a, id, ['artist'], 'artistId');
  if (a.parentId !== undefined) {
    want(a, a.parentId, PARENT[a.contentType], 'parentId');
    if (!a.collectionInfo || a.collectionInfo.articleId !== a.parentId) bad(`${w}: collectionInfo.articleId should equal parentId`);
    const p = arts.get(a.parentId);
    if (p && p.rating > a.rating) bad(`${w}: rating below its collection's`);
  } else if (PARENT[a.contentType] && a.contentType !== 'video' && a.contentType !== 'full_track_music') bad(`${w}: ${a.contentType} without parentId`);
  if (a.contentType === 'album' && !(a.artistIds || []).length) bad(`${w}: album without artistIds`);
  if (a.memberIds !== undefined) for (const id of a.memberIds) want(a, id, a.contentType === 'playlist' ? ['full_track_music'] : a.contentType === 'voucherbook' ? ['voucher'] : null, 'memberId');
  if ((a.contentType === 'playlist' || a.contentType === 'voucherbook') && !(a.memberIds || []).length) bad(`${w}: ${a.contentType} without memberIds`);
  for (const k of ['durationSeconds', 'fileSizeBytes', 'episode', 'season']) if (a[k] !== undefined && !(Number.isInteger(a[k]) && a[k] >= 0)) bad(`${w}: ${k} must be a non-negative integer`);
  if (!Array.isArray(a.prices)) bad(`${w}: prices must be an array`);
  else for (const p of a.prices) {
    if (!Number.isInteger(p.amount) || p.amount < 0) bad(`${w}: price amount ${p.amount}`);
    if (!/^[A-Z]{3}$/.test(p.currency)) bad(`${w}: currency ${p.currency}`);
    if (!MODELS.includes(p.businessModel)) bad(`${w}: businessModel ${p.businessModel}`);
  }
  if (a.contentType === 'online_game') {
    if (typeof a.customProperties?.useGameFrame !== 'boolean') bad(`${w}: online game without customProperties.useGameFrame`);
    if (a.prices.some((p) => p.amount === 0) && !a.prices.some((p) => p.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM')) bad(`${w}: free online game must be DOWNLOAD_TO_OWN_FREEMIUM`);
    if (a.media?.type !== 'game') bad(`${w}: online game without game media`);
  }
  if (a.contentType === 'game' || a.contentType === 'online_game') if (!publishers.has(a.developerName)) bad(`${w}: developerName ${a.developerName} is not a publisher`);
  if (a.media) {
    if (!MEDIA.includes(a.media.type)) bad(`${w}: media type ${a.media.type}`);
    for (const k of ['path', 'previewPath']) if (a.media[k] !== undefined && (typeof a.media[k] !== 'string' || a.media[k].startsWith('/') || a.media[k].includes('..'))) bad(`${w}: media.${k} must be relative to var/media/`);
    if (a.media.type === 'game') {
      const m = typeof a.media.path === 'string' && a.media.path.match(/^games\/([a-z0-9-]+)\/index\.html$/);
      const engine = a.customProperties?.gameEngine;
      if (!m) bad(`${w}: game path ${a.media.path}`);
      // A directory is an engine of data/games itself, or one scripts/generate-media makes from customProperties.gameEngine.
      else if (isDemo && !fs.existsSync(path.join(ROOT, 'data/games', m[1], 'index.html'))
        && !(typeof engine === 'string' && /^[a-z0-9-]+$/.test(engine) && fs.existsSync(path.join(ROOT, 'data/games', engine, 'index.html'))))
        bad(`${w}: data/games/${m[1]}/index.html missing and no customProperties.gameEngine in data/games to make games/${m[1]}/ from`);
      const cfg = a.customProperties?.gameConfig;
      if (cfg !== undefined) {
        if (!cfg || typeof cfg !== 'object') bad(`${w}: customProperties.gameConfig must be an object`);
        else {
          if (cfg.accent !== undefined && !/^#[0-9a-f]{6}$/i.test(cfg.accent)) bad(`${w}: gameConfig.accent ${cfg.accent} is not #rrggbb`);
          if (cfg.level !== undefined && !(Number.isInteger(cfg.level) && cfg.level >= 1 && cfg.level <= 9)) bad(`${w}: gameConfig.level ${cfg.level} not in 1..9`);
        }
      }
    }
    // Any media below games/<dir>/ (the unit the server signs and grants) counts for the shared-directory rule.
    const dir = typeof a.media.path === 'string' && a.media.path.match(/^games\/([^/]+)\//);
    if (dir) {
      if (!gameDirs.has(dir[1])) gameDirs.set(dir[1], { free: [], paid: [] });
      gameDirs.get(dir[1])[isFreeGame(a) ? 'free' : 'paid'].push(a.id);
    } else if (typeof a.media.path === 'string') {
      // What a signed grant covers (the server's media_scope): a playlist's directory, else the file.
      const p = a.media.path;
      const scope = p.endsWith('.m3u8') && p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : p;
      if (!signedScopes.has(scope)) signedScopes.set(scope, []);
      signedScopes.get(scope).push(a.id);
    }
  }
  for (const art of a.artworks || []) {
    if (!CLASSES.includes(art.artworkClass)) bad(`${w}: artworkClass ${art.artworkClass}`);
    if (!ORIENT.includes(art.orientation)) bad(`${w}: orientation ${art.orientation}`);
    if (typeof art.url !== 'string' || !art.url.startsWith('/')) bad(`${w}: artwork url ${art.url}`);
    else if (localArt(art.url) && !fs.existsSync(localArt(art.url))) bad(`${w}: artwork file missing ${art.url}`);
  }
  if (!(a.artworks || []).some((x) => x.artworkClass === 'COVER')) bad(`${w}: no COVER artwork`);
}

// No directory shared by a free and a paid game: /media/generated/games/<dir>/ is public while a free online game uses
// <dir> (docs/decisions.md "Paid games in their own directory"), so a paid game there would be public too.
for (const [dir, { free, paid }] of gameDirs)
  if (free.length && paid.length)
    bad(`game directory games/${dir}/ is shared by free game(s) ${free.join(', ')} and paid game(s) ${paid.join(', ')}: a free game makes it public, so give the paid ones their own directory`);

// No signed media shared by two articles: a grant covers one article's file or playlist directory, and whoever may play
// one of them would get the other's files too (a free music video opened a paid film). Shared sources are hard links in
// directories of their own (top-level `mediaLinks`, made by scripts/generate-media).
for (const [scope, ids] of signedScopes)
  if (ids.length > 1) bad(`media ${scope} is shared by articles ${ids.join(', ')}: give each its own (a directory of hard links, see mediaLinks)`);
const links = cat.mediaLinks ?? [];
if (!Array.isArray(links)) bad('mediaLinks must be an array');
const linked = new Set();
for (const l of Array.isArray(links) ? links : []) {
  const dirOk = (d) => typeof d === 'string' && /^hls\/[A-Za-z0-9._-]+\/$/.test(d);
  if (!l || !dirOk(l.path) || !dirOk(l.source)) { bad(`mediaLinks entry ${JSON.stringify(l)}: path and source must be hls/<key>/`); continue; }
  if (l.path === l.source) bad(`mediaLinks ${l.path}: links to itself`);
  if (linked.has(l.path)) bad(`mediaLinks ${l.path}: listed twice`);
  linked.add(l.path);
  if (!signedScopes.has(l.path)) bad(`mediaLinks ${l.path}: no article plays it`);
}
for (const l of Array.isArray(links) ? links : []) if (l && linked.has(l.source)) bad(`mediaLinks ${l.path}: its source ${l.source} is itself a link`);

// challenges (commerce §3): a game's steps with TICKETS rewards
const challenges = cat.challenges ?? [];
if (!Array.isArray(challenges)) bad('challenges must be an array');
const challengeIds = new Set();
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/;
for (const c of Array.isArray(challenges) ? challenges : []) {
  const w = `challenge ${c.id}`;
  if (!Number.isInteger(c.id) || c.id <= 0) bad(`challenge ${JSON.stringify(c.id)}: id must be a positive integer`);
  if (challengeIds.has(c.id)) bad(`${w}: duplicate id`);
  challengeIds.add(c.id);
  const game = arts.get(c.gameId);
  if (!game) bad(`${w}: gameId ${c.gameId} does not exist`);
  else if (!['online_game', 'game'].includes(game.contentType)) bad(`${w}: gameId ${c.gameId} is ${game.contentType}, expected online_game|game`);
  i18n(`${w} title`, c.title, false);
  i18n(`${w} description`, c.description, true);
  if (typeof c.chained !== 'boolean') bad(`${w}: chained must be true or false`);
  for (const k of ['startsAt', 'endsAt']) if (c[k] !== undefined && (typeof c[k] !== 'string' || !ISO.test(c[k]))) bad(`${w}: ${k} must be ISO-8601 UTC`);
  if (c.startsAt && c.endsAt && c.endsAt < c.startsAt) bad(`${w}: endsAt before startsAt`);
  if (!Array.isArray(c.challengeSteps) || !c.challengeSteps.length) { bad(`${w}: no challengeSteps`); continue; }
  const stepIds = new Set();
  for (const st of c.challengeSteps) {
    if (!Number.isInteger(st.id) || st.id <= 0 || stepIds.has(st.id)) bad(`${w}: step id ${st.id} missing or repeated`);
    stepIds.add(st.id);
    i18n(`${w} step ${st.id} title`, st.title, false);
    i18n(`${w} step ${st.id} goal`, st.goal, true);
    if (!Array.isArray(st.rewards) || !st.rewards.length) bad(`${w} step ${st.id}: no rewards`);
    else for (const r of st.rewards) {
      if (r.currency !== 'TICKETS') bad(`${w} step ${st.id}: reward currency ${r.currency} (spec: TICKETS)`);
      if (!Number.isInteger(r.amount) || r.amount <= 0) bad(`${w} step ${st.id}: reward amount ${r.amount}`);
    }
  }
}
if (isDemo && challenges.length < 3) bad(`only ${challenges.length} challenges (want >= 3)`);
if (isDemo && !challenges.some((c) => c.chained) || isDemo && !challenges.some((c) => !c.chained)) bad('want chained and unchained challenges');

// coverage
const counts = {};
for (const a of cat.articles) counts[a.contentType] = (counts[a.contentType] || 0) + 1;
for (const t of TYPES) if (!counts[t]) bad(`content type ${t} missing`);
for (const r of RATINGS) if (!cat.articles.some((a) => a.rating === r)) bad(`no article with rating ${r}`);
for (const s of SECTIONS) if (!cat.categories.some((c) => c.section === s)) bad(`no category in section ${s}`);
if (cat.articles.length < 300 && isDemo) bad(`only ${cat.articles.length} articles (want >= 300)`);
if (copied > cat.articles.length * 0.05) bad(`${copied} non-English titles are copies of the English one`);

// the demo home pages link to these ids
let homeIds = 0;
if (isDemo) {
  for (const tenant of ['aurora', 'noor', 'vela']) {
    const f = path.join(ROOT, 'data/structures', tenant, 'home.json');
    if (!fs.existsSync(f)) continue;
    const walk = (n) => {
      const u = n.data?.clickUrl, m = typeof u === 'string' && u.match(/\/(\d+)$/);
      if (m) {
        homeIds++;
        const a = arts.get(Number(m[1])), cp = n.data.customProperties || {};
        if (!a) bad(`${tenant} home links ${u} but article ${m[1]} does not exist`);
        else if (cp.type === 'card') {
          if (a.title.en !== (n.data.title.en ?? n.data.title)) bad(`${tenant} home card ${m[1]}: title ${a.title.en} != ${n.data.title.en}`);
          if (cp.contentType && cp.contentType !== a.contentType) bad(`${tenant} home card ${m[1]}: contentType ${a.contentType} != ${cp.contentType}`);
          if ((cp.rating || 0) !== a.rating) bad(`${tenant} home card ${m[1]}: rating ${a.rating} != ${cp.rating || 0}`);
        }
      }
      (n.substructure || []).forEach(walk);
    };
    walk(JSON.parse(fs.readFileSync(f, 'utf8')));
  }
}

// free says free only: an item with a free price is not also subscription content
const isFreePrice = (p) => p.amount === 0 || p.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM';
const included = (a) => Array.isArray(a.prices) && !a.prices.some(isFreePrice) && a.prices.some((p) => p.businessModel === 'SUBSCRIPTION');
for (const a of cat.articles)
  if (Array.isArray(a.prices) && a.prices.some(isFreePrice) && a.prices.some((p) => p.businessModel === 'SUBSCRIPTION'))
    bad(`article ${a.id}: free and "included with a subscription" at once (a free price beside a SUBSCRIPTION one)`);

if (isDemo) {
  // Each demo tenant sells in one currency (settings.currency of data/tenants/<tenant>.json): every priced article has
  // its prices in that currency, the same business models in each, and the tenant's plans are priced in it too.
  // What a tenant's catalog says is "included with a subscription" is included by a plan contingent of that tenant.
  const tenantsDir = path.join(ROOT, 'data/tenants');
  for (const f of fs.readdirSync(tenantsDir).filter((x) => x.endsWith('.json')).sort()) {
    const tenant = JSON.parse(fs.readFileSync(path.join(tenantsDir, f), 'utf8'));
    const currency = tenant.settings?.currency;
    if (!/^[A-Z]{3}$/.test(currency ?? '')) { bad(`tenant ${tenant.name}: settings.currency ${currency} is not an ISO currency`); continue; }
    const models = (a, c) => a.prices.filter((p) => p.currency === c).map((p) => p.businessModel).sort().join(',');
    for (const a of cat.articles) {
      if (!Array.isArray(a.prices) || !a.prices.length) continue;
      if (!a.prices.some((p) => p.currency === currency)) bad(`article ${a.id}: no price in ${currency}, the currency of tenant ${tenant.name}`);
      else if (models(a, currency) !== models(a, a.prices[0].currency)) bad(`article ${a.id}: prices in ${currency} (${models(a, currency)}) differ from those in ${a.prices[0].currency}`);
    }
    const plansFile = path.join(ROOT, 'data/subscriptions', `${tenant.name}.json`);
    const plans = fs.existsSync(plansFile) ? JSON.parse(fs.readFileSync(plansFile, 'utf8')) : { types: [] };
    const covered = new Set();
    for (const t of plans.types ?? []) {
      for (const k of ['price', 'promotionPrice']) if (t[k] && t[k].currency !== currency) bad(`tenant ${tenant.name}: plan ${t.id} ${k} in ${t[k].currency}, the tenant sells in ${currency}`);
      for (const c of t.contingents ?? []) if (c.amount !== 0) for (const ct of c.contentTypes ?? []) covered.add(ct);
    }
    const uncovered = new Map();
    for (const a of cat.articles) if (included(a) && !covered.has(a.contentType)) uncovered.set(a.contentType, [...(uncovered.get(a.contentType) ?? []), a.id]);
    for (const [ct, ids] of uncovered)
      bad(`tenant ${tenant.name}: ${ids.length} ${ct} item(s) (e.g. ${ids.slice(0, 3).join(', ')}) say "included with a subscription" but no plan of ${tenant.name} has a ${ct} contingent`);
  }

  // Games launch the HTML5 game their name and category promise. data/games/<engine>/game.json names the categories an
  // engine plays and the words of its games' names: an online game sits in Arcade and in a category of its engine,
  // has one of the engine's words in its English name, and no game sits in a category another engine plays.
  const gamesDir = path.join(ROOT, 'data/games');
  const engines = new Map();
  for (const d of fs.readdirSync(gamesDir, { withFileTypes: true }).filter((x) => x.isDirectory())) {
    const f = path.join(gamesDir, d.name, 'game.json');
    if (!fs.existsSync(f)) { bad(`data/games/${d.name}: no game.json (its categories and name words)`); continue; }
    engines.set(d.name, JSON.parse(fs.readFileSync(f, 'utf8')));
  }
  const engineOfCategory = new Map();
  for (const [engine, m] of engines) for (const c of m.categories ?? []) {
    if (!cats.has(c)) bad(`data/games/${engine}/game.json: category ${c} does not exist`);
    engineOfCategory.set(c, engine);
  }
  for (const a of cat.articles.filter((x) => x.contentType === 'online_game' || x.contentType === 'game')) {
    const m = typeof a.media?.path === 'string' && a.media.path.match(/^games\/([a-z0-9-]+)\//);
    const engine = engines.has(m && m[1]) ? m[1] : a.customProperties?.gameEngine;
    const manifest = engines.get(engine);
    if (!manifest) { bad(`article ${a.id}: launches no known game (engine ${engine})`); continue; }
    for (const c of a.categoryIds ?? []) {
      const owner = engineOfCategory.get(c);
      if (owner && owner !== engine) bad(`article ${a.id} ${a.title.en}: in ${c}, the category of ${owner} games, but launches ${engine}`);
    }
    if (a.contentType !== 'online_game') continue;
    if (!(a.categoryIds ?? []).includes('games-arcade')) bad(`article ${a.id} ${a.title.en}: an online game outside the Arcade category`);
    if (!(a.categoryIds ?? []).some((c) => engineOfCategory.get(c) === engine)) bad(`article ${a.id} ${a.title.en}: in none of the categories of ${engine} (${manifest.categories.join(', ')})`);
    const words = a.title.en.toLowerCase().split(/[^a-z]+/);
    if (!(manifest.nameWords ?? []).some((w) => words.includes(w))) bad(`article ${a.id} "${a.title.en}" launches ${engine} (${manifest.title}) but its name says none of ${manifest.nameWords.join(', ')}`);
  }

  // No category page says "Nothing here yet": every category holds at least one article of its own.
  for (const c of cat.categories) if (!cat.articles.some((a) => (a.categoryIds ?? []).includes(c.id))) bad(`category ${c.id} holds no article`);

  // The demo's German speaks to the reader with "Sie" only, like the client's bundles (issue 72 item 9; the rules in
  // german-address.mjs): the catalog, every German text of data/**/*.json (structures, templates, tenants, plans,
  // info services, tournament news) and the games' own words (the "de" line of data/games/<engine>/game.js).
  // An operator's own catalog is not checked: its form of address is the operator's choice.
  const informal = (where, text) => {
    const forms = duForms(text);
    if (forms.length) bad(`German says "du" (${forms.join(', ')}) in ${where}: ${text.length > 90 ? `${text.slice(0, 90)}…` : text}`);
  };
  for (const [where, text] of [
    ...cat.categories.flatMap((c) => germanTexts(c, `category ${c.id}`)),
    ...cat.articles.flatMap((a) => germanTexts(a, `article ${a.id}`)),
    ...challenges.flatMap((c) => germanTexts(c, `challenge ${c.id}`)),
    ...germanTexts(Object.fromEntries(Object.entries(cat).filter(([k]) => !['categories', 'articles', 'challenges'].includes(k)))),
  ]) informal(where, text);
  const dataFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === path.join(ROOT, 'data/media') ? [] : dataFiles(p);
    return e.name.endsWith('.json') && p !== path.join(here, 'demo-catalog.json') ? [p] : [];
  });
  for (const f of dataFiles(path.join(ROOT, 'data')).sort())
    for (const [where, text] of germanTexts(JSON.parse(fs.readFileSync(f, 'utf8')))) informal(`${path.relative(ROOT, f)} ${where}`, text);
  for (const engine of engines.keys()) {
    const f = path.join(gamesDir, engine, 'game.js');
    const line = fs.existsSync(f) && fs.readFileSync(f, 'utf8').match(/^\s*de: \{(.*)\},?$/m);
    if (!line) { bad(`data/games/${engine}/game.js: no "de: { … }" line of German words`); continue; }
    for (const [, key, text] of line[1].matchAll(/(\w+): '((?:[^'\\]|\\.)*)'/g)) informal(`data/games/${engine}/game.js de.${key}`, text);
  }
}

if (problems.length) {
  console.error(problems.slice(0, 50).join('\n'));
  console.error(`${problems.length} problem(s) in ${file}`);
  process.exit(1);
}
console.log(`OK ${file}: ${cat.categories.length} categories, ${cat.articles.length} articles, ${challenges.length} challenges, ${Object.keys(counts).length}/${TYPES.length} content types, ${homeIds} home links resolved`);
console.log(Object.entries(counts).map(([k, n]) => `${k}=${n}`).join(' '));
