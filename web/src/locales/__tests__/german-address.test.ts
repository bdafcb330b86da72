/**
 * German speaks to the reader in one form, "Sie" (issue 72 item 9): the storefront's, the hosted
 * pages' and the console's bundles and the server's mail words (server/mail/locales/de.json) hold no
 * "du" text. "Sie" because it was already the majority (158 strings against 57), the German tenant
 * (vela) writes its own texts with it, and the hosted pages, the mails the server writes in C++ and
 * the console used it throughout.
 *
 * What counts as "du" is data/catalog/german-address.mjs's one set of rules (the pronouns, the verb forms only "du" and
 * "ihr" take, the imperatives of "du"), which check-catalog.mjs applies to the demo data too.
 */
import { describe, expect, it } from 'vitest';
import admin from '../de/admin.json';
import hosted from '../de/hosted.json';
import messages from '../de/messages.json';
// The server's mail words (embedded in the server at build time; no bundle of the client).
import serverMail from '../../../../server/mail/locales/de.json';
import { duForms } from '../../../../data/catalog/german-address.mjs';

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
