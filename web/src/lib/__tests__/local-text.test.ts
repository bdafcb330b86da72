import { describe, expect, it } from 'vitest';
import { localText } from '../local-text';

describe('localText', () => {
  it('takes a text the server already put in the page language as it is', () => {
    expect(localText(' Hilfe ', 'de')).toBe('Hilfe');
  });
  it('picks the page language, then the default language, then English', () => {
    const map = { en: 'Help', de: 'Hilfe', ar: '' };
    expect(localText(map, 'de', 'ar')).toBe('Hilfe');
    expect(localText({ de: 'Hilfe', ar: 'مساعدة' }, 'fr', 'ar')).toBe('مساعدة');
    expect(localText(map, 'ar', 'fr')).toBe('Help');
  });
  it('answers nothing for what is not a text', () => {
    expect(localText(undefined, 'en')).toBe('');
    expect(localText(['x'], 'en')).toBe('');
    expect(localText({ de: 'Hilfe' }, 'fr')).toBe('');
  });
});
