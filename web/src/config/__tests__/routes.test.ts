import { describe, expect, it } from 'vitest';
import { ROUTE_ENTRIES, fillPattern, getHref, localizePath, routeVariants, splitLanguagePrefix } from '../paths';
import { createRoutesManifest } from '../routes-manifest';

/** Spec §2, copied route by route: the oracle the table is checked against. */
const SPEC_ROUTES = [
  '/apps/consent/:id', '/apps/faq', '/apps/manage/:id', '/apps/manage', '/apps/partner/:name', '/apps/partner/:title/:name',
  '/apps/pd/:name', '/apps/pd/:title/:name', '/apps/profile', '/apps/register', '/apps/viewAll',
  '/arcade/details/:id', '/arcade/details/:name/:id',
  '/articles/:category', '/articles/:category/:subcategory', '/articles/:category/:subcategory/:article', '/articles/premium',
  '/articles/premium/:category', '/articles/premium/:category/:subcategory', '/articles/premium/:category/:subcategory/:article',
  '/articles/:category?/:article',
  '/audiobook/artists/:id', '/audiobook/artists/:title/:id', '/audiobook/category', '/audiobook/details/:id',
  '/audiobook/details/:title/:id', '/audiobook/genre/:name', '/audiobook/list',
  '/games/category/:name', '/games/category/:name/:id', '/games/details/:id', '/games/details/:name/:id', '/games/list',
  '/games/list/:name', '/games/list/:name/:id', '/games/publisher/:name',
  '/mp/:category', '/mp/:name', '/mp/:title/:name',
  '/music/albums', '/music/albums/category/:name', '/music/albums/:artist/:album', '/music/albums/:artist/:artistName/:albumName/:album',
  '/music/artists/:id', '/music/artists/:artistName/:id', '/music/genre/:name', '/music/list', '/music/playlists',
  '/music/playlists/:playlist', '/music/playlists/:title/:playlist', '/music/tracks', '/music/tracks/category',
  '/music/tracks/:track', '/music/tracks/:title/:track', '/music/video/details/:id',
  '/myCart', '/myPurchases', '/parentalControl', '/partners/:name', '/partners/info-services', '/partners/info-services/:name', '/services/:name',
  '/news/:category', '/news/:category/:subcategory', '/news/:category/:subcategory/:articlename/:article',
  '/podcast/details/:id', '/podcast/details/:title/:id', '/podcast/episode/:id', '/podcast/episode/:title/:id', '/podcast/list',
  '/profile', '/profile/info', '/profile/info-service-subscriptions', '/profile/manage',
  '/tournaments/details/:id', '/tournaments/news/details/:id', '/tournaments/videos/details/:id',
  '/user/login', '/user/login/email', '/user/register', '/register',
  '/video/:ex/category/:id', '/video/:ex/details/:id', '/video/:ex/details/:name/:id', '/video/:ex/stream/:id', '/video/:ex/stream/:name/:id',
  '/video/category/:name/:id', '/video/category/:id', '/video/details/:id', '/video/details/:name/:id', '/video/list/:name',
  '/video/series/details/:id', '/video/series/details/:name/:id', '/video/stream/:id', '/video/stream/:name/:id', '/video/test',
  '/voucherbooks/:name', '/vouchers/category/:id', '/vouchers/details/:id', '/vouchers/details/:id/:voucherId',
  '/', '/favorites', '/history', '/impressum', '/info/:name', '/launch', '/main/:name', '/:name', '/marketing/:name', '/search',
  '/search-q', '/subscription', '/notifications', '/reward', '/resetpassword', '/external/logout',
];

const SPEC_PROTECTED = ['/apps/consent/:id', '/apps/profile', '/myPurchases', '/parentalControl', '/profile', '/profile/info', '/profile/info-service-subscriptions', '/profile/manage', '/reward'];

describe('route table', () => {
  it('holds every route of spec §2 exactly once, and nothing else', () => {
    const paths = ROUTE_ENTRIES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('names every route uniquely', () => {
    const names = ROUTE_ENTRIES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('flags exactly the protected routes of spec §6', () => {
    expect(ROUTE_ENTRIES.filter((entry) => entry.protected).map((entry) => entry.path).sort()).toEqual([...SPEC_PROTECTED].sort());
  });

  it('uses the empty layout for marketing pages and video streams', () => {
    const empty = ROUTE_ENTRIES.filter((entry) => entry.layout === 'empty').map((entry) => entry.path);
    expect(empty.sort()).toEqual(['/marketing/:name', '/video/:ex/stream/:id', '/video/:ex/stream/:name/:id', '/video/stream/:id', '/video/stream/:name/:id'].sort());
  });

  it('keeps the catch-all content page last', () => {
    expect(ROUTE_ENTRIES.at(-1)?.path).toBe('/:name');
  });
});

describe('routes manifest', () => {
  const manifest = createRoutesManifest();

  it('covers every route of the table with its meta keys, layout and protection', () => {
    expect(manifest.routes).toHaveLength(ROUTE_ENTRIES.length);
    for (const entry of ROUTE_ENTRIES) {
      expect(manifest.routes).toContainEqual({
        path: entry.path,
        name: entry.name,
        titleKey: `meta.${entry.page}.title`,
        descriptionKey: `meta.${entry.page}.description`,
        layout: entry.layout,
        protected: entry.protected,
      });
    }
  });

  it('lists the six languages with en as default and ar right-to-left', () => {
    expect(manifest.defaultLanguage).toBe('en');
    expect(manifest.languages.map((language) => language.code)).toEqual(['en', 'ar', 'fr', 'de', 'es', 'ro']);
    expect(manifest.languages.find((language) => language.code === 'ar')?.dir).toBe('rtl');
  });
});

describe('links', () => {
  it('builds hrefs with parameters, language prefix, query and hash', () => {
    expect(getHref('music-tracks-title-track', { title: 'Blue Sky', track: 7 })).toBe('/music/tracks/Blue%20Sky/7');
    expect(getHref('music-tracks-title-track', { title: 'a', track: 1 }, { lang: 'ar' })).toBe('/ar/music/tracks/a/1');
    expect(getHref('index', {}, { lang: 'fr' })).toBe('/fr');
    expect(getHref('resetpassword', {}, { query: { session: 'abc' }, hash: 'form' })).toBe('/resetpassword?session=abc#form');
  });

  it('omits a missing optional parameter and rejects a missing required one', () => {
    expect(getHref('articles-category-article', { article: 'x' })).toBe('/articles/x');
    expect(getHref('articles-category-article', { category: 'c', article: 'x' })).toBe('/articles/c/x');
    expect(() => fillPattern('/info/:name', {})).toThrow(/name/);
  });

  it('splits and swaps language prefixes', () => {
    expect(splitLanguagePrefix('/ar/music')).toEqual({ lang: 'ar', path: '/music' });
    expect(splitLanguagePrefix('/de')).toEqual({ lang: 'de', path: '/' });
    expect(splitLanguagePrefix('/arcade/details/1')).toEqual({ lang: null, path: '/arcade/details/1' });
    expect(splitLanguagePrefix('/xx/music')).toEqual({ lang: null, path: '/xx/music' });
    expect(localizePath('/fr/music', 'es')).toBe('/es/music');
    expect(localizePath('/fr/music', null)).toBe('/music');
    expect(routeVariants('/')).toContainEqual({ lang: 'ro', path: '/ro' });
  });
});
