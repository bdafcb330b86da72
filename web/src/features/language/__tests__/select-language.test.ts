import { describe, expect, it } from 'vitest';
import { resolveNavigationLanguage } from '../language-middleware';
import { matchBrowserLanguage, selectLanguage } from '../select-language';
import { offeredLanguages } from '@/config/languages';

describe('selectLanguage', () => {
  it('prefers the cookie (the user’s choice) over everything', () => {
    expect(selectLanguage({ cookie: 'de', tenantDefault: 'ar', browserLanguages: ['fr-FR'] })).toBe('de');
  });

  it('then the tenant default', () => {
    expect(selectLanguage({ cookie: null, tenantDefault: 'ar', browserLanguages: ['fr-FR'] })).toBe('ar');
  });

  it('ignores an unknown cookie or tenant default', () => {
    expect(selectLanguage({ cookie: 'xx', tenantDefault: 'zz', browserLanguages: ['es-MX'] })).toBe('es');
  });

  it('then the browser languages, exact ISO match before base language', () => {
    expect(matchBrowserLanguage(['fr-CA', 'ro-RO'])).toBe('ro');
    expect(matchBrowserLanguage(['fr-CA', 'pt-BR'])).toBe('fr');
    expect(matchBrowserLanguage(['AR-eg'])).toBe('ar');
  });

  it('falls back to en', () => {
    expect(selectLanguage({ browserLanguages: ['pt-BR', 'ja'] })).toBe('en');
    expect(selectLanguage({})).toBe('en');
  });
});

describe('language middleware', () => {
  const url = (path: string) => new URL(path, 'http://portal.test');

  it('a prefixed path sets the language and never redirects', () => {
    expect(resolveNavigationLanguage(url('/fr/music'), { cookie: 'ar' })).toEqual({ lang: 'fr', redirectTo: null });
    expect(resolveNavigationLanguage(url('/en'), { tenantDefault: 'ar' })).toEqual({ lang: 'en', redirectTo: null });
  });

  it('an unprefixed path stays in English when English is selected', () => {
    expect(resolveNavigationLanguage(url('/music?x=1'), { tenantDefault: 'en' })).toEqual({ lang: 'en', redirectTo: null });
  });

  it('an unprefixed path redirects to the selected language, keeping query and hash', () => {
    expect(resolveNavigationLanguage(url('/music/tracks?page=2#top'), { tenantDefault: 'ar' })).toEqual({ lang: 'ar', redirectTo: '/ar/music/tracks?page=2#top' });
    expect(resolveNavigationLanguage(url('/'), { cookie: 'de', tenantDefault: 'en' })).toEqual({ lang: 'de', redirectTo: '/de' });
  });
});

describe("a tenant's languages", () => {
  const url = (path: string) => new URL(path, 'http://portal.test');
  const offered = ['en', 'ar'] as const;

  it('lists the offered languages in the tenant order, with its default; all six when none', () => {
    expect(offeredLanguages({ languages: ['ar', 'en'], defaultLocale: 'en' })).toEqual(['ar', 'en']);
    expect(offeredLanguages({ languages: ['fr', 'xx', 'fr'], defaultLocale: 'de' })).toEqual(['de', 'fr']);
    expect(offeredLanguages({})).toEqual(['en', 'ar', 'fr', 'de', 'es', 'ro']);
  });

  it('ignores a cookie or browser language the tenant does not offer', () => {
    expect(selectLanguage({ cookie: 'fr', tenantDefault: 'ar', offered })).toBe('ar');
    expect(selectLanguage({ browserLanguages: ['fr-FR', 'ar-EG'], offered })).toBe('ar');
    expect(matchBrowserLanguage(['fr-FR'], offered)).toBeNull();
    expect(selectLanguage({ offered: ['ro'] })).toBe('ro');
  });

  it('redirects a prefix the tenant does not offer to the default-language path', () => {
    expect(resolveNavigationLanguage(url('/fr/music?x=1'), { tenantDefault: 'en', offered })).toEqual({ lang: 'en', redirectTo: '/music?x=1' });
    expect(resolveNavigationLanguage(url('/de'), { tenantDefault: 'ar', offered })).toEqual({ lang: 'ar', redirectTo: '/ar' });
    expect(resolveNavigationLanguage(url('/ar/music'), { tenantDefault: 'en', offered })).toEqual({ lang: 'ar', redirectTo: null });
  });
});
