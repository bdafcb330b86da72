// The "du" forms of a German text, for check-catalog.mjs: the demo's German speaks to the reader with "Sie" only, like
// the client's bundles (issue 72 item 9, docs/decisions.md "German addresses the reader as "Sie"").
// One set of rules for the demo data (check-catalog.mjs) and the client's bundles and mail words
// (web/src/locales/__tests__/german-address.test.ts imports duForms; its types are german-address.d.mts):
// - the pronouns du, dich, dir, dein…, euch, euer, eure… (any case);
// - verb forms only "du" and "ihr" take (hast, bist, kannst, …; habt, seid, könnt, …) and "ihr" before a verb in "-t";
// - imperatives of "du": a listed form in lower case anywhere, or capitalised at the start of a sentence; forms that are
//   also nouns ("Spiele", "Suche", "Decke") count only in lower case; none in a sentence of "ich" ("Wie finde ich …?").
//   node data/catalog/german-address.mjs "Hör dir das an."   prints the "du" forms of a text

const word = (alternatives, flags = 'gu') => new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${alternatives})(?![\\p{L}\\p{N}_-])`, flags);

const PRONOUNS = word('du|dich|dir|dein|deine[mnrs]?|euch|euer|eure[mnrs]?', 'giu');
const VERB_FORMS = word('hast|bist|kannst|musst|möchtest|willst|wirst|darfst|sollst|weißt|habt|seid|könnt|müsst|wollt|werdet|dürft|sollt|wisst', 'giu');
const IHR_VERB = /(?<![\p{L}])ihr\s+\p{Ll}+t(?![\p{L}])/u;
/** du-imperatives that are not also nouns: wrong in lower case anywhere and capitalised at a sentence's start. */
const IMPERATIVES = [
  // the client's texts'
  'wähle', 'gib', 'prüfe', 'drücke', 'tippe', 'lade', 'lass', 'lösche', 'öffne', 'melde', 'schalte', 'erlaube', 'ignoriere',
  'bestätige', 'verschenke', 'starte', 'nutze', 'schütze', 'entferne', 'ändere', 'setze', 'registriere', 'kopiere', 'tritt',
  'brich', 'schaffe', 'klicke', 'sieh', 'schau', 'warte', 'frag', 'bring', 'gehe', 'nimm', 'lies', 'vergiss', 'erstelle', 'sei',
  // the demo data's
  'entdecke', 'erkunde', 'erlebe', 'genieße', 'hol', 'hole', 'probiere', 'teste', 'streame', 'abonniere', 'zahle', 'bezahle',
  'baue', 'verteidige', 'fahre', 'flieg', 'fliege', 'flitz', 'flitze', 'fordere', 'bilde', 'löse', 'führe', 'jage', 'finde',
  'trainiere', 'wechsle', 'überhole', 'steuere', 'sammle', 'bewege', 'zerstöre', 'friss', 'meide', 'wachse', 'hilf', 'mach',
  'mache', 'komm', 'lerne', 'schreib', 'schreibe', 'sag', 'sage', 'triff', 'wirf', 'dreh', 'tanze',
  // no noun either ("Höre 3 verschiedene Titel" was a challenge's goal)
  'hör', 'höre',
];
/** du-imperatives that are also nouns when capitalised ("Spiele", "Suche", "Gründe"): wrong only in lower case. */
const NOUN_LIKE = ['versuche', 'spiele', 'spiel', 'suche', 'besuche', 'folge', 'frage', 'stelle', 'decke', 'gründe', 'tanz', 'schlag'];
const LOWER_IMPERATIVE = word([...IMPERATIVES, ...NOUN_LIKE].join('|'), 'gu');
const capitalised = (verb) => verb.charAt(0).toUpperCase() + verb.slice(1);
const SENTENCE_IMPERATIVE = new RegExp(`(?:^|[.!?:…]\\s+|\\n)(?:${IMPERATIVES.map(capitalised).join('|')})(?![\\p{L}\\p{N}_-])`, 'gu'); // not "Hör- und Sehzeit"

/** The imperatives of one sentence; none in a sentence of "ich", whose verb has the same form ("Wie finde ich …?"). */
function imperatives(sentence) {
  if (word('ich', 'iu').test(sentence)) return [];
  return [
    // "es sei denn" is no address.
    ...[...sentence.matchAll(LOWER_IMPERATIVE)].filter((m) => !(m[0] === 'sei' && /\bes\s+$/u.test(sentence.slice(0, m.index)))).map((m) => m[0]),
    ...[...sentence.matchAll(SENTENCE_IMPERATIVE)].map((m) => m[0].trim().replace(/^[.!?:…]\s*/u, '')),
  ];
}

/** The "du" words of a German text, empty when it has none. */
export function duForms(text) {
  const found = [
    ...[...text.matchAll(PRONOUNS)].map((m) => m[0]),
    ...[...text.matchAll(VERB_FORMS)].map((m) => m[0]),
    ...(IHR_VERB.exec(text) ?? []),
    ...(text.match(/[^.!?\n]+[.!?]*/gu) ?? []).map((sentence) => sentence.trim()).flatMap(imperatives),
  ];
  return [...new Set(found)];
}

/** [where, text] of every string below a "de" key of a JSON value (a language object's German, or a German bundle). */
export function germanTexts(value, where = '', inGerman = false) {
  if (typeof value === 'string') return inGerman ? [[where, value]] : [];
  if (Array.isArray(value)) return value.flatMap((child, i) => germanTexts(child, `${where}[${i}]`, inGerman));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => germanTexts(child, where ? `${where}.${key}` : key, inGerman || key === 'de'));
  return [];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const text of process.argv.slice(2)) console.log(JSON.stringify(duForms(text)));
