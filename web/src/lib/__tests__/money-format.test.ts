/**
 * Issue 72 item 10: one money format everywhere. The hosted checkout showed "0.99 EUR" and receipts "٣٫٩٩ SAR" where the
 * storefront shows "‏٠٫٩٩ €" and "ر.س.". The cases of money-format-cases.json are what the storefront writes; the server's
 * core::format_money (ICU) is held to the same file by server/src/core/money_format_test.cpp, so the two cannot drift.
 */
import { describe, expect, it } from 'vitest';
import { isLanguageCode, LANGUAGE_CODES } from '@/config/languages';
import { formatPrice, numberLocale } from '../formatters';
import cases from './money-format-cases.json';

describe('the money format the server shares (money-format-cases.json)', () => {
  it('covers the six languages and the demo currencies', () => {
    for (const lang of LANGUAGE_CODES) {
      for (const currency of ['EUR', 'SAR']) {
        expect(cases.cases.some((c) => c.lang === lang && c.currency === currency), `${lang} ${currency}`).toBe(true);
      }
    }
  });

  it('is what formatPrice writes, and Intl.NumberFormat in the reader\'s locale', () => {
    for (const c of cases.cases) {
      if (!isLanguageCode(c.lang)) throw new Error(`unknown language ${c.lang}`);
      expect(formatPrice(c.minor, c.currency, c.lang, c.decimals), `${c.lang} ${c.currency} ${c.minor}`).toBe(c.text);
      const intl = new Intl.NumberFormat(numberLocale(c.lang), {
        style: 'currency',
        currency: c.currency,
        minimumFractionDigits: c.decimals,
        maximumFractionDigits: c.decimals,
      });
      expect(intl.format(c.minor / 10 ** c.decimals)).toBe(c.text);
    }
  });
});
