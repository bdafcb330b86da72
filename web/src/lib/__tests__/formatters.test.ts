import { describe, expect, it } from 'vitest';
import { dateLocale, formatDate, formatDatesInText, formatDigits, formatDuration, formatFileSize, formatNumber, formatPhoneNumber, formatPrice, ltrIsolated, numberLocale } from '../formatters';

describe('formatters', () => {
  it('writes whole numbers as Intl does, in every language', () => {
    for (const lang of ['en', 'ar', 'fr', 'de', 'es', 'ro'] as const) {
      for (const value of [0, 7, 42, 404, 2026, 1234567]) {
        expect(formatDigits(value, lang)).toBe(new Intl.NumberFormat(numberLocale(lang), { useGrouping: false, maximumFractionDigits: 0 }).format(value));
        expect(formatDuration(value, lang).split(':').length).toBeGreaterThan(1);
      }
      expect(formatDigits(2.6, lang)).toBe(new Intl.NumberFormat(numberLocale(lang), { useGrouping: false, maximumFractionDigits: 0 }).format(2.6));
      expect(formatDigits(-3, lang)).toBe(new Intl.NumberFormat(numberLocale(lang), { useGrouping: false, maximumFractionDigits: 0 }).format(-3));
    }
  });

  it('writes the default date as Intl does, in every language', () => {
    const days = [new Date(2024, 2, 5), new Date(2016, 4, 1), new Date(2019, 11, 31), new Date(2001, 0, 9, 23, 59), new Date(1999, 6, 15, 0, 0, 1)];
    for (const lang of ['en', 'ar', 'fr', 'de', 'es', 'ro'] as const) {
      for (const day of days) expect(formatDate(day, lang)).toBe(new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' }).format(day));
      expect(formatDate('2016-05-01', lang)).toBe(new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' }).format(new Date('2016-05-01')));
    }
    expect(formatDate(new Date(2024, 2, 5), 'en', { year: 'numeric' })).toBe('2024');
  });

  it('uses Arabic-Indic digits for Arabic', () => {
    expect(formatDigits(404, 'ar')).toBe('٤٠٤');
    expect(formatDigits(404, 'en')).toBe('404');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
  });

  it('writes a count below a thousand as Intl would, without making a formatter', () => {
    for (const lang of ['en', 'ar', 'fr', 'de', 'es', 'ro'] as const)
      for (const value of [0, 7, 23, 999, 1000, 12345, 2.5, -3])
        expect(formatNumber(value, lang)).toBe(new Intl.NumberFormat(numberLocale(lang)).format(value));
  });

  it("formats dates in the reader's language, ar-EG for Arabic", () => {
    const date = new Date(Date.UTC(2024, 2, 5, 12));
    expect(formatDate(date, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Mar 5, 2024');
    expect(formatDate(date, 'fr', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('5 mars 2024');
    expect(formatDate(date, 'de')).toBe(new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' }).format(date));
    expect(formatDate(date, 'ar', { year: 'numeric', timeZone: 'UTC' })).toBe('٢٠٢٤');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('formats durations, prices and sizes', () => {
    expect(formatDuration(65, 'en')).toBe('01:05');
    expect(formatDuration(3725, 'en')).toBe('01:02:05');
    expect(formatDuration(65, 'ar')).toBe('٠١:٠٥');
    expect(formatPrice(1999, 'USD', 'en')).toBe('$19.99');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
  });
});

describe('formatDatesInText (issue 47)', () => {
  it('writes the days of prose in the language, Latin or Arabic-Indic digits, and leaves the rest as written', () => {
    expect(formatDatesInText('from 2027-10-14 to 2027-10-16.', 'en')).toBe('from October 14, 2027 to October 16, 2027.');
    expect(formatDatesInText('vom 2027-10-14 bis', 'de')).toBe('vom 14. Oktober 2027 bis');
    const long = new Intl.DateTimeFormat('ar-EG-u-nu-arab', { dateStyle: 'long' }).format(new Date(2027, 9, 14));
    expect(formatDatesInText('من ٢٠٢٧-١٠-١٤.', 'ar')).toBe(`من ${long}.`);
    // Not a day, or part of a longer number: untouched.
    expect(formatDatesInText('code 2027-13-40, id 12027-10-14, 2027-10-145', 'en')).toBe('code 2027-13-40, id 12027-10-14, 2027-10-145');
  });
});

describe('formatPhoneNumber (issue 72 item 8)', () => {
  // Groups joined by no-break spaces (a number is not cut at a line's end); written here with plain ones.
  const plain = (text: string) => text.replace(/\u00A0/g, ' ');
  it('writes the country code with "+" and the national number in groups', () => {
    expect(plain(formatPhoneNumber('971500000001', 'en'))).toBe('+971 50 000 0001');
    expect(plain(formatPhoneNumber('966501234567', 'en'))).toBe('+966 50 123 4567');
    expect(plain(formatPhoneNumber('4915112345678', 'de'))).toBe('+49 1511 234 5678');
    expect(plain(formatPhoneNumber('12025550123', 'en'))).toBe('+1 202 555 0123');
    expect(plain(formatPhoneNumber('201001234567', 'en'))).toBe('+20 100 123 4567');
    expect(plain(formatPhoneNumber('0501234567', 'en'))).toBe('050 123 4567');
    expect(formatPhoneNumber('971500000001', 'en')).not.toContain(' ');
  });

  it('uses Arabic-Indic digits in Arabic; the isolate keeps it left to right', () => {
    // A left-to-right mark after each space: without it the groups of Arabic-Indic digits come out last first.
    expect(plain(formatPhoneNumber('971500000001', 'ar'))).toBe('+٩٧١ \u200E٥٠ \u200E٠٠٠ \u200E٠٠٠١');
    expect(ltrIsolated('+971')).toBe('\u2066+971\u2069');
  });

  it('leaves anything that is not 6 to 15 digits as it is', () => {
    for (const odd of ['', '12345', '1234567890123456', '+971500000001', 'abc123456']) expect(formatPhoneNumber(odd, 'en')).toBe(odd);
  });
});
