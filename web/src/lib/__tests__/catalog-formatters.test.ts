import { describe, expect, it } from 'vitest';
import { billingCycle, formatDate, formatDuration, formatMegabytes, formatPercent, formatPrice, gradingLabel, percentOff, priceDecimals } from '../formatters';

describe('catalog formatters (commerce §5, §9)', () => {
  it('durations: mm:ss under an hour, hh:mm:ss from an hour, Arabic-Indic digits for Arabic', () => {
    expect(formatDuration(0, 'en')).toBe('00:00');
    expect(formatDuration(59, 'en')).toBe('00:59');
    expect(formatDuration(215, 'en')).toBe('03:35');
    expect(formatDuration(3599, 'en')).toBe('59:59');
    expect(formatDuration(3600, 'en')).toBe('01:00:00');
    expect(formatDuration(36_061, 'de')).toBe('10:01:01');
    expect(formatDuration(215, 'ar')).toBe('٠٣:٣٥');
    expect(formatDuration(-5, 'en')).toBe('00:00');
    expect(formatDuration(Number.NaN, 'en')).toBe('00:00');
  });

  it('file sizes are rounded up to whole MB', () => {
    expect(formatMegabytes(1, 'en')).toBe('1 MB');
    expect(formatMegabytes(1024 * 1024, 'en')).toBe('1 MB');
    expect(formatMegabytes(1024 * 1024 + 1, 'en')).toBe('2 MB');
    expect(formatMegabytes(5_123_456, 'en')).toBe('5 MB');
    expect(formatMegabytes(0, 'en')).toBe('0 MB');
    expect(formatMegabytes(5_123_456, 'ar')).toContain('٥');
  });

  it("dates are in the reader's language (issue 30): de, fr, es, ro their own; ar-EG with Arabic-Indic digits", () => {
    expect(formatDate('2024-05-01T12:00:00Z', 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('May 1, 2024');
    expect(formatDate('2024-05-01T12:00:00Z', 'de', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('01.05.2024');
    expect(formatDate('2024-05-01T12:00:00Z', 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1 mai 2024');
    expect(formatDate('2024-05-01T12:00:00Z', 'es', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1 de mayo de 2024');
    expect(formatDate('2024-05-01T12:00:00Z', 'ro', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('1 mai 2024');
    expect(formatDate('2024-05-01T12:00:00Z', 'ar', { dateStyle: 'medium', timeZone: 'UTC' })).toMatch(/٢٠٢٤/);
  });

  it('prices in minor units with the price-format decimals (2 when absent)', () => {
    expect(priceDecimals(undefined)).toBe(2);
    expect(priceDecimals({})).toBe(2);
    expect(priceDecimals({ decimals: 3 })).toBe(3);
    expect(priceDecimals({ decimals: -1 })).toBe(2);
    expect(formatPrice(99, 'EUR', 'en')).toBe('€0.99');
    expect(formatPrice(1500, 'KWD', 'en', 3)).toMatch(/^KWD\s1\.500$/);
    expect(formatPrice(500, 'EGP', 'en', 0)).toMatch(/^EGP\s500$/);
    expect(formatPrice(1999, 'USD', 'ar')).toMatch(/١٩٫٩٩/);
  });

  it('grading labels: 0 all ages, 10 six plus, 20 twelve plus, 30 sixteen plus, 40 and else eighteen plus', () => {
    expect(gradingLabel(0)).toBe('allAges');
    expect(gradingLabel(undefined)).toBe('allAges');
    expect(gradingLabel(10)).toBe('sixPlus');
    expect(gradingLabel(20)).toBe('twelvePlus');
    expect(gradingLabel(30)).toBe('sixteenPlus');
    expect(gradingLabel(40)).toBe('eighteenPlus');
    expect(gradingLabel(15)).toBe('eighteenPlus');
    expect(gradingLabel(60)).toBe('eighteenPlus');
  });

  it('billing cycles: P1D daily, P7D weekly, P1M monthly, P1Y yearly', () => {
    expect(billingCycle('P1D')).toBe('daily');
    expect(billingCycle('P7D')).toBe('weekly');
    expect(billingCycle('P1M')).toBe('monthly');
    expect(billingCycle('P1Y')).toBe('yearly');
    expect(billingCycle('p1m')).toBe('monthly');
    expect(billingCycle('P2W')).toBeNull();
    expect(billingCycle(undefined)).toBeNull();
  });

  it('percent-off only when the promotion is below the price; the saving, (1 − promotion / price) × 100', () => {
    expect(percentOff(100, 75)).toBe(25);
    expect(percentOff(99, 75)).toBe(24);
    expect(percentOff(100, 100)).toBeNull();
    expect(percentOff(100, 120)).toBeNull();
    expect(percentOff(0, 0)).toBeNull();
    expect(percentOff(100, null)).toBeNull();
    expect(formatPercent(25, 'en')).toBe('25%');
    expect(formatPercent(25, 'ar')).toMatch(/٢٥/);
  });
});
