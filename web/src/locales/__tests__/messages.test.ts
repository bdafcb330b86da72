import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { interpolatedValue } from '@/lib/i18n';
import ar from '../ar/messages.json';
import de from '../de/messages.json';
import en from '../en/messages.json';
import es from '../es/messages.json';
import fr from '../fr/messages.json';
import ro from '../ro/messages.json';
import arAdmin from '../ar/admin.json';
import deAdmin from '../de/admin.json';
import enAdmin from '../en/admin.json';
import esAdmin from '../es/admin.json';
import frAdmin from '../fr/admin.json';
import roAdmin from '../ro/admin.json';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

// i18next's plural keys: `key_one`, `key_other`, ... one per CLDR category of the language.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const pluralBases = (messages: Record<string, string>) => new Set(Object.keys(messages).filter((key) => key.endsWith('_other')).map(baseKey));
const formsOf = (messages: Record<string, string>, base: string) =>
  Object.keys(messages)
    .filter((key) => PLURAL.test(key) && baseKey(key) === base)
    .map((key) => key.slice(base.length + 1))
    .sort();
const categories = (lang: string) => [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();

const variables = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]))].sort();

// The storefront's bundle (messages.json) and the console's (admin.json, loaded by the console only).
describe.each([
  ['messages', { en, ar, fr, de, es, ro }],
  ['admin', { en: enAdmin, ar: arAdmin, fr: frAdmin, de: deAdmin, es: esAdmin, ro: roAdmin }],
] as const)('%s bundles', (_name, bundles) => {
  const english = flatten(bundles.en);
  const englishPlurals = pluralBases(english);

  describe.each(Object.entries(bundles))('%s messages', (lang, bundle) => {
    const messages = flatten(bundle);

    it('have every key of the English bundle and no other (a plural key by its base)', () => {
      expect([...new Set(Object.keys(messages).map(baseKey))].sort()).toEqual([...new Set(Object.keys(english).map(baseKey))].sort());
      expect([...pluralBases(messages)].sort()).toEqual([...englishPlurals].sort());
    });

    it("give every plural message exactly the language's plural forms", () => {
      for (const base of englishPlurals) expect(formsOf(messages, base), base).toEqual(categories(lang));
      // A key that ends like a plural form belongs to a plural message.
      for (const key of Object.keys(messages)) if (PLURAL.test(key)) expect(englishPlurals.has(baseKey(key)), key).toBe(true);
    });

    it('put every count in a plural message', () => {
      const counts = Object.keys(messages).filter((key) => variables(messages[key] ?? '').includes('count'));
      for (const key of counts) expect(PLURAL.test(key), `${key} shows a count without plural forms`).toBe(true);
    });

    it('keep the interpolation variables', () => {
      for (const [key, text] of Object.entries(english)) {
        if (PLURAL.test(key)) continue;
        expect(variables(messages[key] ?? ''), key).toEqual(variables(text));
      }
      // A plural's general form says everything the English one does; a form for one or two may say the number in words.
      for (const base of englishPlurals) {
        const wanted = variables(english[`${base}_other`] ?? '');
        expect(variables(messages[`${base}_other`] ?? ''), base).toEqual(wanted);
        for (const form of formsOf(messages, base)) for (const name of variables(messages[`${base}_${form}`] ?? '')) expect(wanted, `${base}_${form}`).toContain(name);
      }
    });

    it.skipIf(lang === 'en')('are translations, not English copies', () => {
      const same = Object.keys(english).filter((key) => english[key] === messages[key] && !/^\{\{.*\}\}( \/ \{\{.*\}\})?$/.test(english[key] ?? ''));
      expect(same.length / Object.keys(english).length).toBeLessThan(0.06);
    });
  });
});

describe('plural forms as i18next picks them', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: { en: { translation: en }, ar: { translation: ar }, ro: { translation: ro }, de: { translation: de } },
    interpolation: { escapeValue: false, alwaysFormat: true, format: (value: unknown, format?: string, lng?: string) => String(interpolatedValue(value, lng, format)) },
  });

  it('says one item and many items in English', () => {
    expect(i18n.t('wallet.collection', { count: 1 })).toBe('Collection of 1 item');
    expect(i18n.t('wallet.collection', { count: 5 })).toBe('Collection of 5 items');
    expect(i18n.t('vouchers.feedback.success.buyText', { count: 1, email: 'a@b' })).toBe('Thank you! 1 code is on its way to a@b.');
  });

  it('uses the Arabic dual and the few form, in Arabic-Indic digits', () => {
    expect(i18n.t('cart.button', { lng: 'ar', count: 2 })).toBe('سلة التسوق، منتجان');
    expect(i18n.t('cart.button', { lng: 'ar', count: 3 })).toBe('سلة التسوق، ٣ منتجات');
    expect(i18n.t('cart.button', { lng: 'ar', count: 11 })).toBe('سلة التسوق، ١١ منتجًا');
  });

  it("uses Romanian's few form and groups large counts", () => {
    expect(i18n.t('tournaments.teams.size', { lng: 'ro', count: 3 })).toBe('Echipe de câte 3 jucători');
    expect(i18n.t('tournaments.teams.size', { lng: 'ro', count: 20 })).toBe('Echipe de câte 20 de jucători');
    expect(i18n.t('search.results', { lng: 'de', count: 1234, q: 'x' })).toBe('1.234 Ergebnisse für „x“');
  });
});
