import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@/config/languages';
import { numberLocale } from '../formatters';
import { plainPrice } from '../plain-price';

const CURRENCIES = ['EUR', 'SAR', 'USD', 'GBP', 'EGP'];

function intlPrice(amountMinor: number, currency: string, lang: (typeof LANGUAGE_CODES)[number], decimals: number): string {
  return new Intl.NumberFormat(numberLocale(lang), { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    amountMinor / 10 ** decimals,
  );
}

describe('plainPrice', () => {
  it('writes every currency of its table as Intl does, in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      for (const currency of CURRENCIES) {
        for (const [amount, decimals] of [[0, 2], [5, 2], [199, 2], [123450, 2], [1234500, 2], [123456789, 2], [7, 0], [1000, 0], [12345, 3]] as const) {
          expect(plainPrice(amount, currency, lang, decimals)).toBe(intlPrice(amount, currency, lang, decimals));
        }
      }
    }
  });

  it('agrees with Intl on any amount (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGE_CODES),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 10 ** 13 }),
        fc.integer({ min: 0, max: 4 }),
        (lang, currency, amount, decimals) => plainPrice(amount, currency, lang, decimals) === intlPrice(amount, currency, lang, decimals),
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves to Intl what its table does not know', () => {
    expect(plainPrice(199, 'JPY', 'en', 2)).toBeNull();
    expect(plainPrice(-199, 'EUR', 'en', 2)).toBeNull();
    expect(plainPrice(1.5, 'EUR', 'en', 2)).toBeNull();
    expect(plainPrice(199, 'EUR', 'en', 7)).toBeNull();
  });
});
