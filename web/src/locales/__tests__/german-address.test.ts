/**
 * German speaks to the reader in one form, "Sie" (issue 72 item 9): the storefront's, the hosted
 * pages' and the console's bundles and the server's mail words (server/mail/locales/de.json) hold no
 * "du" text. "Sie" because it was already the majority (158 strings against 57), the German tenant
 * (vela) writes its own texts with it, and the hosted pages, the mails the server writes in C++ and
 * the console used it throughout.
 *
 * What counts as "du" (matched as whole words; German nouns are capitalised, verbs are not):
 * - the pronouns du, dich, dir, dein…, euch, euer, eure… (any case: "Dein Code", "Dir");
 * - verb forms only "du" and "ihr" take: hast, bist, kannst, …; habt, seid, könnt, …; and "ihr"
 *   followed by a verb in "-t" ("ihr meldet") — "Ihr"/"ihr" before a noun ("ihr Konto") is not address;
 * - imperatives of "du": a listed form in lower case anywhere ("bitte versuche es"), or at the start
 *   of a sentence ("Wähle einen Tarif"); forms that are also nouns ("Spiele", "Suche", "Versuche")
 *   count only in lower case; not in a sentence of "ich", where the same form is the first person
 *   ("Wie erlaube ich …?").
 * data/catalog/german-address.mjs holds the same rules, with more verbs, for the demo data (check-catalog.mjs): change both.
 */
import { describe, expect, it } from 'vitest';
import admin from '../de/admin.json';
import hosted from '../de/hosted.json';
import messages from '../de/messages.json';
// The server's mail words (embedded in the server at build time; no bundle of the client).
import serverMail from '../../../../server/mail/locales/de.json';

const word = (alternatives: string, flags = 'gu') => new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${alternatives})(?![\\p{L}\\p{N}_-])`, flags);

const PRONOUNS = word('du|dich|dir|dein|deine[mnrs]?|euch|euer|eure[mnrs]?', 'giu');
const VERB_FORMS = word('hast|bist|kannst|musst|möchtest|willst|wirst|darfst|sollst|weißt|habt|seid|könnt|müsst|wollt|werdet|dürft|sollt|wisst', 'giu');
const IHR_VERB = /(?<![\p{L}])ihr\s+\p{Ll}+t(?![\p{L}])/u;
/** du-imperatives that are not also nouns: wrong in lower case anywhere and capitalised at a sentence's start. */
const IMPERATIVES = [
  'wähle', 'gib', 'prüfe', 'drücke', 'tippe', 'lade', 'lass', 'lösche', 'öffne', 'melde', 'schalte', 'erlaube', 'ignoriere',
  'bestätige', 'verschenke', 'starte', 'nutze', 'schütze', 'entferne', 'ändere', 'setze', 'registriere', 'kopiere', 'tritt',
  'brich', 'schaffe', 'klicke', 'sieh', 'schau', 'warte', 'frag', 'bring', 'gehe', 'nimm', 'lies', 'vergiss', 'erstelle', 'sei',
];
/** du-imperatives that are also nouns when capitalised ("Spiele", "Suche"): wrong only in lower case. */
const NOUN_LIKE = ['versuche', 'spiele', 'spiel', 'suche', 'besuche', 'folge', 'frage', 'stelle', 'hör', 'höre'];
const LOWER_IMPERATIVE = word([...IMPERATIVES, ...NOUN_LIKE].join('|'), 'gu');
const capitalised = (verb: string) => verb.charAt(0).toUpperCase() + verb.slice(1);
const SENTENCE_IMPERATIVE = new RegExp(`(?:^|[.!?:…]\\s+|\\n)(?:${IMPERATIVES.map(capitalised).join('|')})(?![\\p{L}\\p{N}])`, 'gu');

/** The imperatives of one sentence; none in a sentence of "ich", whose verb has the same form ("Wie erlaube ich …?"). */
function imperatives(sentence: string): string[] {
  if (word('ich', 'iu').test(sentence)) return [];
  return [
    // "es sei denn" is no address.
    ...[...sentence.matchAll(LOWER_IMPERATIVE)].filter((match) => !(match[0] === 'sei' && /\bes\s+$/u.test(sentence.slice(0, match.index)))).map((match) => match[0]),
    ...[...sentence.matchAll(SENTENCE_IMPERATIVE)].map((match) => match[0].trim().replace(/^[.!?:…]\s*/u, '')),
  ];
}

/** The "du" words of a text, empty when it has none. */
function duForms(text: string): string[] {
  const found = [
    ...[...text.matchAll(PRONOUNS)].map((match) => match[0]),
    ...[...text.matchAll(VERB_FORMS)].map((match) => match[0]),
    ...(IHR_VERB.exec(text) ?? []),
    ...(text.match(/[^.!?\n]+[.!?]*/gu) ?? []).map((sentence) => sentence.trim()).flatMap(imperatives),
  ];
  return [...new Set(found)];
}

function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((child, index) => texts(child, `${prefix}[${String(index)}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
  return [];
}

const offenders = (bundle: unknown) =>
  texts(bundle)
    .map(([key, text]) => [key, duForms(text)] as const)
    .filter(([, forms]) => forms.length > 0)
    .map(([key, forms]) => `${key}: ${forms.join(', ')}`);

describe('German speaks to the reader with "Sie" only', () => {
  it.each([
    ['messages.json', messages],
    ['hosted.json', hosted],
    ['admin.json', admin],
    ['server/mail/locales/de.json', serverMail],
  ] as const)('%s has no "du" text', (_name, bundle) => {
    expect(offenders(bundle)).toEqual([]);
  });

  it('finds "du" in its pronouns, verb forms and imperatives, and leaves "Sie", nouns and "ihr" before a noun alone', () => {
    expect(duForms('Dein Warenkorb hat sich geändert')).toEqual(['Dein']);
    expect(duForms('Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.')).toEqual(['du', 'hast', 'ignoriere']);
    expect(duForms('Zu viele falsche Versuche. Versuche es erneut.')).toEqual([]); // capitalised: also the noun
    expect(duForms('Bitte versuche es erneut.')).toEqual(['versuche']);
    expect(duForms('Wähle einen Tarif. Gib den Code ein.')).toEqual(['Wähle', 'Gib']);
    expect(duForms('Kapitäne, ihr meldet eure Ergebnisse. Habt ihr gewonnen?')).toEqual(['eure', 'Habt', 'ihr meldet']);
    expect(duForms('Falls es ein Konto gibt, haben wir ihr einen Link gesendet.')).toEqual([]);
    expect(duForms('Wählen Sie einen Tarif und geben Sie Ihren Code ein; Ihnen gehört Ihr Abo.')).toEqual([]);
    expect(duForms('Kunden wählen Bilder für ihr Konto; ihre Links öffnen eine Seite. Spiele dieses Publishers. Suche löschen.')).toEqual([]);
    expect(duForms('Direkt zur Diashow, es sei denn, der Dienst ist aus.')).toEqual([]);
    expect(duForms('Wie erlaube oder verweigere ich einer App den Zugriff?')).toEqual([]);
    expect(duForms('Wie erlaube ich den Zugriff? Öffne den Link.')).toEqual(['Öffne']);
  });
});
