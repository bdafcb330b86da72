#!/usr/bin/env node
// Deterministic generator of the demo catalog (issue 4).
//   node data/catalog/build-catalog.mjs
// writes data/catalog/demo-catalog.json (import format of docs/contracts.md, "Catalog (issue 4)")
// and data/media/art/catalog/*.svg (artwork referenced as /media/art/catalog/<file>.svg).
//   node data/catalog/build-catalog.mjs --scale 100 --out /tmp/catalog-x100.json
// writes only FILE: the demo catalog and 99 renamed copies of every article (64,000 articles for the
// load benchmark, bench/run --catalog large); the committed catalog and artwork are left alone.
// No dependencies; the same input always gives byte-identical output.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as W from './words.mjs';
import { rng, svgArt } from './svg-art.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const OUT = path.join(here, 'demo-catalog.json');
const ART_DIR = path.join(ROOT, 'data/media/art/catalog');
const LANGS = W.LANGS;

// ---------------------------------------------------------------- arguments
function usage(msg) {
  console.error(`build-catalog: ${msg}\nusage: node data/catalog/build-catalog.mjs [--scale N --out FILE]`);
  process.exit(2);
}
const ARGS = { scale: 1, out: null, copies: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], next = () => process.argv[++i] ?? usage(`${a} needs a value`);
  if (a === '--scale') ARGS.scale = Number(next());
  else if (a === '--out') ARGS.out = path.resolve(next());
  else if (a === '--copies') {
    const m = /^(\d+)-(\d+)$/.exec(next());
    if (!m) usage('--copies takes FROM-TO (copy 1 is the demo catalog itself)');
    ARGS.copies = [Number(m[1]), Number(m[2])];
  }
  else usage(`unknown argument ${a}`);
}
if (!Number.isInteger(ARGS.scale) || ARGS.scale < 1 || ARGS.scale > 2000) usage('--scale must be a whole number from 1 to 2000');
if (ARGS.copies && (ARGS.copies[0] < 1 || ARGS.copies[0] > ARGS.copies[1] || ARGS.copies[1] > ARGS.scale))
  usage('--copies FROM-TO must lie within 1-SCALE');
if (ARGS.scale > 1 && !ARGS.out) usage('--scale needs --out FILE (the committed demo-catalog.json stays the demo)');
if (ARGS.out && ARGS.out === OUT) usage(`--out must not be ${OUT} (run without flags to rebuild it)`);

// ---------------------------------------------------------------- helpers
// The catalog's own stream of choices, apart from the art's.
const catalogRng = (seed) => rng(seed, 2246822519);
const pick = (R, arr) => arr[Math.floor(R() * arr.length)];
const int = (R, lo, hi) => lo + Math.floor(R() * (hi - lo + 1));
const T = (arr) => Object.fromEntries(LANGS.map((l, i) => [l, arr[i]]));
const same = (s) => Object.fromEntries(LANGS.map((l) => [l, s]));
const per = (f) => Object.fromEntries(LANGS.map((l) => [l, f(l)]));
const v = (x, l) => (x && typeof x === 'object' ? x[l] : x);
// Render a per-language template: tpl[l](c) where c has the ctx fields resolved for language l.
function render(tpl, ctx) {
  return per((l) => {
    const c = {};
    for (const [k, x] of Object.entries(ctx)) c[k] = v(x, l);
    return tpl[l](c);
  });
}
const Q = { en: (s) => `"${s}"`, ar: (s) => `«${s}»`, fr: (s) => `« ${s} »`, de: (s) => `„${s}“`, es: (s) => `«${s}»`, ro: (s) => `„${s}”` };
const LAB = {
  genre: { en: 'Genre', ar: 'النوع', fr: 'Genre', de: 'Genre', es: 'Género', ro: 'Gen' },
  topic: { en: 'Topic', ar: 'الموضوع', fr: 'Thème', de: 'Thema', es: 'Tema', ro: 'Temă' },
  category: { en: 'Category', ar: 'الفئة', fr: 'Catégorie', de: 'Kategorie', es: 'Categoría', ro: 'Categorie' },
};
const lab = (l, key, val) => `${LAB[key][l]}${l === 'fr' ? ' : ' : ': '}${val}`;
const EP = { en: (n) => `Episode ${n}`, ar: (n) => `الحلقة ${n}`, fr: (n) => `Épisode ${n}`, de: (n) => `Folge ${n}`, es: (n) => `Episodio ${n}`, ro: (n) => `Episodul ${n}` };
const CH = { en: (n) => `Chapter ${n}`, ar: (n) => `الفصل ${n}`, fr: (n) => `Chapitre ${n}`, de: (n) => `Kapitel ${n}`, es: (n) => `Capítulo ${n}`, ro: (n) => `Capitolul ${n}` };
const COLON = (l) => (l === 'fr' ? ' : ' : ': ');
function date(R, fromY = 2018, toY = 2026) {
  const y = int(R, fromY, toY), m = int(R, 1, y === 2026 ? 10 : 12), d = int(R, 1, 28);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
const RATINGS = [0, 0, 0, 10, 10, 20, 20, 30, 40];

// ---------------------------------------------------------------- categories
const categories = [];
const catById = new Map();
function cat(id, section, parentId, arr) {
  const c = { id, section, parentId, title: T(arr), artwork: `/media/art/catalog/cat-${id}.svg` };
  categories.push(c);
  catById.set(id, c);
}
const C = (section, rows) => rows.forEach(([id, parent, ...arr]) => cat(id, section, parent, arr));
C('music', [
  ['music-pop', null, 'Pop', 'بوب', 'Pop', 'Pop', 'Pop', 'Pop'],
  ['music-rock', null, 'Rock', 'روك', 'Rock', 'Rock', 'Rock', 'Rock'],
  ['music-electronic', null, 'Electronic', 'إلكترونية', 'Électronique', 'Elektronisch', 'Electrónica', 'Electronică'],
  ['music-synthwave', 'music-electronic', 'Synthwave', 'سينثويف', 'Synthwave', 'Synthwave', 'Synthwave', 'Synthwave'],
  ['music-techno', 'music-electronic', 'Techno', 'تكنو', 'Techno', 'Techno', 'Techno', 'Techno'],
  ['music-lofi', 'music-electronic', 'Lo-fi', 'لو-فاي', 'Lo-fi', 'Lo-Fi', 'Lo-fi', 'Lo-fi'],
  ['music-arabic', null, 'Arabic', 'عربية', 'Arabe', 'Arabisch', 'Árabe', 'Arabă'],
  ['music-oud', 'music-arabic', 'Oud', 'عود', 'Oud', 'Oud', 'Laúd árabe', 'Oud'],
  ['music-khaleeji', 'music-arabic', 'Khaleeji', 'خليجي', 'Khaliji', 'Khaleeji', 'Khaleeji', 'Khaleeji'],
  ['music-acoustic', null, 'Acoustic', 'أكوستيك', 'Acoustique', 'Akustik', 'Acústica', 'Acustică'],
  ['music-jazz', null, 'Jazz', 'جاز', 'Jazz', 'Jazz', 'Jazz', 'Jazz'],
  ['music-classical', null, 'Classical', 'كلاسيكية', 'Classique', 'Klassik', 'Clásica', 'Clasică'],
  ['music-hiphop', null, 'Hip-hop', 'هيب هوب', 'Hip-hop', 'Hip-Hop', 'Hip hop', 'Hip-hop'],
]);
C('video', [
  ['video-drama', null, 'Drama', 'دراما', 'Drame', 'Drama', 'Drama', 'Dramă'],
  ['video-thriller', null, 'Thriller', 'إثارة', 'Thriller', 'Thriller', 'Suspense', 'Thriller'],
  ['video-crime', 'video-thriller', 'Crime', 'جريمة', 'Policier', 'Krimi', 'Policíaco', 'Polițist'],
  ['video-documentary', null, 'Documentary', 'وثائقي', 'Documentaire', 'Dokumentarfilm', 'Documental', 'Documentar'],
  ['video-comedy', null, 'Comedy', 'كوميديا', 'Comédie', 'Komödie', 'Comedia', 'Comedie'],
  ['video-scifi', null, 'Science fiction', 'خيال علمي', 'Science-fiction', 'Science-Fiction', 'Ciencia ficción', 'Științifico-fantastic'],
  ['video-family', null, 'Family', 'عائلي', 'Famille', 'Familie', 'Familiar', 'Familie'],
  ['video-kids', 'video-family', 'Kids', 'أطفال', 'Enfants', 'Kinder', 'Niños', 'Copii'],
  ['video-music', null, 'Music videos', 'فيديوهات موسيقية', 'Clips musicaux', 'Musikvideos', 'Videos musicales', 'Videoclipuri'],
]);
C('games', [
  ['games-arcade', null, 'Arcade', 'أركيد', 'Arcade', 'Arcade', 'Arcade', 'Arcade'],
  ['games-runner', 'games-arcade', 'Runner', 'ألعاب الجري', 'Course infinie', 'Runner', 'Corredores', 'Alergare'],
  ['games-breakout', 'games-arcade', 'Brick breakers', 'تحطيم الطوب', 'Casse-briques', 'Breakout', 'Rompeladrillos', 'Spart cărămizi'],
  ['games-puzzle', null, 'Puzzle', 'ألغاز', 'Réflexion', 'Rätsel', 'Puzles', 'Puzzle'],
  ['games-memory', 'games-puzzle', 'Memory', 'ذاكرة', 'Mémoire', 'Gedächtnis', 'Memoria', 'Memorie'],
  ['games-word', 'games-puzzle', 'Word games', 'ألعاب كلمات', 'Jeux de mots', 'Wortspiele', 'Juegos de palabras', 'Jocuri de cuvinte'],
  ['games-racing', null, 'Racing', 'سباق', 'Course', 'Rennen', 'Carreras', 'Curse'],
  ['games-action', null, 'Action', 'أكشن', 'Action', 'Action', 'Acción', 'Acțiune'],
  ['games-adventure', null, 'Adventure', 'مغامرة', 'Aventure', 'Abenteuer', 'Aventura', 'Aventură'],
  ['games-strategy', null, 'Strategy', 'استراتيجية', 'Stratégie', 'Strategie', 'Estrategia', 'Strategie'],
  ['games-sports', null, 'Sports', 'رياضة', 'Sport', 'Sport', 'Deportes', 'Sport'],
]);
C('podcast', [
  ['podcast-technology', null, 'Technology', 'تكنولوجيا', 'Technologie', 'Technologie', 'Tecnología', 'Tehnologie'],
  ['podcast-history', null, 'History', 'تاريخ', 'Histoire', 'Geschichte', 'Historia', 'Istorie'],
  ['podcast-science', null, 'Science', 'علوم', 'Sciences', 'Wissenschaft', 'Ciencia', 'Știință'],
  ['podcast-space', 'podcast-science', 'Space', 'الفضاء', 'Espace', 'Weltraum', 'Espacio', 'Spațiu'],
  ['podcast-music', null, 'Music', 'موسيقى', 'Musique', 'Musik', 'Música', 'Muzică'],
  ['podcast-culture', null, 'Culture', 'ثقافة', 'Culture', 'Kultur', 'Cultura', 'Cultură'],
  ['podcast-business', null, 'Business', 'أعمال', 'Économie', 'Wirtschaft', 'Negocios', 'Afaceri'],
]);
C('audiobook', [
  ['audiobook-fiction', null, 'Fiction', 'روايات', 'Fiction', 'Belletristik', 'Ficción', 'Ficțiune'],
  ['audiobook-mystery', 'audiobook-fiction', 'Mystery', 'غموض', 'Mystère', 'Krimi', 'Misterio', 'Mister'],
  ['audiobook-fantasy', 'audiobook-fiction', 'Fantasy', 'فانتازيا', 'Fantasy', 'Fantasy', 'Fantasía', 'Fantasy'],
  ['audiobook-history', null, 'History', 'تاريخ', 'Histoire', 'Geschichte', 'Historia', 'Istorie'],
  ['audiobook-poetry', null, 'Poetry', 'شعر', 'Poésie', 'Lyrik', 'Poesía', 'Poezie'],
  ['audiobook-children', null, 'Children', 'أطفال', 'Enfants', 'Kinder', 'Infantil', 'Copii'],
]);
C('news', [
  ['news-world', null, 'World', 'العالم', 'Monde', 'Welt', 'Mundo', 'Lume'],
  ['news-local', 'news-world', 'Local', 'محلي', 'Local', 'Lokales', 'Local', 'Local'],
  ['news-tech', null, 'Technology', 'تكنولوجيا', 'Technologie', 'Technik', 'Tecnología', 'Tehnologie'],
  ['news-culture', null, 'Culture', 'ثقافة', 'Culture', 'Kultur', 'Cultura', 'Cultură'],
  ['news-sport', null, 'Sport', 'رياضة', 'Sport', 'Sport', 'Deportes', 'Sport'],
]);
C('articles', [
  ['articles-guides', null, 'Guides', 'أدلة', 'Guides', 'Ratgeber', 'Guías', 'Ghiduri'],
  ['articles-reviews', null, 'Reviews', 'مراجعات', 'Critiques', 'Rezensionen', 'Reseñas', 'Recenzii'],
  ['articles-interviews', null, 'Interviews', 'مقابلات', 'Entretiens', 'Interviews', 'Entrevistas', 'Interviuri'],
  ['articles-premium', null, 'Long reads', 'قراءات مطولة', 'Grands formats', 'Hintergrund', 'Lecturas largas', 'Lecturi lungi'],
]);
C('vouchers', [
  ['vouchers-gift-cards', null, 'Gift cards', 'بطاقات هدايا', 'Cartes cadeaux', 'Geschenkkarten', 'Tarjetas regalo', 'Carduri cadou'],
  ['vouchers-bundles', null, 'Bundles', 'حزم', 'Packs', 'Pakete', 'Paquetes', 'Pachete'],
]);
C('tournaments', [
  ['tournaments-weekly', null, 'Weekly', 'أسبوعية', 'Hebdomadaires', 'Wöchentlich', 'Semanales', 'Săptămânale'],
  ['tournaments-championships', null, 'Championships', 'بطولات', 'Championnats', 'Meisterschaften', 'Campeonatos', 'Campionate'],
]);
C('apps', [
  ['apps-productivity', null, 'Productivity', 'إنتاجية', 'Productivité', 'Produktivität', 'Productividad', 'Productivitate'],
  ['apps-lifestyle', null, 'Lifestyle', 'أسلوب حياة', 'Style de vie', 'Lifestyle', 'Estilo de vida', 'Stil de viață'],
  ['apps-education', null, 'Education', 'تعليم', 'Éducation', 'Bildung', 'Educación', 'Educație'],
  ['apps-utilities', null, 'Utilities', 'أدوات', 'Utilitaires', 'Werkzeuge', 'Utilidades', 'Utilitare'],
  ['apps-partners', null, 'Partners', 'الشركاء', 'Partenaires', 'Partner', 'Socios', 'Parteneri'],
  ['apps-info', null, 'Info services', 'خدمات المعلومات', "Services d'info", 'Infodienste', 'Servicios de información', 'Servicii de informare'],
]);
const gname = (id) => catById.get(id).title;
const SECTION_KIND = { music: 'music', video: 'video', games: 'games', podcast: 'podcast', audiobook: 'audiobook', news: 'text', articles: 'text', vouchers: 'voucher', tournaments: 'tournament', apps: 'apps' };

// ---------------------------------------------------------------- artwork
const svgFiles = new Map(); // file name -> content
function svg(name, id, kind, w, h, variant) {
  svgFiles.set(name, svgArt(id, kind, w, h, variant));
  return `/media/art/catalog/${name}`;
}
// specs: cover, banner, portrait, shots
function artworks(id, kind, specs, homeCover) {
  const out = [];
  if (specs.includes('cover')) {
    out.push(homeCover
      ? { artworkClass: 'COVER', url: homeCover, orientation: 'Square', width: 480, height: 480, group: 'cover' }
      : { artworkClass: 'COVER', url: svg(`${id}.svg`, id, kind, 512, 512, 0), orientation: 'Square', width: 512, height: 512, group: 'cover' });
  }
  if (specs.includes('portrait')) out.push({ artworkClass: 'COVER', url: svg(`${id}-portrait.svg`, id, kind, 600, 900, 1), orientation: 'Portrait', width: 600, height: 900, group: 'poster' });
  if (specs.includes('banner')) out.push({ artworkClass: 'BANNER', url: svg(`${id}-banner.svg`, id, kind, 1280, 720, 2), orientation: 'Landscape', width: 1280, height: 720, group: 'banner' });
  if (specs.includes('shots')) {
    for (let k = 1; k <= 3; k++) out.push({ artworkClass: 'SCREENSHOT', url: svg(`${id}-shot-${k}.svg`, id, kind, 1280, 720, 2 + k), orientation: 'Landscape', width: 1280, height: 720, group: 'screenshots' });
    out.push({ artworkClass: 'SCREENSHOT', url: svg(`${id}-shot-p.svg`, id, kind, 720, 1280, 9), orientation: 'Portrait', width: 720, height: 1280, group: 'screenshots' });
  }
  return out;
}

// ---------------------------------------------------------------- home cards (ids the three home pages link to)
const home = new Map();
for (const tenant of ['aurora', 'noor', 'vela']) {
  const tree = JSON.parse(fs.readFileSync(path.join(ROOT, 'data/structures', tenant, 'home.json'), 'utf8'));
  const walk = (n) => {
    const u = n.data && n.data.clickUrl;
    const m = typeof u === 'string' && u.match(/\/(\d+)$/);
    if (m) {
      const id = Number(m[1]);
      const cp = n.data.customProperties || {};
      const prev = home.get(id);
      if (!prev || cp.type === 'card') home.set(id, { tenant, title: n.data.title, image: cp.type === 'card' ? n.data.imageUrl : prev?.image, cp, url: u });
    }
    (n.substructure || []).forEach(walk);
  };
  walk(tree);
}
const TENANT_LANG = { aurora: 'en', noor: 'ar', vela: 'de' };
function homeItem(id) {
  const h = home.get(id);
  if (!h) throw new Error(`home id ${id} missing from data/structures/*/home.json`);
  return { title: typeof h.title === 'object' ? h.title : same(h.title), cover: h.image, rating: h.cp.rating || 0, language: TENANT_LANG[h.tenant], preLive: !!h.cp.preLive };
}

// ---------------------------------------------------------------- articles
const articles = [];
const byId = new Map();
function add(a) {
  if (byId.has(a.id)) throw new Error(`duplicate id ${a.id}`);
  const clean = {};
  for (const [k, x] of Object.entries(a)) if (x !== undefined) clean[k] = x;
  articles.push(clean);
  byId.set(a.id, clean);
  return clean;
}
// Prices are written in euro here; before writing, every price gets its twin in each other demo currency
// (withTenantCurrencies below), and the import keeps the tenant's (docs/contracts.md "Catalog").
const EUR = (amount, businessModel) => ({ amount, currency: 'EUR', businessModel });
// Free says free only: no SUBSCRIPTION price beside it (data/catalog/check-catalog.mjs).
const FREE = () => EUR(0, 'DOWNLOAD_TO_OWN_FREEMIUM');

// -------- description templates
const D = {
  artist: {
    en: (c) => `${c.name} is an artist from ${c.city}. Listen to the albums, top tracks and music videos. ${lab('en', 'genre', c.g)}.`,
    ar: (c) => `${c.name} فنان من ${c.city}. استمع إلى الألبومات وأشهر المقطوعات والفيديوهات الموسيقية. ${lab('ar', 'genre', c.g)}.`,
    fr: (c) => `${c.name} est un artiste originaire de ${c.city}. Écoutez ses albums, ses meilleurs titres et ses clips. ${lab('fr', 'genre', c.g)}.`,
    de: (c) => `${c.name} kommt aus ${c.city}. Hören Sie Alben, Top-Titel und Musikvideos. ${lab('de', 'genre', c.g)}.`,
    es: (c) => `${c.name} es un artista de ${c.city}. Escucha sus álbumes, sus mejores temas y sus videoclips. ${lab('es', 'genre', c.g)}.`,
    ro: (c) => `${c.name} este un artist din ${c.city}. Ascultă albumele, piesele de top și videoclipurile. ${lab('ro', 'genre', c.g)}.`,
  },
  album: {
    en: (c) => `${c.a} presents ${Q.en(c.t)}, an album of ${c.n} tracks. ${c.mood} ${lab('en', 'genre', c.g)}.`,
    ar: (c) => `يقدم ${c.a} ألبوم ${Q.ar(c.t)} الذي يضم ${c.n} مقطوعات. ${c.mood} ${lab('ar', 'genre', c.g)}.`,
    fr: (c) => `${c.a} présente ${Q.fr(c.t)}, un album de ${c.n} titres. ${c.mood} ${lab('fr', 'genre', c.g)}.`,
    de: (c) => `${c.a} präsentiert ${Q.de(c.t)}, ein Album mit ${c.n} Titeln. ${c.mood} ${lab('de', 'genre', c.g)}.`,
    es: (c) => `${c.a} presenta ${Q.es(c.t)}, un álbum de ${c.n} temas. ${c.mood} ${lab('es', 'genre', c.g)}.`,
    ro: (c) => `${c.a} prezintă ${Q.ro(c.t)}, un album cu ${c.n} piese. ${c.mood} ${lab('ro', 'genre', c.g)}.`,
  },
  track: {
    en: (c) => `${Q.en(c.t)} by ${c.a}, from the album ${Q.en(c.al)}. ${c.mood} ${lab('en', 'genre', c.g)}.`,
    ar: (c) => `${Q.ar(c.t)} من أداء ${c.a}، من ألبوم ${Q.ar(c.al)}. ${c.mood} ${lab('ar', 'genre', c.g)}.`,
    fr: (c) => `${Q.fr(c.t)} par ${c.a}, extrait de l'album ${Q.fr(c.al)}. ${c.mood} ${lab('fr', 'genre', c.g)}.`,
    de: (c) => `${Q.de(c.t)} von ${c.a}, aus dem Album ${Q.de(c.al)}. ${c.mood} ${lab('de', 'genre', c.g)}.`,
    es: (c) => `${Q.es(c.t)} de ${c.a}, del álbum ${Q.es(c.al)}. ${c.mood} ${lab('es', 'genre', c.g)}.`,
    ro: (c) => `${Q.ro(c.t)} de ${c.a}, de pe albumul ${Q.ro(c.al)}. ${c.mood} ${lab('ro', 'genre', c.g)}.`,
  },
  playlist: {
    en: (c) => `${Q.en(c.t)}: ${c.n} hand-picked tracks, updated every week. ${c.mood}`,
    ar: (c) => `${Q.ar(c.t)}: ${c.n} مقطوعة مختارة بعناية، تُحدَّث كل أسبوع. ${c.mood}`,
    fr: (c) => `${Q.fr(c.t)} : ${c.n} titres choisis avec soin, mis à jour chaque semaine. ${c.mood}`,
    de: (c) => `${Q.de(c.t)}: ${c.n} handverlesene Titel, jede Woche aktualisiert. ${c.mood}`,
    es: (c) => `${Q.es(c.t)}: ${c.n} temas seleccionados a mano, actualizados cada semana. ${c.mood}`,
    ro: (c) => `${Q.ro(c.t)}: ${c.n} piese alese cu grijă, actualizate în fiecare săptămână. ${c.mood}`,
  },
  musicVideo: {
    en: (c) => `The official music video for ${Q.en(c.tr)} by ${c.a}.`,
    ar: (c) => `الفيديو الموسيقي الرسمي لأغنية ${Q.ar(c.tr)} من أداء ${c.a}.`,
    fr: (c) => `Le clip officiel de ${Q.fr(c.tr)} par ${c.a}.`,
    de: (c) => `Das offizielle Musikvideo zu ${Q.de(c.tr)} von ${c.a}.`,
    es: (c) => `El videoclip oficial de ${Q.es(c.tr)} de ${c.a}.`,
    ro: (c) => `Videoclipul oficial pentru ${Q.ro(c.tr)} de ${c.a}.`,
  },
  movie: {
    en: (c) => `${c.plot} ${lab('en', 'genre', c.g)} · ${c.y} · ${c.min} min.`,
    ar: (c) => `${c.plot} ${lab('ar', 'genre', c.g)} · ${c.y} · ${c.min} دقيقة.`,
    fr: (c) => `${c.plot} ${lab('fr', 'genre', c.g)} · ${c.y} · ${c.min} min.`,
    de: (c) => `${c.plot} ${lab('de', 'genre', c.g)} · ${c.y} · ${c.min} Min.`,
    es: (c) => `${c.plot} ${lab('es', 'genre', c.g)} · ${c.y} · ${c.min} min.`,
    ro: (c) => `${c.plot} ${lab('ro', 'genre', c.g)} · ${c.y} · ${c.min} min.`,
  },
  series: {
    en: (c) => `${c.plot} Season ${c.s}, ${c.n} episodes. ${lab('en', 'genre', c.g)}.`,
    ar: (c) => `${c.plot} الموسم ${c.s}، ${c.n} حلقات. ${lab('ar', 'genre', c.g)}.`,
    fr: (c) => `${c.plot} Saison ${c.s}, ${c.n} épisodes. ${lab('fr', 'genre', c.g)}.`,
    de: (c) => `${c.plot} Staffel ${c.s}, ${c.n} Folgen. ${lab('de', 'genre', c.g)}.`,
    es: (c) => `${c.plot} Temporada ${c.s}, ${c.n} episodios. ${lab('es', 'genre', c.g)}.`,
    ro: (c) => `${c.plot} Sezonul ${c.s}, ${c.n} episoade. ${lab('ro', 'genre', c.g)}.`,
  },
  episode: {
    en: (c) => `Season ${c.s}, episode ${c.e} of ${Q.en(c.series)}: ${c.ep}.`,
    ar: (c) => `الموسم ${c.s}، الحلقة ${c.e} من ${Q.ar(c.series)}: ${c.ep}.`,
    fr: (c) => `Saison ${c.s}, épisode ${c.e} de ${Q.fr(c.series)} : ${c.ep}.`,
    de: (c) => `Staffel ${c.s}, Folge ${c.e} von ${Q.de(c.series)}: ${c.ep}.`,
    es: (c) => `Temporada ${c.s}, episodio ${c.e} de ${Q.es(c.series)}: ${c.ep}.`,
    ro: (c) => `Sezonul ${c.s}, episodul ${c.e} din ${Q.ro(c.series)}: ${c.ep}.`,
  },
  trailer: {
    en: (c) => `Watch the official trailer for ${Q.en(c.m)}.`,
    ar: (c) => `شاهد الإعلان الرسمي لفيلم ${Q.ar(c.m)}.`,
    fr: (c) => `Regardez la bande-annonce officielle de ${Q.fr(c.m)}.`,
    de: (c) => `Sehen Sie sich den offiziellen Trailer zu ${Q.de(c.m)} an.`,
    es: (c) => `Mira el tráiler oficial de ${Q.es(c.m)}.`,
    ro: (c) => `Urmărește trailerul oficial pentru ${Q.ro(c.m)}.`,
  },
  makingOf: {
    en: (c) => `Go behind the scenes of ${Q.en(c.m)} with the cast and crew.`,
    ar: (c) => `ادخل إلى كواليس ${Q.ar(c.m)} مع فريق العمل.`,
    fr: (c) => `Plongez dans les coulisses de ${Q.fr(c.m)} avec l'équipe du film.`,
    de: (c) => `Ein Blick hinter die Kulissen von ${Q.de(c.m)} mit Cast und Crew.`,
    es: (c) => `Descubre los entresijos de ${Q.es(c.m)} con el reparto y el equipo.`,
    ro: (c) => `Intră în culisele filmului ${Q.ro(c.m)} alături de echipă.`,
  },
  onlineGame: {
    en: (c) => `Play ${Q.en(c.t)} right in your browser, no download needed. ${c.gp}`,
    ar: (c) => `العب ${Q.ar(c.t)} مباشرة في متصفحك دون تنزيل. ${c.gp}`,
    fr: (c) => `Jouez à ${Q.fr(c.t)} directement dans votre navigateur, sans téléchargement. ${c.gp}`,
    de: (c) => `Spielen Sie ${Q.de(c.t)} direkt im Browser, ohne Download. ${c.gp}`,
    es: (c) => `Juega a ${Q.es(c.t)} directamente en tu navegador, sin descargas. ${c.gp}`,
    ro: (c) => `Joacă ${Q.ro(c.t)} direct în browser, fără descărcare. ${c.gp}`,
  },
  game: {
    en: (c) => `${Q.en(c.t)} by ${c.p}. ${c.gp} ${lab('en', 'genre', c.g)}.`,
    ar: (c) => `${Q.ar(c.t)} من ${c.p}. ${c.gp} ${lab('ar', 'genre', c.g)}.`,
    fr: (c) => `${Q.fr(c.t)} par ${c.p}. ${c.gp} ${lab('fr', 'genre', c.g)}.`,
    de: (c) => `${Q.de(c.t)} von ${c.p}. ${c.gp} ${lab('de', 'genre', c.g)}.`,
    es: (c) => `${Q.es(c.t)} de ${c.p}. ${c.gp} ${lab('es', 'genre', c.g)}.`,
    ro: (c) => `${Q.ro(c.t)} de ${c.p}. ${c.gp} ${lab('ro', 'genre', c.g)}.`,
  },
  publisher: {
    en: (c) => `${c.p} is a game studio with ${c.n} titles in this catalog.`,
    ar: (c) => `${c.p} استوديو ألعاب له ${c.n} ألعاب في هذا الكتالوج.`,
    fr: (c) => `${c.p} est un studio de jeux avec ${c.n} titres dans ce catalogue.`,
    de: (c) => `${c.p} ist ein Spielestudio mit ${c.n} Titeln in diesem Katalog.`,
    es: (c) => `${c.p} es un estudio de videojuegos con ${c.n} títulos en este catálogo.`,
    ro: (c) => `${c.p} este un studio de jocuri cu ${c.n} titluri în acest catalog.`,
  },
  podcastcollection: {
    en: (c) => `${Q.en(c.t)}, a podcast hosted by ${c.h}. New episodes every week. ${lab('en', 'topic', c.g)}.`,
    ar: (c) => `${Q.ar(c.t)} بودكاست يقدمه ${c.h}. حلقات جديدة كل أسبوع. ${lab('ar', 'topic', c.g)}.`,
    fr: (c) => `${Q.fr(c.t)}, un podcast animé par ${c.h}. De nouveaux épisodes chaque semaine. ${lab('fr', 'topic', c.g)}.`,
    de: (c) => `${Q.de(c.t)}, ein Podcast mit ${c.h}. Jede Woche neue Folgen. ${lab('de', 'topic', c.g)}.`,
    es: (c) => `${Q.es(c.t)}, un pódcast presentado por ${c.h}. Nuevos episodios cada semana. ${lab('es', 'topic', c.g)}.`,
    ro: (c) => `${Q.ro(c.t)}, un podcast prezentat de ${c.h}. Episoade noi în fiecare săptămână. ${lab('ro', 'topic', c.g)}.`,
  },
  podcast: {
    en: (c) => `Episode ${c.e} of ${Q.en(c.c)}: ${c.h} explores ${Q.en(c.ep)}.`,
    ar: (c) => `الحلقة ${c.e} من ${Q.ar(c.c)}: يستكشف ${c.h} موضوع ${Q.ar(c.ep)}.`,
    fr: (c) => `Épisode ${c.e} de ${Q.fr(c.c)} : ${c.h} explore ${Q.fr(c.ep)}.`,
    de: (c) => `Folge ${c.e} von ${Q.de(c.c)}: ${c.h} widmet sich dem Thema ${Q.de(c.ep)}.`,
    es: (c) => `Episodio ${c.e} de ${Q.es(c.c)}: ${c.h} explora ${Q.es(c.ep)}.`,
    ro: (c) => `Episodul ${c.e} din ${Q.ro(c.c)}: ${c.h} explorează ${Q.ro(c.ep)}.`,
  },
  audiobook: {
    en: (c) => `${Q.en(c.t)} by ${c.au}, read by ${c.nr}. ${c.n} chapters. ${lab('en', 'genre', c.g)}.`,
    ar: (c) => `${Q.ar(c.t)} تأليف ${c.au}، بصوت ${c.nr}. ${c.n} فصول. ${lab('ar', 'genre', c.g)}.`,
    fr: (c) => `${Q.fr(c.t)} de ${c.au}, lu par ${c.nr}. ${c.n} chapitres. ${lab('fr', 'genre', c.g)}.`,
    de: (c) => `${Q.de(c.t)} von ${c.au}, gelesen von ${c.nr}. ${c.n} Kapitel. ${lab('de', 'genre', c.g)}.`,
    es: (c) => `${Q.es(c.t)} de ${c.au}, narrado por ${c.nr}. ${c.n} capítulos. ${lab('es', 'genre', c.g)}.`,
    ro: (c) => `${Q.ro(c.t)} de ${c.au}, citită de ${c.nr}. ${c.n} capitole. ${lab('ro', 'genre', c.g)}.`,
  },
  chapter: {
    en: (c) => `Chapter ${c.e} of ${Q.en(c.b)} by ${c.au}: ${c.ch}.`,
    ar: (c) => `الفصل ${c.e} من ${Q.ar(c.b)} تأليف ${c.au}: ${c.ch}.`,
    fr: (c) => `Chapitre ${c.e} de ${Q.fr(c.b)} de ${c.au} : ${c.ch}.`,
    de: (c) => `Kapitel ${c.e} von ${Q.de(c.b)} von ${c.au}: ${c.ch}.`,
    es: (c) => `Capítulo ${c.e} de ${Q.es(c.b)} de ${c.au}: ${c.ch}.`,
    ro: (c) => `Capitolul ${c.e} din ${Q.ro(c.b)} de ${c.au}: ${c.ch}.`,
  },
  author: {
    en: (c) => `${c.name} writes novels, stories and poems. Audiobooks read by professional narrators.`,
    ar: (c) => `${c.name} يكتب الروايات والقصص والقصائد. كتب صوتية بأصوات رواة محترفين.`,
    fr: (c) => `${c.name} écrit des romans, des nouvelles et des poèmes. Livres audio lus par des comédiens professionnels.`,
    de: (c) => `${c.name} schreibt Romane, Erzählungen und Gedichte. Hörbücher, gelesen von professionellen Sprechern.`,
    es: (c) => `${c.name} escribe novelas, relatos y poemas. Audiolibros narrados por locutores profesionales.`,
    ro: (c) => `${c.name} scrie romane, povestiri și poezii. Cărți audio citite de actori profesioniști.`,
  },
  news: {
    en: (c) => `${c.city} — ${c.h}. Our reporters have the details and the reactions.`,
    ar: (c) => `${c.city} — ${c.h}. مراسلونا يوافونكم بالتفاصيل وردود الفعل.`,
    fr: (c) => `${c.city} — ${c.h}. Nos reporters vous donnent les détails et les réactions.`,
    de: (c) => `${c.city} — ${c.h}. Unsere Reporter haben die Details und die Reaktionen.`,
    es: (c) => `${c.city} — ${c.h}. Nuestros reporteros tienen los detalles y las reacciones.`,
    ro: (c) => `${c.city} — ${c.h}. Reporterii noștri au detaliile și reacțiile.`,
  },
  article: {
    en: (c) => `${c.pre}${c.t}: a ${c.min}-minute read from our editors.`,
    ar: (c) => `${c.pre}${c.t}: مقال من محررينا يُقرأ في ${c.min} دقائق.`,
    fr: (c) => `${c.pre}${c.t} : une lecture de ${c.min} minutes par notre rédaction.`,
    de: (c) => `${c.pre}${c.t}: ${c.min} Minuten Lesezeit von unserer Redaktion.`,
    es: (c) => `${c.pre}${c.t}: una lectura de ${c.min} minutos de nuestra redacción.`,
    ro: (c) => `${c.pre}${c.t}: un articol de ${c.min} minute de la redacția noastră.`,
  },
  voucher: {
    en: (c) => `${c.k}: a voucher worth what you pay for it. Redeem it in your account, valid for 12 months.`,
    ar: (c) => `${c.k}: قسيمة قيمتها ما تدفعه ثمنًا لها. استبدلها في حسابك، صالحة لمدة 12 شهرًا.`,
    fr: (c) => `${c.k} : un bon qui vaut ce que vous le payez. À utiliser dans votre compte, valable 12 mois.`,
    de: (c) => `${c.k}: ein Gutschein, der so viel wert ist, wie Sie dafür zahlen. In Ihrem Konto einlösbar, 12 Monate gültig.`,
    es: (c) => `${c.k}: un cupón que vale lo que pagas por él. Canjéalo en tu cuenta, válido durante 12 meses.`,
    ro: (c) => `${c.k}: un voucher care valorează cât plătești pe el. Îl poți folosi în contul tău, valabil 12 luni.`,
  },
  voucherbook: {
    en: (c) => `${c.t}: ${c.n} vouchers in one bundle at a lower price.`,
    ar: (c) => `${c.t}: ${c.n} قسائم في حزمة واحدة بسعر أقل.`,
    fr: (c) => `${c.t} : ${c.n} bons réunis à prix réduit.`,
    de: (c) => `${c.t}: ${c.n} Gutscheine im Paket zum günstigeren Preis.`,
    es: (c) => `${c.t}: ${c.n} cupones en un solo paquete a mejor precio.`,
    ro: (c) => `${c.t}: ${c.n} vouchere într-un singur pachet, la preț redus.`,
  },
  tournament: {
    en: (c) => `Compete in ${Q.en(c.g)} from ${c.s} to ${c.e}. The best players share ${c.p} tickets.`,
    ar: (c) => `نافس في ${Q.ar(c.g)} من ${c.s} إلى ${c.e}. يتقاسم أفضل اللاعبين ${c.p} تذكرة.`,
    fr: (c) => `Affrontez-vous sur ${Q.fr(c.g)} du ${c.s} au ${c.e}. Les meilleurs joueurs se partagent ${c.p} tickets.`,
    de: (c) => `Treten Sie vom ${c.s} bis ${c.e} in ${Q.de(c.g)} an. Die besten Spieler teilen sich ${c.p} Tickets.`,
    es: (c) => `Compite en ${Q.es(c.g)} del ${c.s} al ${c.e}. Los mejores jugadores se reparten ${c.p} tickets.`,
    ro: (c) => `Concurează în ${Q.ro(c.g)} între ${c.s} și ${c.e}. Cei mai buni jucători împart ${c.p} de tichete.`,
  },
  app: {
    en: (c) => `${Q.en(c.t)}: a handy app for every day. Free updates, no ads, works offline. ${lab('en', 'category', c.g)}.`,
    ar: (c) => `${Q.ar(c.t)}: تطبيق مفيد لكل يوم. تحديثات مجانية، بلا إعلانات، ويعمل دون اتصال. ${lab('ar', 'category', c.g)}.`,
    fr: (c) => `${Q.fr(c.t)} : une application pratique au quotidien. Mises à jour gratuites, sans publicité, fonctionne hors ligne. ${lab('fr', 'category', c.g)}.`,
    de: (c) => `${Q.de(c.t)}: eine praktische App für jeden Tag. Kostenlose Updates, keine Werbung, funktioniert offline. ${lab('de', 'category', c.g)}.`,
    es: (c) => `${Q.es(c.t)}: una aplicación práctica para el día a día. Actualizaciones gratuitas, sin anuncios, funciona sin conexión. ${lab('es', 'category', c.g)}.`,
    ro: (c) => `${Q.ro(c.t)}: o aplicație utilă pentru fiecare zi. Actualizări gratuite, fără reclame, funcționează offline. ${lab('ro', 'category', c.g)}.`,
  },
  partner: {
    en: (c) => `${c.p} is an official partner of the portal. Subscribe through ${c.p} and pay with your phone bill.`,
    ar: (c) => `${c.p} شريك رسمي للبوابة. اشترك عبر ${c.p} وادفع من خلال فاتورة هاتفك.`,
    fr: (c) => `${c.p} est un partenaire officiel du portail. Abonnez-vous via ${c.p} et payez avec votre facture mobile.`,
    de: (c) => `${c.p} ist offizieller Partner des Portals. Abonnieren Sie über ${c.p} und zahlen Sie mit Ihrer Handyrechnung.`,
    es: (c) => `${c.p} es socio oficial del portal. Suscríbete a través de ${c.p} y paga con tu factura del móvil.`,
    ro: (c) => `${c.p} este partener oficial al portalului. Abonează-te prin ${c.p} și plătește cu factura de telefon.`,
  },
  info: {
    en: (c) => `${c.t}: short daily updates by SMS and in the app.`,
    ar: (c) => `${c.t}: تحديثات يومية قصيرة عبر الرسائل القصيرة وفي التطبيق.`,
    fr: (c) => `${c.t} : de courtes mises à jour quotidiennes par SMS et dans l'application.`,
    de: (c) => `${c.t}: kurze tägliche Updates per SMS und in der App.`,
    es: (c) => `${c.t}: breves actualizaciones diarias por SMS y en la aplicación.`,
    ro: (c) => `${c.t}: actualizări zilnice scurte prin SMS și în aplicație.`,
  },
};
const PREMIUM_PRE = T(['Premium: in-depth analysis for subscribers. ', 'محتوى مميز: تحليل معمق للمشتركين. ', 'Premium : analyse approfondie réservée aux abonnés. ', 'Premium: Hintergrundanalyse für Abonnenten. ', 'Premium: análisis en profundidad para suscriptores. ', 'Premium: analiză aprofundată pentru abonați. ']);
const CITY_OF_ARTIST = W.CITIES;
const langOf = (R) => pick(R, LANGS);

// ================================================================ MUSIC
const artistIds = [];
const artistGenre = new Map();
const MUSIC_GENRES = ['music-pop', 'music-rock', 'music-synthwave', 'music-techno', 'music-lofi', 'music-oud', 'music-khaleeji', 'music-acoustic', 'music-jazz', 'music-classical', 'music-hiphop', 'music-electronic', 'music-arabic'];
W.ARTISTS.forEach((name, i) => {
  const id = 2001 + i, R = catalogRng(id), g = MUSIC_GENRES[i % MUSIC_GENRES.length];
  artistIds.push(id);
  artistGenre.set(id, g);
  add({
    id, contentType: 'artist', title: same(name), description: render(D.artist, { name, city: T(CITY_OF_ARTIST[i % CITY_OF_ARTIST.length]), g: gname(g) }),
    categoryIds: [g], rating: 0, releaseDate: date(R, 2015, 2024), licensorName: pick(R, W.LABELS.slice(0, 4)),
    prices: [], artworks: artworks(id, 'music', ['cover', 'banner']), customProperties: { language: langOf(R) },
  });
});
const artistName = (id) => byId.get(id).title.en;

// home albums and playlists
const HOME_ALBUMS = [
  [2102, 'music-synthwave', 2013], [2104, 'music-synthwave', 2015], [2202, 'music-arabic', 2014], [2204, 'music-khaleeji', 2019],
  [2301, 'music-electronic', 2005], [2303, 'music-acoustic', 2007],
];
const HOME_PLAYLISTS = [
  [2101, 'music-synthwave'], [2103, 'music-lofi'], [2105, 'music-lofi'], [2201, 'music-oud'], [2203, 'music-arabic'],
  [2205, 'music-classical'], [2302, 'music-techno'], [2304, 'music-techno'],
];
const albumPlan = HOME_ALBUMS.map(([id, g, artist]) => ({ id, g, artist, home: homeItem(id) }));
const usedArtists = new Set(HOME_ALBUMS.map((x) => x[2]));
const freeArtists = artistIds.filter((a) => !usedArtists.has(a));
W.ALBUMS.forEach((arr, i) => {
  const artist = freeArtists[i % freeArtists.length];
  albumPlan.push({ id: 2401 + i, g: artistGenre.get(artist), artist, title: T(arr) });
});
let trackId = 20001, trackNo = 0;
const tracksByGenre = new Map();
const allTracks = [];
for (const al of albumPlan) {
  const R = catalogRng(al.id);
  const title = al.home ? al.home.title : al.title;
  const rating = al.home ? al.home.rating : pick(R, RATINGS);
  const n = 5, a = artistName(al.artist), mood = T(pick(R, W.MOODS));
  const tids = [];
  const releaseDate = date(R, 2016, 2026);
  const licensorName = pick(R, W.LABELS.slice(0, 4));
  const cover = al.home ? al.home.cover : `/media/art/catalog/${al.id}.svg`;
  for (let k = 1; k <= n; k++, trackNo++) {
    const tid = trackId++, TR = catalogRng(tid);
    const t = per((l) => W.TRACKS[trackNo % W.TRACKS.length][LANGS.indexOf(l)] + W.TRACK_SUFFIXES[Math.floor(trackNo / W.TRACKS.length) % W.TRACK_SUFFIXES.length][LANGS.indexOf(l)]);
    const dur = int(TR, 60, 90);
    add({
      id: tid, contentType: 'full_track_music', title: t,
      description: render(D.track, { t, a, al: title, mood: T(pick(TR, W.MOODS)), g: gname(al.g) }),
      categoryIds: [al.g], rating, releaseDate, artistIds: [al.artist], parentId: al.id, episode: k,
      licensorName, durationSeconds: dur, fileSizeBytes: dur * 16000 + int(TR, 1000, 9000),
      prices: [EUR(99, 'PAY_PER_DOWNLOAD'), EUR(499, 'SUBSCRIPTION')],
      media: { type: 'audio', path: `audio/${tid}.mp3`, previewPath: `audio/${tid}-preview.mp3` },
      artworks: [{ artworkClass: 'COVER', url: cover, orientation: 'Square', width: al.home ? 480 : 512, height: al.home ? 480 : 512, group: 'cover' }],
      collectionInfo: { articleId: al.id },
    });
    tids.push(tid);
    allTracks.push(tid);
    if (!tracksByGenre.has(al.g)) tracksByGenre.set(al.g, []);
    tracksByGenre.get(al.g).push(tid);
  }
  add({
    id: al.id, contentType: 'album', title, description: render(D.album, { a, t: title, n, mood, g: gname(al.g) }),
    categoryIds: [al.g], rating, releaseDate, artistIds: [al.artist], licensorName,
    durationSeconds: tids.reduce((s, t) => s + byId.get(t).durationSeconds, 0),
    prices: [EUR(799, 'PAY_PER_DOWNLOAD'), EUR(499, 'SUBSCRIPTION')],
    artworks: artworks(al.id, 'music', ['cover', 'banner'], al.home && al.home.cover),
    firstEpisodeContentType: 'full_track_music',
    customProperties: { trackIds: tids, ...(al.home && al.home.preLive ? { preLive: true } : {}) },
  });
}
// playlists (members: tracks of the same genre family, then others)
const playlistPlan = HOME_PLAYLISTS.map(([id, g]) => ({ id, g, home: homeItem(id) }));
W.PLAYLISTS.forEach((arr, i) => playlistPlan.push({ id: 2501 + i, g: MUSIC_GENRES[(i * 3) % MUSIC_GENRES.length], title: T(arr) }));
for (const pl of playlistPlan) {
  const R = catalogRng(pl.id);
  const parent = catById.get(pl.g).parentId;
  let pool = [...(tracksByGenre.get(pl.g) || []), ...(parent ? tracksByGenre.get(parent) || [] : [])];
  for (const [g, ids] of tracksByGenre) if (catById.get(g).parentId === pl.g) pool.push(...ids);
  const rating = pl.home ? pl.home.rating : pick(R, [0, 0, 10, 20]);
  const allowed = (t) => byId.get(t).rating <= rating;
  const members = [...new Set(pool)].filter(allowed);
  const rest = allTracks.filter(allowed);
  while (members.length < 8) { const t = pick(R, rest); if (!members.includes(t)) members.push(t); }
  const memberIds = members.slice(0, 12);
  const title = pl.home ? pl.home.title : pl.title;
  add({
    id: pl.id, contentType: 'playlist', title,
    description: render(D.playlist, { t: title, n: memberIds.length, mood: T(pick(R, W.MOODS)) }),
    categoryIds: [pl.g], rating, releaseDate: date(R, 2024, 2026), memberIds, licensorName: 'Editorial',
    durationSeconds: memberIds.reduce((s, t) => s + byId.get(t).durationSeconds, 0),
    prices: [EUR(499, 'SUBSCRIPTION')],
    artworks: artworks(pl.id, 'music', ['cover', 'banner'], pl.home && pl.home.cover),
    firstEpisodeContentType: 'full_track_music',
  });
}

// ================================================================ VIDEO
// A pool of 12 source videos gets full HLS; every other video item shares one (by rating, never above its own).
const videoPool = []; // {key, id, rating, titleEn}
const videoItems = [];
const HOME_MOVIES = [
  [3102, 'video-drama', 0], [3103, 'video-thriller', 5], [3104, 'video-family', 4], [3202, 'video-documentary', 2], [3203, 'video-drama', 0],
  [3204, 'video-thriller', 3], [3302, 'video-drama', 1], [3303, 'video-documentary', 2], [3304, 'video-thriller', 5],
];
const HOME_SERIES = [[3101, 'video-scifi', 4, 1], [3105, 'video-scifi', 4, 2], [3201, 'video-drama', 2, 1], [3205, 'video-drama', 2, 2], [3301, 'video-crime', 3, 1]];
const movies = HOME_MOVIES.map(([id, g, plot]) => ({ id, g, plot, home: homeItem(id) }));
const MOVIE_GENRES = ['video-drama', 'video-thriller', 'video-comedy', 'video-scifi', 'video-family', 'video-documentary', 'video-crime', 'video-kids'];
W.MOVIES.forEach((arr, i) => movies.push({ id: 3401 + i, g: MOVIE_GENRES[i % MOVIE_GENRES.length], plot: i % W.PLOTS.length, title: T(arr) }));
for (const mv of movies) {
  const R = catalogRng(mv.id);
  const title = mv.home ? mv.home.title : mv.title;
  const rating = mv.home ? mv.home.rating : (mv.g === 'video-kids' || mv.g === 'video-family' ? 0 : pick(R, RATINGS));
  const min = int(R, 84, 132), y = mv.home ? 2026 : int(R, 2012, 2026);
  const a = add({
    id: mv.id, contentType: 'full_length_video', title,
    description: render(D.movie, { plot: T(W.PLOTS[mv.plot]), g: gname(mv.g), y, min }),
    categoryIds: [mv.g], rating, releaseDate: `${y}-${String(int(R, 1, 10)).padStart(2, '0')}-${String(int(R, 1, 28)).padStart(2, '0')}`,
    licensorName: pick(R, W.LABELS.slice(4)), durationSeconds: min * 60, fileSizeBytes: min * 60 * 250000,
    prices: [EUR(399, 'PAY_PER_DOWNLOAD'), EUR(799, 'SUBSCRIPTION')],
    artworks: artworks(mv.id, 'video', ['cover', 'portrait', 'banner'], mv.home && mv.home.cover),
    customProperties: { language: mv.home ? mv.home.language : langOf(R), ...(mv.home && mv.home.preLive ? { preLive: true } : {}) },
  });
  videoItems.push(a);
  if (mv.home) videoPool.push({ key: `v${mv.id}`, id: mv.id, rating, titleEn: title.en });
}
// series + episodes
const seriesPlan = HOME_SERIES.map(([id, g, plot, season]) => ({ id, g, plot, season, home: homeItem(id) }));
W.SERIES.forEach((arr, i) => seriesPlan.push({ id: 3501 + i, g: ['video-drama', 'video-comedy', 'video-scifi', 'video-thriller', 'video-kids'][i], plot: (i + 3) % W.PLOTS.length, season: 1, title: T(arr) }));
let epId = 30001;
for (const [si, se] of seriesPlan.entries()) {
  const R = catalogRng(se.id);
  const title = se.home ? se.home.title : se.title;
  const rating = se.home ? se.home.rating : (se.g === 'video-kids' ? 0 : pick(R, RATINGS));
  const n = 6, epIds = [];
  const cover = se.home ? se.home.cover : `/media/art/catalog/${se.id}.svg`;
  const lang = se.home ? se.home.language : langOf(R);
  const releaseDate = date(R, 2020, 2026);
  for (let e = 1; e <= n; e++) {
    const id = epId++, ER = catalogRng(id);
    const ep = T(W.EPISODES[(si * 5 + e) % W.EPISODES.length]);
    const min = int(ER, 38, 58);
    const a = add({
      id, contentType: 'video', title: per((l) => `${EP[l](e)}${COLON(l)}${ep[l]}`),
      description: render(D.episode, { s: se.season, e, series: title, ep: T(W.PLOTS[(si + e) % W.PLOTS.length]) }),
      categoryIds: [se.g], rating, releaseDate, parentId: se.id, episode: e, season: se.season,
      licensorName: pick(R, W.LABELS.slice(4)), durationSeconds: min * 60, fileSizeBytes: min * 60 * 250000,
      prices: [EUR(199, 'PAY_PER_DOWNLOAD'), EUR(799, 'SUBSCRIPTION')],
      artworks: [{ artworkClass: 'COVER', url: cover, orientation: 'Square', width: se.home ? 480 : 512, height: se.home ? 480 : 512, group: 'cover' },
        { artworkClass: 'BANNER', url: `/media/art/catalog/${se.id}-banner.svg`, orientation: 'Landscape', width: 1280, height: 720, group: 'banner' }],
      collectionInfo: { articleId: se.id }, customProperties: { language: lang },
    });
    videoItems.push(a);
    epIds.push(id);
    if (e === 1 && se.home && se.season === 1) videoPool.push({ key: `v${id}`, id, rating, titleEn: `${title.en} - ${EP.en(1)}` });
  }
  add({
    id: se.id, contentType: 'videocollection', title,
    description: render(D.series, { plot: T(W.PLOTS[se.plot]), s: se.season, n, g: gname(se.g) }),
    categoryIds: [se.g], rating, releaseDate, season: se.season, licensorName: pick(R, W.LABELS.slice(4)),
    prices: [EUR(799, 'SUBSCRIPTION')],
    artworks: artworks(se.id, 'video', ['cover', 'portrait', 'banner'], se.home && se.home.cover),
    firstEpisodeContentType: 'video',
    customProperties: { episodeIds: epIds, language: lang, ...(se.home && se.home.preLive ? { preLive: true } : {}) },
  });
}
// trailers and making-of clips of the first movies
let clipId = 3601;
for (const mv of movies.slice(0, 8)) {
  const m = byId.get(mv.id);
  for (const kind of ['trailer', 'makingOf']) {
    const id = clipId++, R = catalogRng(id);
    const title = kind === 'trailer'
      ? per((l) => `${m.title[l]} – ${T(['Official Trailer', 'الإعلان الرسمي', 'Bande-annonce officielle', 'Offizieller Trailer', 'Tráiler oficial', 'Trailer oficial'])[l]}`)
      : per((l) => ({ en: `Making of ${m.title.en}`, ar: `كواليس ${m.title.ar}`, fr: `Dans les coulisses : ${m.title.fr}`, de: `Hinter den Kulissen: ${m.title.de}`, es: `Así se hizo ${m.title.es}`, ro: `În culise: ${m.title.ro}` })[l]);
    const dur = kind === 'trailer' ? int(R, 90, 150) : int(R, 300, 720);
    const a = add({
      id, contentType: 'video', title, description: render(D[kind], { m: m.title }),
      categoryIds: m.categoryIds, rating: m.rating, releaseDate: m.releaseDate, licensorName: m.licensorName,
      durationSeconds: dur, fileSizeBytes: dur * 250000, prices: [FREE()],
      artworks: artworks(id, 'video', ['cover', 'banner']),
      customProperties: { relatedArticleId: m.id, clipKind: kind === 'trailer' ? 'trailer' : 'making-of' },
    });
    videoItems.push(a);
  }
}
// music videos for the first track of 16 albums
let mvId = 2601;
for (const al of albumPlan.slice(0, 16)) {
  const album = byId.get(al.id), tr = byId.get(album.customProperties.trackIds[0]), id = mvId++, R = catalogRng(id);
  const suffix = T(['(Official Video)', '(الفيديو الرسمي)', '(Clip officiel)', '(Offizielles Video)', '(Video oficial)', '(Videoclip oficial)']);
  const dur = tr.durationSeconds;
  const a = add({
    id, contentType: 'music_video', title: per((l) => `${tr.title[l]} ${suffix[l]}`),
    description: render(D.musicVideo, { tr: tr.title, a: artistName(al.artist) }),
    categoryIds: ['video-music', al.g], rating: album.rating, releaseDate: album.releaseDate, artistIds: [al.artist],
    licensorName: album.licensorName, durationSeconds: dur, fileSizeBytes: dur * 250000,
    prices: [FREE()], artworks: artworks(id, 'music', ['cover', 'banner']),
    customProperties: { trackId: tr.id },
  });
  videoItems.push(a);
}
// assign media: pool members get their own HLS; every other video gets a directory of its own too, hls/v<id>/, made by
// scripts/generate-media of hard links to a pool video whose rating is not above its own (`mediaLinks`). A signed grant
// covers one article's directory, so no two articles may share one: a free music video's grant would open a paid film.
const poolKeys = new Set(videoPool.map((p) => p.id));
const mediaLinks = []; // {path, source}: directories of hard links (docs/catalog-data.md)
for (const a of videoItems) {
  let source;
  if (poolKeys.has(a.id)) source = `v${a.id}`;
  else {
    const ok = videoPool.filter((p) => p.rating <= a.rating);
    source = ok[a.id % ok.length].key;
  }
  const key = `v${a.id}`;
  a.media = { type: 'hls', path: `hls/${key}/master.m3u8`, previewPath: `hls/${key}/preview.mp4` };
  if (key !== source) mediaLinks.push({ path: `hls/${key}/`, source: `hls/${source}/` });
}

// ================================================================ GAMES
const publisherIds = W.PUBLISHERS.map((_, i) => 4001 + i);
const HOME_GAMES = [
  [4101, 'lane-racer', 'games-racing'], [4102, 'brick-breaker', 'games-breakout'], [4103, 'snake', 'games-runner'], [4104, 'memory-match', 'games-word'],
  [4201, 'snake', 'games-runner'], [4202, 'memory-match', 'games-puzzle'], [4203, 'lane-racer', 'games-racing'], [4204, 'memory-match', 'games-memory'],
  [4301, 'snake', 'games-runner'], [4302, 'brick-breaker', 'games-breakout'], [4303, 'memory-match', 'games-memory'], [4304, 'snake', 'games-runner'],
];
const onlineGames = HOME_GAMES.map(([id, engine, g]) => ({ id, engine, g, home: homeItem(id) }));
const EXTRA_ENGINES = ['brick-breaker', 'memory-match', 'snake', 'brick-breaker', 'memory-match', 'snake', 'brick-breaker', 'memory-match'];
const EXTRA_G = { 'brick-breaker': 'games-breakout', 'memory-match': 'games-memory', snake: 'games-runner' };
W.ONLINE_GAMES.forEach((arr, i) => onlineGames.push({ id: 4401 + i, engine: EXTRA_ENGINES[i], g: EXTRA_G[EXTRA_ENGINES[i]], title: T(arr) }));
const gamesByPublisher = new Map(publisherIds.map((p) => [p, []]));
const gameArticles = [];
// A game directory stays public while a free game uses it (docs/decisions.md "Paid games in their own directory"), so
// every paid game (online or downloadable) plays from a directory of its own, games/<engine>-<id>/, which
// scripts/generate-media makes from the engine with a per-game config.js (title, accent colour, first level).
// Free games share their engine's directory. Colour and level come from their own seeded stream, so nothing else moves.
const GAME_ACCENTS = ['#f43f5e', '#f97316', '#eab308', '#22c55e', '#06b6d4', '#3b82f6', '#8b5cf6', '#ec4899'];
const gameMedia = (id, engine, free) => ({ type: 'game', path: free ? `games/${engine}/index.html` : `games/${engine}-${id}/index.html` });
function gameConfig(id) {
  const R = rng(id, 3266489917);
  return { accent: pick(R, GAME_ACCENTS), level: int(R, 1, 3) };
}
const trailerFor = (rating, id) => { const ok = videoPool.filter((p) => p.rating <= rating); return ok[id % ok.length].key; };
function gameArtworks(id, rating, homeCover) {
  const arts = artworks(id, 'games', ['cover', 'portrait', 'banner', 'shots'], homeCover);
  const key = trailerFor(rating, id);
  arts.push({ artworkClass: 'VIDEO_TRAILER', url: `/media/generated/hls/${key}/master.m3u8`, orientation: 'Landscape', width: 1280, height: 720, group: 'trailer' });
  arts.push({ artworkClass: 'VIDEO_GAMEPLAY', url: `/media/generated/hls/${key}/preview.mp4`, orientation: 'Landscape', width: 640, height: 360, group: 'gameplay' });
  return arts;
}
for (const [i, og] of onlineGames.entries()) {
  const R = catalogRng(og.id);
  const title = og.home ? og.home.title : og.title;
  const rating = og.home ? og.home.rating : pick(R, [0, 0, 10, 20]);
  const pub = publisherIds[i % publisherIds.length];
  const free = og.home ? true : i % 3 !== 0;
  const a = add({
    id: og.id, contentType: 'online_game', title, description: render(D.onlineGame, { t: title, gp: T(W.GAMEPLAY[og.engine]) }),
    // Every online game is an arcade game (the home pages say so): Arcade lists them all beside their own category.
    categoryIds: [og.g, 'games-arcade'], rating, releaseDate: date(R, 2022, 2026), licensorName: W.PUBLISHERS[pub - 4001], developerName: W.PUBLISHERS[pub - 4001],
    fileSizeBytes: int(R, 180000, 420000),
    prices: free ? [EUR(0, 'DOWNLOAD_TO_OWN_FREEMIUM')] : [EUR(199, 'PAY_PER_DOWNLOAD'), EUR(499, 'SUBSCRIPTION')],
    media: gameMedia(og.id, og.engine, free),
    artworks: gameArtworks(og.id, rating, og.home && og.home.cover),
    customProperties: { useGameFrame: !(i >= 12 && i % 4 === 3), gameEngine: og.engine, ...(free ? {} : { gameConfig: gameConfig(og.id) }), orientation: 'Landscape', controls: ['keyboard', 'touch'], ...(og.home && og.home.preLive ? { preLive: true } : {}) },
  });
  gamesByPublisher.get(pub).push(og.id);
  gameArticles.push(a);
}
const GAME_G = ['games-strategy', 'games-adventure', 'games-strategy', 'games-racing', 'games-puzzle', 'games-strategy', 'games-sports', 'games-puzzle', 'games-action', 'games-adventure', 'games-strategy', 'games-adventure', 'games-action', 'games-strategy', 'games-action', 'games-puzzle', 'games-racing', 'games-word', 'games-strategy', 'games-adventure'];
// The engine a downloadable game's playable version runs on, by its category.
const GAME_ENGINE = { 'games-strategy': 'memory-match', 'games-adventure': 'snake', 'games-racing': 'lane-racer', 'games-puzzle': 'memory-match', 'games-sports': 'brick-breaker', 'games-action': 'brick-breaker', 'games-word': 'memory-match' };
const GAME_PLOT = { 'games-strategy': 0, 'games-adventure': 2, 'games-racing': 1, 'games-puzzle': 2, 'games-sports': 3, 'games-action': 3, 'games-word': 2 };
W.GAMES.forEach((arr, i) => {
  const id = 4501 + i, R = catalogRng(id), g = GAME_G[i], pub = publisherIds[(i * 3) % publisherIds.length], title = T(arr);
  const rating = g === 'games-word' || g === 'games-puzzle' ? 0 : pick(R, RATINGS);
  const a = add({
    id, contentType: 'game', title, description: render(D.game, { t: title, p: W.PUBLISHERS[pub - 4001], gp: T(W.GAME_PLOTS[GAME_PLOT[g]]), g: gname(g) }),
    categoryIds: [g], rating, releaseDate: date(R, 2019, 2026), licensorName: W.PUBLISHERS[pub - 4001], developerName: W.PUBLISHERS[pub - 4001],
    fileSizeBytes: int(R, 40, 900) * 1048576 + int(R, 0, 1048575),
    prices: [EUR(pick(R, [299, 499, 799, 999, 1499, 1999]), 'PAY_PER_DOWNLOAD')],
    media: gameMedia(id, GAME_ENGINE[g], false),
    artworks: gameArtworks(id, rating),
    customProperties: { platforms: pick(R, [['Android'], ['Android', 'iOS'], ['Windows'], ['Android', 'iOS', 'Windows']]), version: `${int(R, 1, 4)}.${int(R, 0, 9)}.${int(R, 0, 20)}`, gameEngine: GAME_ENGINE[g], gameConfig: gameConfig(id) },
  });
  gamesByPublisher.get(pub).push(id);
  gameArticles.push(a);
});
W.PUBLISHERS.forEach((p, i) => {
  const id = 4001 + i, R = catalogRng(id), n = gamesByPublisher.get(id).length;
  add({
    id, contentType: 'publisher', title: same(p), description: render(D.publisher, { p, n }),
    categoryIds: [...new Set(gamesByPublisher.get(id).map((g) => byId.get(g).categoryIds[0]))].slice(0, 3),
    rating: 0, releaseDate: date(R, 2010, 2020), licensorName: p, developerName: p, prices: [],
    artworks: artworks(id, 'games', ['cover', 'banner']), customProperties: { gameIds: gamesByPublisher.get(id), website: `https://${p.toLowerCase().replace(/[^a-z]+/g, '')}.example` },
  });
});

// ================================================================ PODCASTS
const HOME_PODCASTS = [[5101, 'podcast-music'], [5102, 'podcast-music'], [5103, 'podcast-history'], [5201, 'podcast-space'], [5301, 'podcast-technology'], [5302, 'podcast-history'], [5303, 'podcast-technology']];
const podcasts = HOME_PODCASTS.map(([id, g]) => ({ id, g, home: homeItem(id) }));
['podcast-business', 'podcast-science', 'podcast-culture', 'podcast-culture', 'podcast-science'].forEach((g, i) => podcasts.push({ id: 5401 + i, g, title: T(W.PODCASTS[i]) }));
let podEp = 50001;
for (const [pi, pc] of podcasts.entries()) {
  const R = catalogRng(pc.id), title = pc.home ? pc.home.title : pc.title, rating = pc.home ? pc.home.rating : pick(R, [0, 0, 10, 20]);
  const lang = pc.home ? pc.home.language : LANGS[pi % LANGS.length];
  const host = W.HOSTS[pi % W.HOSTS.length], n = 5, eps = [];
  const cover = pc.home ? pc.home.cover : `/media/art/catalog/${pc.id}.svg`;
  for (let e = 1; e <= n; e++) {
    const id = podEp++, ER = catalogRng(id), topic = T(W.PODCAST_TOPICS[(pi * 3 + e) % W.PODCAST_TOPICS.length]);
    const dur = int(ER, 45, 75);
    add({
      id, contentType: 'podcast', title: per((l) => `${EP[l](e)}${COLON(l)}${topic[l]}`),
      description: render(D.podcast, { e, c: title, h: host, ep: topic }),
      categoryIds: [pc.g], rating, releaseDate: `2026-${String(Math.min(10, e + 4)).padStart(2, '0')}-${String(int(ER, 1, 28)).padStart(2, '0')}`,
      parentId: pc.id, episode: e, licensorName: 'Open Sky Audio', durationSeconds: dur, fileSizeBytes: dur * 16000,
      prices: [FREE()],
      media: { type: 'audio', path: `audio/${id}.mp3`, previewPath: `audio/${id}-preview.mp3` },
      artworks: [{ artworkClass: 'COVER', url: cover, orientation: 'Square', width: pc.home ? 480 : 512, height: pc.home ? 480 : 512, group: 'cover' }],
      collectionInfo: { articleId: pc.id }, customProperties: { language: lang, host },
    });
    eps.push(id);
  }
  add({
    id: pc.id, contentType: 'podcastcollection', title, description: render(D.podcastcollection, { t: title, h: host, g: gname(pc.g) }),
    categoryIds: [pc.g], rating, releaseDate: date(R, 2021, 2025), licensorName: 'Open Sky Audio', prices: [FREE()],
    artworks: artworks(pc.id, 'podcast', ['cover', 'banner'], pc.home && pc.home.cover), firstEpisodeContentType: 'podcast',
    customProperties: { episodeIds: eps, language: lang, host },
  });
}

// ================================================================ AUDIOBOOKS
const authorIds = W.AUTHORS.map((name, i) => {
  const id = 6001 + i, R = catalogRng(id);
  add({
    id, contentType: 'artist', title: same(name), description: render(D.author, { name }), categoryIds: ['audiobook-fiction'], rating: 0,
    releaseDate: date(R, 2010, 2020), prices: [], artworks: artworks(id, 'audiobook', ['cover']), customProperties: { role: 'author' },
  });
  return id;
});
const HOME_BOOKS = [[6101, 'audiobook-fantasy'], [6201, 'audiobook-fantasy'], [6202, 'audiobook-poetry'], [6203, 'audiobook-history'], [6301, 'audiobook-mystery']];
const books = HOME_BOOKS.map(([id, g]) => ({ id, g, home: homeItem(id) }));
['audiobook-mystery', 'audiobook-fiction', 'audiobook-children', 'audiobook-history', 'audiobook-fantasy', 'audiobook-children', 'audiobook-fiction'].forEach((g, i) => books.push({ id: 6401 + i, g, title: T(W.AUDIOBOOKS[i]) }));
let chId = 60001;
for (const [bi, bk] of books.entries()) {
  const R = catalogRng(bk.id), title = bk.home ? bk.home.title : bk.title;
  const rating = bk.home ? bk.home.rating : (bk.g === 'audiobook-children' ? 0 : pick(R, [0, 10, 20, 30]));
  const lang = bk.home ? bk.home.language : LANGS[(bi + 2) % LANGS.length];
  const author = authorIds[bi % authorIds.length], au = byId.get(author).title.en, nr = W.NARRATORS[bi % W.NARRATORS.length];
  const n = 4, chs = [], releaseDate = date(R, 2019, 2026);
  const cover = bk.home ? bk.home.cover : `/media/art/catalog/${bk.id}.svg`;
  const price = pick(R, [599, 899, 1299]);
  for (let c = 1; c <= n; c++) {
    const id = chId++, CR = catalogRng(id), ch = T(W.EPISODES[(bi * 4 + c) % W.EPISODES.length]);
    const dur = int(CR, 60, 90);
    add({
      id, contentType: 'audio_book_chapter', title: per((l) => `${CH[l](c)}${COLON(l)}${ch[l]}`),
      description: render(D.chapter, { e: c, b: title, au, ch }),
      categoryIds: [bk.g], rating, releaseDate, artistIds: [author], parentId: bk.id, episode: c, licensorName: 'Crescent Sound',
      durationSeconds: dur, fileSizeBytes: dur * 16000, prices: [EUR(149, 'PAY_PER_DOWNLOAD'), EUR(699, 'SUBSCRIPTION')],
      media: { type: 'audio', path: `audio/${id}.mp3`, previewPath: `audio/${id}-preview.mp3` },
      artworks: [{ artworkClass: 'COVER', url: cover, orientation: 'Square', width: bk.home ? 480 : 512, height: bk.home ? 480 : 512, group: 'cover' }],
      collectionInfo: { articleId: bk.id }, customProperties: { language: lang, narrator: nr },
    });
    chs.push(id);
  }
  add({
    id: bk.id, contentType: 'audiobook', title, description: render(D.audiobook, { t: title, au, nr, n, g: gname(bk.g) }),
    categoryIds: [bk.g], rating, releaseDate, artistIds: [author], licensorName: 'Crescent Sound',
    durationSeconds: chs.reduce((s, c) => s + byId.get(c).durationSeconds, 0),
    prices: [EUR(price, 'PAY_PER_DOWNLOAD'), EUR(699, 'SUBSCRIPTION')],
    artworks: artworks(bk.id, 'audiobook', ['cover', 'portrait', 'banner'], bk.home && bk.home.cover), firstEpisodeContentType: 'audio_book_chapter',
    customProperties: { chapterIds: chs, language: lang, narrator: nr },
  });
}

// ================================================================ NEWS, ARTICLES, PREMIUM
const NEWS_G = ['news-culture', 'news-sport', 'news-local', 'news-tech', 'news-culture', 'news-tech', 'news-culture', 'news-local', 'news-culture', 'news-local', 'news-culture', 'news-local'];
for (let i = 0; i < 20; i++) {
  const id = 7001 + i, R = catalogRng(id), h = T(W.HEADLINES[i % W.HEADLINES.length]), city = T(W.CITIES[(i * 3) % W.CITIES.length]);
  add({
    id, contentType: 'news', title: per((l) => `${city[l]}${COLON(l)}${h[l]}`), description: render(D.news, { city, h }),
    categoryIds: [NEWS_G[i % NEWS_G.length], 'news-world'], rating: 0, releaseDate: `2026-${String(9 + (i % 2)).padStart(2, '0')}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
    licensorName: 'Portal Newsroom', prices: [FREE()],
    media: { type: 'document', path: `docs/${id}.html` }, artworks: artworks(id, 'text', ['cover', 'banner']),
    customProperties: { readingMinutes: int(R, 2, 5) },
  });
}
W.ARTICLES.forEach((arr, i) => {
  const id = 7101 + i, R = catalogRng(id), t = T(arr), min = int(R, 4, 9);
  add({
    id, contentType: 'article', title: t, description: render(D.article, { pre: '', t, min }),
    categoryIds: [i === 7 ? 'articles-interviews' : i % 3 === 1 ? 'articles-reviews' : 'articles-guides'], rating: i === 6 ? 0 : pick(R, [0, 0, 10]),
    releaseDate: date(R, 2025, 2026), licensorName: 'Portal Magazine', prices: [FREE()],
    media: { type: 'document', path: `docs/${id}.html` }, artworks: artworks(id, 'text', ['cover', 'banner']),
    customProperties: { readingMinutes: min },
  });
});
W.PREMIUM.forEach((arr, i) => {
  const id = 7201 + i, R = catalogRng(id), t = T(arr), min = int(R, 12, 25);
  add({
    id, contentType: 'premium_article', title: t, description: render(D.article, { pre: PREMIUM_PRE, t, min }),
    categoryIds: ['articles-premium'], rating: pick(R, [0, 10, 20]), releaseDate: date(R, 2025, 2026), licensorName: 'Portal Magazine',
    prices: [EUR(299, 'SUBSCRIPTION'), EUR(99, 'PAY_PER_DOWNLOAD')],
    media: { type: 'document', path: `docs/${id}.html` }, artworks: artworks(id, 'text', ['cover', 'banner']),
    customProperties: { readingMinutes: min, premium: true },
  });
});

// ================================================================ VOUCHERS
// A voucher grants a subscription type of each tenant (docs/decisions.md "What a
// bought voucher is"): among the tenant's plans whose contingents include the
// voucher section's main content type, cheapest first, the tier's one (Bronze
// the cheapest, higher tiers the next ones, the dearest when there are fewer).
const SECTION_CONTENT = { music: 'full_track_music', games: 'online_game', video: 'full_length_video' };
const tenantPlans = fs.readdirSync(path.join(ROOT, 'data/subscriptions')).filter((f) => f.endsWith('.json')).sort()
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(ROOT, 'data/subscriptions', f), 'utf8')).types ?? []]);
function voucherTypes(section, tier) {
  const out = {};
  for (const [tenant, types] of tenantPlans) {
    const fit = types.filter((t) => (t.contingents ?? []).some((c) => (c.contentTypes ?? []).includes(SECTION_CONTENT[section])))
      .sort((a, b) => a.price.amount - b.price.amount || a.id - b.id);
    if (fit.length) out[tenant] = fit[Math.min(tier, fit.length - 1)].id;
  }
  return out;
}
const voucherIds = [];
W.VOUCHER_KINDS.forEach((kind, ki) => [10, 25, 50, 100].forEach((val, vi) => {
  const id = 8001 + ki * 4 + vi, R = catalogRng(id), k = T(kind);
  voucherIds.push(id);
  add({
    id, contentType: 'voucher', title: per((l) => `${k[l]} – ${T(W.VOUCHER_TIERS[vi])[l]}`),
    description: render(D.voucher, { k: per((l) => `${k[l]} – ${T(W.VOUCHER_TIERS[vi])[l]}`) }), categoryIds: ['vouchers-gift-cards'], rating: 0, releaseDate: date(R, 2024, 2026),
    licensorName: 'Portal Store', prices: [EUR(val * 100, 'PAY_PER_DOWNLOAD')], artworks: artworks(id, 'voucher', ['cover', 'banner']),
    customProperties: { validityMonths: 12, availableNo: int(R, 5, 200), discountPercentage: 0, section: ['music', 'games', 'video'][ki],
      subscriptionTypeIds: voucherTypes(['music', 'games', 'video'][ki], vi) },
  });
}));
W.VOUCHER_BOOKS.forEach((arr, i) => {
  const id = 8101 + i, R = catalogRng(id), t = T(arr);
  const memberIds = [voucherIds[i], voucherIds[(i + 4) % 12], voucherIds[(i + 9) % 12]];
  const total = memberIds.reduce((s, m) => s + byId.get(m).prices[0].amount, 0);
  add({
    id, contentType: 'voucherbook', title: t, description: render(D.voucherbook, { t, n: memberIds.length }), categoryIds: ['vouchers-bundles'],
    rating: 0, releaseDate: date(R, 2025, 2026), memberIds, licensorName: 'Portal Store', prices: [EUR(Math.round(total * 0.85), 'PAY_PER_DOWNLOAD')],
    artworks: artworks(id, 'voucher', ['cover', 'banner']), customProperties: { discountPercentage: 15, availableNo: int(R, 5, 50) },
  });
});

// ================================================================ TOURNAMENTS
for (let i = 0; i < 8; i++) {
  const id = 8501 + i, R = catalogRng(id), game = gameArticles[i % 12], cup = T(W.CUPS[i % W.CUPS.length]);
  // Finished and running cups started in 2026; the upcoming ones (registration open) lie ahead, in 2027.
  const year = i < 4 ? 2026 : 2027;
  const start = `${year}-${String(9 + Math.floor(i / 3)).padStart(2, '0')}-${String(2 + i * 3).padStart(2, '0')}`;
  const end = `${year}-${String(9 + Math.floor(i / 3)).padStart(2, '0')}-${String(4 + i * 3).padStart(2, '0')}`;
  const prize = [500, 1000, 2500, 5000][i % 4];
  add({
    id, contentType: 'tournament', title: per((l) => `${cup[l]}${COLON(l)}${game.title[l]}`),
    description: render(D.tournament, { g: game.title, s: start, e: end, p: prize }),
    categoryIds: [i % 4 === 1 ? 'tournaments-championships' : 'tournaments-weekly'], rating: game.rating, releaseDate: start,
    licensorName: game.developerName, developerName: game.developerName, prices: [EUR(i % 3 === 0 ? 100 : 0, 'PAY_PER_DOWNLOAD')],
    artworks: artworks(id, 'tournament', ['cover', 'banner']),
    customProperties: { gameId: game.id, startDate: start, endDate: end, prizePool: { amount: prize, currency: 'TICKETS' }, maxPlayers: [64, 128, 256][i % 3], status: i < 2 ? 'finished' : i < 4 ? 'running' : 'upcoming', teamSize: i % 2 ? 1 : 3 },
  });
}

// ================================================================ CHALLENGES
// Commerce §3: a game's steps with TICKETS rewards; chained steps unlock one after the other.
const CHALLENGE_KIND = [
  T(['Starter challenge', 'تحدي المبتدئين', 'Défi débutant', 'Einsteiger-Challenge', 'Desafío de inicio', 'Provocarea de început']),
  T(['Weekly challenge', 'التحدي الأسبوعي', 'Défi de la semaine', 'Wochen-Challenge', 'Desafío semanal', 'Provocarea săptămânii']),
  T(['Master challenge', 'تحدي المحترفين', 'Défi expert', 'Meister-Challenge', 'Desafío maestro', 'Provocarea maeștrilor']),
];
// What a step counts (docs/contracts.md "Challenges and rewards"): PLAY_GAME, each start of the challenge's
// game; PLAY_TRACKS, each different full track listened to at least half way. A chained challenge's later
// steps count only the plays made after the step before was done ("more times").
const GOALS = {
  once: { en: (g) => `Start ${Q.en(g)} once`, ar: (g) => `ابدأ ${Q.ar(g)} مرة واحدة`, fr: (g) => `Lancez ${Q.fr(g)} une fois`, de: (g) => `Starten Sie ${Q.de(g)} einmal`, es: (g) => `Inicia ${Q.es(g)} una vez`, ro: (g) => `Pornește ${Q.ro(g)} o dată` },
  times: { en: (g, n) => `Start ${Q.en(g)} ${n} times`, ar: (g, n) => `ابدأ ${Q.ar(g)} ${n} مرات`, fr: (g, n) => `Lancez ${Q.fr(g)} ${n} fois`, de: (g, n) => `Starten Sie ${Q.de(g)} ${n}-mal`, es: (g, n) => `Inicia ${Q.es(g)} ${n} veces`, ro: (g, n) => `Pornește ${Q.ro(g)} de ${n} ori` },
  more: { en: (g, n) => `Start ${Q.en(g)} ${n} more times`, ar: (g, n) => `ابدأ ${Q.ar(g)} ${n} مرات أخرى`, fr: (g, n) => `Lancez ${Q.fr(g)} encore ${n} fois`, de: (g, n) => `Starten Sie ${Q.de(g)} noch ${n}-mal`, es: (g, n) => `Inicia ${Q.es(g)} ${n} veces más`, ro: (g, n) => `Pornește ${Q.ro(g)} de încă ${n} ori` },
  tracks: { en: (g, n) => `Listen to ${n} different tracks, at least half of each`, ar: (g, n) => `استمع إلى ${n} مقاطع مختلفة، نصف كل منها على الأقل`, fr: (g, n) => `Écoutez ${n} titres différents, au moins la moitié de chacun`, de: (g, n) => `Hören Sie ${n} verschiedene Titel, jeweils mindestens zur Hälfte`, es: (g, n) => `Escucha ${n} canciones distintas, al menos la mitad de cada una`, ro: (g, n) => `Ascultă ${n} piese diferite, cel puțin jumătate din fiecare` },
};
// [goal, kind, target] per step: chained challenges have three, the others two.
const STEP_PLANS = {
  chained: [['once', 'PLAY_GAME', 1], ['more', 'PLAY_GAME', 3], ['tracks', 'PLAY_TRACKS', 3]],
  loose: [['times', 'PLAY_GAME', 2], ['tracks', 'PLAY_TRACKS', 2]],
};
const STEP = { en: (n) => `Step ${n}`, ar: (n) => `الخطوة ${n}`, fr: (n) => `Étape ${n}`, de: (n) => `Stufe ${n}`, es: (n) => `Paso ${n}`, ro: (n) => `Pasul ${n}` };
const CHAIN = { en: ' Steps unlock one after the other.', ar: ' تُفتح الخطوات واحدة تلو الأخرى.', fr: ' Les étapes se débloquent l’une après l’autre.', de: ' Die Stufen werden nacheinander freigeschaltet.', es: ' Los pasos se desbloquean uno tras otro.', ro: ' Pașii se deblochează unul după altul.' };
const CH_DESC = {
  en: (c) => `Play ${Q.en(c.g)} and complete ${c.n} steps to earn up to ${c.p} tickets.`,
  ar: (c) => `العب ${Q.ar(c.g)} وأكمل ${c.n} خطوات لتربح حتى ${c.p} تذكرة.`,
  fr: (c) => `Jouez à ${Q.fr(c.g)} et réussissez ${c.n} étapes pour gagner jusqu’à ${c.p} tickets.`,
  de: (c) => `Spielen Sie ${Q.de(c.g)} und schaffen Sie ${c.n} Stufen, um bis zu ${c.p} Tickets zu gewinnen.`,
  es: (c) => `Juega a ${Q.es(c.g)} y completa ${c.n} pasos para ganar hasta ${c.p} tickets.`,
  ro: (c) => `Joacă ${Q.ro(c.g)} și completează ${c.n} pași pentru a câștiga până la ${c.p} de tichete.`,
};
const challenges = [];
onlineGames.slice(0, 8).forEach((og, i) => {
  const id = 8801 + i, game = byId.get(og.id), kind = CHALLENGE_KIND[i % 3], chained = i % 2 === 0, n = chained ? 3 : 2;
  const steps = STEP_PLANS[chained ? 'chained' : 'loose'].slice(0, n).map(([goal, kind, target], k) => ({
    id: id * 10 + k + 1, title: per((l) => STEP[l](k + 1)), goal: per((l) => GOALS[goal][l](game.title[l], target)),
    kind, target, rewards: [{ currency: 'TICKETS', amount: 10 * (k + 1) * (1 + (i % 3)) }],
  }));
  const total = steps.reduce((sum, st) => sum + st.rewards[0].amount, 0);
  challenges.push({
    id, gameId: og.id, title: per((l) => `${game.title[l]}${COLON(l)}${kind[l]}`),
    description: per((l) => CH_DESC[l]({ g: game.title[l], n, p: total }) + (chained ? CHAIN[l] : '')),
    chained, startsAt: `2026-${String(9 + (i % 3)).padStart(2, '0')}-01T00:00:00Z`, endsAt: `2029-0${1 + (i % 3)}-${[31, 28, 31][i % 3]}T23:59:59Z`,
    challengeSteps: steps,
  });
});

// ================================================================ APPS, PARTNERS, INFO SERVICES
const partnerIds = W.PARTNERS.map((p, i) => {
  const id = 9101 + i, R = catalogRng(id);
  add({
    id, contentType: 'partner', title: same(p), description: render(D.partner, { p }), categoryIds: ['apps-partners'], rating: 0,
    releaseDate: date(R, 2018, 2024), licensorName: p, prices: [], artworks: artworks(id, 'apps', ['cover', 'banner']),
    customProperties: { url: `https://${p.toLowerCase().replace(/[^a-z]+/g, '')}.example`, partnerCode: p.toUpperCase().replace(/[^A-Z]+/g, '_') },
  });
  return id;
});
W.APPS.forEach((arr, i) => {
  const id = 9001 + i, R = catalogRng(id), t = T(arr.slice(0, 6)), g = arr[6], free = i % 3 !== 2;
  add({
    id, contentType: 'app', title: t, description: render(D.app, { t, g: gname(g) }), categoryIds: [g], rating: g === 'apps-education' ? 0 : pick(R, [0, 0, 10]),
    releaseDate: date(R, 2021, 2026), licensorName: W.PUBLISHERS[i % W.PUBLISHERS.length], developerName: W.PUBLISHERS[i % W.PUBLISHERS.length],
    fileSizeBytes: int(R, 8, 120) * 1048576, prices: free ? [EUR(0, 'DOWNLOAD_TO_OWN_FREEMIUM')] : [EUR(pick(R, [99, 199, 299]), 'PAY_PER_DOWNLOAD')],
    artworks: [...artworks(id, 'apps', ['cover', 'banner']), { artworkClass: 'SCREENSHOT', url: svg(`${id}-shot-p.svg`, id, 'apps', 720, 1280, 9), orientation: 'Portrait', width: 720, height: 1280, group: 'screenshots' }],
    customProperties: { platforms: ['Android', 'iOS'], version: `${int(R, 1, 5)}.${int(R, 0, 9)}`, packageName: `com.example.${arr[0].toLowerCase().replace(/[^a-z]+/g, '')}`, partnerId: partnerIds[i % partnerIds.length] },
  });
});
W.INFO_SERVICES.forEach((arr, i) => {
  const id = 9201 + i, R = catalogRng(id), t = T(arr);
  add({
    id, contentType: 'info_service', title: t, description: render(D.info, { t }), categoryIds: ['apps-info'], rating: 0, releaseDate: date(R, 2020, 2026),
    licensorName: W.PARTNERS[i % W.PARTNERS.length], prices: [EUR(pick(R, [49, 99, 149]), 'PAY_PER_DOWNLOAD')], artworks: artworks(id, 'apps', ['cover', 'banner']),
    customProperties: { shortCode: String(7000 + i * 11), frequency: i % 2 ? 'weekly' : 'daily', partnerId: partnerIds[i % partnerIds.length] },
  });
});

// ---------------------------------------------------------------- category artwork
for (const c of categories) svgFiles.set(`cat-${c.id}.svg`, svgArt(c.id.length * 97 + c.id.charCodeAt(c.id.length - 1) * 13 + c.id.charCodeAt(0), SECTION_KIND[c.section], 512, 512, 3));

// ---------------------------------------------------------------- currencies
// Each demo tenant sells in its own currency (settings.currency in data/tenants/<tenant>.json); the import keeps the
// prices in the tenant's currency. The euro prices above get a twin per other currency at a sensible price point,
// not the euro number relabelled: riyal prices are about four times the euro ones, rounded up to a whole riyal less
// one halala (€4.99 -> 19.99 SAR), and round values stay round (a €10 gift card is a 40 SAR one).
const CURRENCY_RATES = { EUR: 1, SAR: 4 };
const tenantCurrencies = [...new Set(fs.readdirSync(path.join(ROOT, 'data/tenants')).filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, 'data/tenants', f), 'utf8')).settings?.currency ?? 'EUR'))];
function pricePoint(euroMinor, currency) {
  const rate = CURRENCY_RATES[currency];
  if (!rate) throw new Error(`no rate for the tenant currency ${currency}`);
  if (rate === 1 || euroMinor === 0) return euroMinor;
  if (euroMinor % 100 === 0) return euroMinor * rate;
  return Math.ceil((euroMinor * rate) / 100) * 100 - 1;
}
for (const a of articles) {
  const euro = a.prices;
  a.prices = [];
  for (const currency of ['EUR', ...tenantCurrencies.filter((c) => c !== 'EUR')])
    for (const p of euro) a.prices.push({ ...p, amount: pricePoint(p.amount, currency), currency });
}
// A voucher book costs 85 % of its vouchers in every currency.
for (const a of articles) if (a.contentType === 'voucherbook') for (const p of a.prices) {
  if (p.currency === 'EUR') continue;
  const total = a.memberIds.reduce((sum, m) => sum + byId.get(m).prices.find((q) => q.currency === p.currency).amount, 0);
  p.amount = Math.round(total * 0.85);
}

// ---------------------------------------------------------------- Arabic digits
// Arabic text uses Arabic-Indic digits throughout ("الحلقة ٣", not "الحلقة 3").
const AR_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arDigits = (text) => text.replace(/[0-9]/g, (d) => AR_DIGITS[d]);
const arabicTexts = (obj, keys) => { for (const k of keys) if (obj[k] && typeof obj[k].ar === 'string') obj[k].ar = arDigits(obj[k].ar); };
for (const c of categories) arabicTexts(c, ['title']);
for (const a of articles) arabicTexts(a, ['title', 'description']);
for (const c of challenges) {
  arabicTexts(c, ['title', 'description']);
  for (const st of c.challengeSteps) arabicTexts(st, ['title', 'goal']);
}

// ---------------------------------------------------------------- write
articles.sort((a, b) => a.id - b.id);
const catalog = {
  version: 1,
  generatedBy: 'data/catalog/build-catalog.mjs',
  languages: LANGS,
  videoPool: videoPool.map((p) => ({ key: p.key, articleId: p.id, title: p.titleEn, rating: p.rating })),
  mediaLinks: mediaLinks.sort((a, b) => a.path.localeCompare(b.path)),
  categories,
  articles,
  challenges,
};

// ---------------------------------------------------------------- scale (--scale N --out FILE)
// Copy c (2..N) of article X is article X + (c-1)*STRIDE with " (c)" after its title in every language; every
// reference to an article (parentId, artistIds, memberIds, the ids in customProperties and collectionInfo) points
// into the same copy, and a publisher's name (developerName, licensorName) gets the same suffix, so each copy is a
// whole catalog of its own. Media and artwork are the demo's files; categories and challenges are not copied.
const ARTICLE_REFS = ['trackIds', 'trackId', 'episodeIds', 'relatedArticleId', 'gameIds', 'chapterIds', 'gameId', 'partnerId'];
// Copies from..to of a scale-n catalog, one article at a time (a million articles are some 1.5 GB of JSON: more than
// one string may hold, so the file is written in pieces; --copies FROM-TO writes a part of them, each part a file
// `portal import-catalog` takes on its own, since every copy refers only to itself).
function* scaledArticles(cat, n, from, to) {
  const maxId = Math.max(...cat.articles.map((a) => a.id));
  const STRIDE = 10 ** String(maxId).length;
  if (n > 1 && (n - 1) * STRIDE + maxId > Number.MAX_SAFE_INTEGER) usage('--scale too large for the ids');
  const ids = new Set(cat.articles.map((a) => a.id));
  const publishers = new Set(cat.articles.filter((a) => a.contentType === 'publisher').map((a) => a.title.en));
  if (from <= 1) yield* cat.articles;
  for (let c = Math.max(from, 2); c <= to; c++) {
    const shift = (c - 1) * STRIDE;
    const id = (x) => (Number.isInteger(x) && ids.has(x) ? x + shift : x);
    const ids_ = (x) => (Array.isArray(x) ? x.map(id) : id(x));
    const suffix = (l) => ` (${l === 'ar' ? arDigits(String(c)) : c})`;
    const name = (x) => (typeof x === 'string' && publishers.has(x) ? `${x}${suffix('en')}` : x);
    for (const a of cat.articles) {
      const b = structuredClone(a);
      b.id = a.id + shift;
      b.title = Object.fromEntries(Object.entries(a.title).map(([l, t]) => [l, t + suffix(l)]));
      for (const k of ['parentId', 'artistIds', 'memberIds']) if (b[k] !== undefined) b[k] = ids_(b[k]);
      for (const k of ['developerName', 'licensorName']) if (b[k] !== undefined) b[k] = name(b[k]);
      if (b.customProperties) for (const k of ARTICLE_REFS) if (b.customProperties[k] !== undefined) b.customProperties[k] = ids_(b.customProperties[k]);
      if (b.collectionInfo?.articleId !== undefined) b.collectionInfo.articleId = id(b.collectionInfo.articleId);
      yield b;
    }
  }
}
if (ARGS.out) {
  const n = ARGS.scale;
  const [from, to] = ARGS.copies ?? [1, n];
  const head = { ...catalog, ...(n > 1 ? { generatedBy: `data/catalog/build-catalog.mjs --scale ${n}${ARGS.copies ? ` --copies ${from}-${to}` : ''}` } : {}) };
  const fd = fs.openSync(ARGS.out, 'w');
  // The object as JSON.stringify wrote it (the same bytes for a file small enough), its articles streamed.
  const before = JSON.stringify({ ...head, articles: [] });  // (articles keeps its place among the keys)
  const at = before.indexOf('"articles":[]') + '"articles":['.length;
  fs.writeSync(fd, before.slice(0, at));
  let count = 0, chunk = [];
  const flush = () => { if (chunk.length) fs.writeSync(fd, chunk.join('')); chunk = []; };
  for (const a of scaledArticles(catalog, n, from, to)) {
    chunk.push((count++ ? ',' : '') + JSON.stringify(a));
    if (chunk.length >= 4096) flush();
  }
  flush();
  fs.writeSync(fd, before.slice(at) + '\n');
  fs.closeSync(fd);
  console.log(`${ARGS.out}: ${catalog.categories.length} categories, ${count} articles, ${catalog.challenges.length} challenges (scale ${n}${ARGS.copies ? `, copies ${from}-${to}` : ''})`);
  process.exit(0);
}

fs.writeFileSync(OUT, JSON.stringify(catalog, null, 1) + '\n');
fs.mkdirSync(ART_DIR, { recursive: true });
for (const f of fs.readdirSync(ART_DIR)) if (f.endsWith('.svg') && !svgFiles.has(f)) fs.unlinkSync(path.join(ART_DIR, f));
for (const [name, content] of svgFiles) {
  const p = path.join(ART_DIR, name);
  if (!fs.existsSync(p) || fs.readFileSync(p, 'utf8') !== content) fs.writeFileSync(p, content);
}
const counts = {};
for (const a of articles) counts[a.contentType] = (counts[a.contentType] || 0) + 1;
console.log(`demo-catalog.json: ${categories.length} categories, ${articles.length} articles, ${challenges.length} challenges, ${svgFiles.size} SVG files`);
console.log(Object.entries(counts).map(([k, n]) => `${k}=${n}`).join(' '));
