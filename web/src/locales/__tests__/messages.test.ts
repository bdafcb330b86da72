import { describe, expect, it } from 'vitest';
import ar from '../ar/messages.json';
import de from '../de/messages.json';
import en from '../en/messages.json';
import es from '../es/messages.json';
import fr from '../fr/messages.json';
import ro from '../ro/messages.json';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const english = flatten(en);
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe.each([
  ['ar', ar],
  ['fr', fr],
  ['de', de],
  ['es', es],
  ['ro', ro],
])('%s messages', (_lang, bundle) => {
  const messages = flatten(bundle);

  it('have every key of the English bundle and no other', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it('keep the interpolation variables', () => {
    for (const [key, text] of Object.entries(english)) expect(variables(messages[key] ?? ''), key).toEqual(variables(text));
  });

  it('are translations, not English copies', () => {
    const same = Object.keys(english).filter((key) => english[key] === messages[key] && !/^\{\{.*\}\}( \/ \{\{.*\}\})?$/.test(english[key] ?? ''));
    expect(same.length / Object.keys(english).length).toBeLessThan(0.06);
  });
});
