/** Issue 10 "Plans and prices": the saving shown as percent off, and Arabic digits and age badges. */
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/messages.json';
import { formatPercent, formatPrice, gradingDirection, gradingLabel, percentOff } from '../formatters';
import { initI18n, interpolatedValue } from '../i18n';

const ASCII_DIGIT = /[0-9]/;

describe('percent off is the saving', () => {
  it('€2.99 instead of €4.99 is 40 % off, not 60 %', () => {
    expect(percentOff(499, 299)).toBe(40);
    expect(formatPercent(percentOff(499, 299) ?? 0, 'en')).toBe('40%');
    expect(percentOff(1000, 250)).toBe(75);
    expect(percentOff(1000, 0)).toBe(100);
    expect(percentOff(499, 499)).toBeNull();
  });
});

describe('Arabic digits and the age badge', () => {
  it('the Arabic age labels are Arabic-Indic digits followed by the plus sign', () => {
    const { allAges, ...ages } = ar.catalog.grading;
    expect(allAges).not.toMatch(ASCII_DIGIT);
    expect(ages).toEqual({ sixPlus: '٦+', twelvePlus: '١٢+', sixteenPlus: '١٦+', eighteenPlus: '١٨+' });
  });

  it('age badges are isolated left to right so "٦+" does not turn into "+٦" in right-to-left text', () => {
    expect(gradingDirection(gradingLabel(10))).toBe('ltr');
    expect(gradingDirection(gradingLabel(40))).toBe('ltr');
    expect(gradingDirection(gradingLabel(0))).toBeUndefined();
  });

  it('prices and percentages use Arabic-Indic digits in Arabic', () => {
    const price = formatPrice(1999, 'SAR', 'ar');
    expect(price).toMatch(/١٩٫٩٩/);
    expect(price).not.toMatch(ASCII_DIGIT);
    expect(formatPercent(40, 'ar')).not.toMatch(ASCII_DIGIT);
  });

  it('numbers put into Arabic messages take Arabic-Indic digits; strings and other languages stay', async () => {
    expect(interpolatedValue(12, 'ar')).toBe('١٢');
    expect(interpolatedValue('1234', 'ar')).toBe('1234');
    expect(interpolatedValue(12, 'en')).toBe(12);
    const i18n = await initI18n('ar', ar);
    const seasonEpisode = i18n.t('catalog.facts.seasonEpisode', { season: 1, episode: 12 });
    expect(seasonEpisode).toContain('١');
    expect(seasonEpisode).toContain('١٢');
    expect(seasonEpisode).not.toMatch(ASCII_DIGIT);
    expect(i18n.t('subscription.apiFlow.pinHint', { pin: '0420' })).toContain('0420');
  });

  it('no Arabic message carries Latin digits', () => {
    const latin: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (ASCII_DIGIT.test(node.replace(/\{\{[^}]*\}\}/g, '').replace(/\bV\d\b/g, ''))) latin.push(`${path}: ${node}`);
      } else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
    };
    walk(ar, '');
    expect(latin).toEqual([]);
  });
});
