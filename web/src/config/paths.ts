/**
 * Every page route of the portal (spec §2), in one table.
 *
 * The router (src/app/router.tsx), the build's routes manifest (build-tools/portal-build-plugin.ts)
 * and every link builder read this table; nothing else lists routes. Only the unprefixed pattern is
 * written here; each route also exists under /en /ar /fr /de /es /ro.
 *
 * Order matters where two patterns have the same shape (/mp/:category before /mp/:name): the
 * earlier row wins, as in the server's matcher.
 */
import { LANGUAGE_CODES, isLanguageCode, type LanguageCode } from './languages';

export type LayoutName = 'default' | 'marketing' | 'storefront' | 'empty';

/**
 * The two named route guards (spec §2, §6). Both require a signed-in user; a guest is sent to
 * sign in and comes back to the page afterwards:
 * - 'protect-route': to the login options page (/user/login?redirect=…), where the guest picks how;
 * - 'protect-route-redirect': straight to the hosted sign-in page.
 */
export type RouteGuard = 'protect-route' | 'protect-route-redirect';

/**
 * A route's own validation (spec 1 §2, §8): given the matched parameters, true when the page may
 * show, false for the error page with 404 'Page Not Found: {fullPath}', or another status to show.
 */
export type RouteValidation = (params: Readonly<Record<string, string | undefined>>) => boolean | number;

/** Article ids are whole numbers (the server's details lookup reads the last segment as one). */
const WHOLE_NUMBER = /^[1-9][0-9]{0,17}$/;
const wholeNumber =
  (name: string): RouteValidation =>
  (params) =>
    WHOLE_NUMBER.test(params[name] ?? '');
/** An external video source's code (`:ex`): letters, digits, '-' and '_'; anything else is a malformed address (400). */
const EXTERNAL_SOURCE = /^[A-Za-z0-9_-]{1,32}$/;
const videoSource =
  (idName?: string): RouteValidation =>
  (params) => {
    if (!EXTERNAL_SOURCE.test(params.ex ?? '')) return 400;
    return idName ? WHOLE_NUMBER.test(params[idName] ?? '') : true;
  };

export interface RouteConfig {
  readonly path: string;
  /** Page kind: selects the lazy page module and the `meta.<page>.title|description` keys. */
  readonly page: string;
  readonly layout?: LayoutName;
  /** Spec §6: a signed-in user is required; the guard that checks it. */
  readonly protected?: RouteGuard;
  /** Spec §2: the route's own validation of its parameters. */
  readonly validate?: RouteValidation;
}

export const ROUTES = {
  // Apps
  'apps-consent-id': { path: '/apps/consent/:id', page: 'appsConsent', layout: 'storefront', protected: 'protect-route' },
  'apps-faq': { path: '/apps/faq', page: 'appsFaq', layout: 'storefront' },
  'apps-manage-id': { path: '/apps/manage/:id', page: 'appsManageApp', layout: 'storefront' },
  'apps-manage': { path: '/apps/manage', page: 'appsManage', layout: 'storefront' },
  'apps-partner-name': { path: '/apps/partner/:name', page: 'appsPartner', layout: 'storefront' },
  'apps-partner-title-name': { path: '/apps/partner/:title/:name', page: 'appsPartner', layout: 'storefront' },
  'apps-pd-name': { path: '/apps/pd/:name', page: 'appsProduct', layout: 'storefront' },
  'apps-pd-title-name': { path: '/apps/pd/:title/:name', page: 'appsProduct', layout: 'storefront' },
  'apps-profile': { path: '/apps/profile', page: 'appsProfile', layout: 'storefront', protected: 'protect-route' },
  'apps-register': { path: '/apps/register', page: 'appsRegister', layout: 'storefront' },
  'apps-viewAll': { path: '/apps/viewAll', page: 'appsAll', layout: 'storefront' },
  // Arcade
  'arcade-details-id': { path: '/arcade/details/:id', page: 'arcadeDetails' },
  'arcade-details-name-id': { path: '/arcade/details/:name/:id', page: 'arcadeDetails', validate: wholeNumber('id') },
  // Articles
  'articles-premium': { path: '/articles/premium', page: 'premiumArticles' },
  'articles-premium-category': { path: '/articles/premium/:category', page: 'premiumCategory' },
  'articles-premium-category-subcategory': { path: '/articles/premium/:category/:subcategory', page: 'premiumSubcategory' },
  'articles-premium-category-subcategory-article': { path: '/articles/premium/:category/:subcategory/:article', page: 'premiumArticle' },
  'articles-category': { path: '/articles/:category', page: 'articlesCategory' },
  'articles-category-subcategory': { path: '/articles/:category/:subcategory', page: 'articlesSubcategory' },
  'articles-category-subcategory-article': { path: '/articles/:category/:subcategory/:article', page: 'article' },
  'articles-category-article': { path: '/articles/:category?/:article', page: 'article' },
  // Audiobook
  'audiobook-artists-id': { path: '/audiobook/artists/:id', page: 'audiobookArtist' },
  'audiobook-artists-title-id': { path: '/audiobook/artists/:title/:id', page: 'audiobookArtist', validate: wholeNumber('id') },
  'audiobook-category': { path: '/audiobook/category', page: 'audiobookCategories' },
  'audiobook-details-id': { path: '/audiobook/details/:id', page: 'audiobookDetails' },
  'audiobook-details-title-id': { path: '/audiobook/details/:title/:id', page: 'audiobookDetails', validate: wholeNumber('id') },
  'audiobook-genre-name': { path: '/audiobook/genre/:name', page: 'audiobookGenre' },
  'audiobook-list': { path: '/audiobook/list', page: 'audiobookList' },
  // Games
  'games-category-name': { path: '/games/category/:name', page: 'gamesCategory' },
  'games-category-name-id': { path: '/games/category/:name/:id', page: 'gamesCategory' },
  'games-details-id': { path: '/games/details/:id', page: 'gameDetails' },
  'games-details-name-id': { path: '/games/details/:name/:id', page: 'gameDetails', validate: wholeNumber('id') },
  'games-list': { path: '/games/list', page: 'gamesList' },
  'games-list-name': { path: '/games/list/:name', page: 'gamesList' },
  'games-list-name-id': { path: '/games/list/:name/:id', page: 'gamesList' },
  'games-publisher-name': { path: '/games/publisher/:name', page: 'gamesPublisher' },
  // Marketplace
  'mp-category': { path: '/mp/:category', page: 'marketplaceCategory', layout: 'storefront' },
  'mp-name': { path: '/mp/:name', page: 'marketplaceApp', layout: 'storefront' },
  'mp-title-name': { path: '/mp/:title/:name', page: 'marketplaceApp', layout: 'storefront' },
  // Music
  'music-albums': { path: '/music/albums', page: 'musicAlbums' },
  'music-albums-category-name': { path: '/music/albums/category/:name', page: 'musicAlbumCategory' },
  'music-albums-artist-album': { path: '/music/albums/:artist/:album', page: 'musicAlbum' },
  'music-albums-artist-artistName-albumName-album': { path: '/music/albums/:artist/:artistName/:albumName/:album', page: 'musicAlbum' },
  'music-artists-id': { path: '/music/artists/:id', page: 'musicArtist' },
  'music-artists-artistName-id': { path: '/music/artists/:artistName/:id', page: 'musicArtist', validate: wholeNumber('id') },
  'music-genre-name': { path: '/music/genre/:name', page: 'musicGenre' },
  'music-list': { path: '/music/list', page: 'musicList' },
  'music-playlists': { path: '/music/playlists', page: 'musicPlaylists' },
  'music-playlists-playlist': { path: '/music/playlists/:playlist', page: 'musicPlaylist' },
  'music-playlists-title-playlist': { path: '/music/playlists/:title/:playlist', page: 'musicPlaylist', validate: wholeNumber('playlist') },
  'music-tracks': { path: '/music/tracks', page: 'musicTracks' },
  'music-tracks-category': { path: '/music/tracks/category', page: 'musicTrackCategories' },
  'music-tracks-track': { path: '/music/tracks/:track', page: 'musicTrack' },
  'music-tracks-title-track': { path: '/music/tracks/:title/:track', page: 'musicTrack', validate: wholeNumber('track') },
  'music-video-details-id': { path: '/music/video/details/:id', page: 'musicVideo' },
  // Commerce and partners
  myCart: { path: '/myCart', page: 'cart' },
  myPurchases: { path: '/myPurchases', page: 'purchases', protected: 'protect-route-redirect' },
  parentalControl: { path: '/parentalControl', page: 'parentalControl', protected: 'protect-route-redirect' },
  'partners-info-services': { path: '/partners/info-services', page: 'infoServices' },
  'partners-info-services-name': { path: '/partners/info-services/:name', page: 'infoService' },
  'partners-name': { path: '/partners/:name', page: 'partner' },
  'services-name': { path: '/services/:name', page: 'service' },
  // News
  'news-category': { path: '/news/:category', page: 'newsCategory' },
  'news-category-subcategory': { path: '/news/:category/:subcategory', page: 'newsSubcategory' },
  'news-category-subcategory-articlename-article': { path: '/news/:category/:subcategory/:articlename/:article', page: 'newsArticle' },
  // Podcast
  'podcast-details-id': { path: '/podcast/details/:id', page: 'podcastDetails' },
  'podcast-details-title-id': { path: '/podcast/details/:title/:id', page: 'podcastDetails', validate: wholeNumber('id') },
  'podcast-episode-id': { path: '/podcast/episode/:id', page: 'podcastEpisode' },
  'podcast-episode-title-id': { path: '/podcast/episode/:title/:id', page: 'podcastEpisode', validate: wholeNumber('id') },
  'podcast-list': { path: '/podcast/list', page: 'podcastList' },
  // Profile (all protected)
  profile: { path: '/profile', page: 'profile', protected: 'protect-route-redirect' },
  'profile-info': { path: '/profile/info', page: 'profileInfo', protected: 'protect-route-redirect' },
  'profile-info-service-subscriptions': { path: '/profile/info-service-subscriptions', page: 'profileInfoServices', protected: 'protect-route-redirect' },
  'profile-manage': { path: '/profile/manage', page: 'profileManage', protected: 'protect-route-redirect' },
  // Tournaments
  'tournaments-details-id': { path: '/tournaments/details/:id', page: 'tournament' },
  'tournaments-news-details-id': { path: '/tournaments/news/details/:id', page: 'tournamentNews' },
  'tournaments-videos-details-id': { path: '/tournaments/videos/details/:id', page: 'tournamentVideo' },
  // User
  'user-login': { path: '/user/login', page: 'login' },
  'user-login-email': { path: '/user/login/email', page: 'loginEmail' },
  'user-register': { path: '/user/register', page: 'register' },
  register: { path: '/register', page: 'partnerRegister' },
  // Video
  'video-category-name-id': { path: '/video/category/:name/:id', page: 'videoCategory' },
  'video-category-id': { path: '/video/category/:id', page: 'videoCategory' },
  'video-details-id': { path: '/video/details/:id', page: 'videoDetails' },
  'video-details-name-id': { path: '/video/details/:name/:id', page: 'videoDetails', validate: wholeNumber('id') },
  'video-list-name': { path: '/video/list/:name', page: 'videoList' },
  'video-series-details-id': { path: '/video/series/details/:id', page: 'seriesDetails' },
  'video-series-details-name-id': { path: '/video/series/details/:name/:id', page: 'seriesDetails', validate: wholeNumber('id') },
  'video-stream-id': { path: '/video/stream/:id', page: 'videoStream', layout: 'empty' },
  'video-stream-name-id': { path: '/video/stream/:name/:id', page: 'videoStream', layout: 'empty', validate: wholeNumber('id') },
  'video-test': { path: '/video/test', page: 'videoTest' },
  'video-ex-category-id': { path: '/video/:ex/category/:id', page: 'videoCategory', validate: videoSource() },
  'video-ex-details-id': { path: '/video/:ex/details/:id', page: 'videoDetails', validate: videoSource() },
  'video-ex-details-name-id': { path: '/video/:ex/details/:name/:id', page: 'videoDetails', validate: videoSource('id') },
  'video-ex-stream-id': { path: '/video/:ex/stream/:id', page: 'videoStream', layout: 'empty', validate: videoSource() },
  'video-ex-stream-name-id': { path: '/video/:ex/stream/:name/:id', page: 'videoStream', layout: 'empty', validate: videoSource('id') },
  // Vouchers
  'voucherbooks-name': { path: '/voucherbooks/:name', page: 'voucherBook' },
  'vouchers-category-id': { path: '/vouchers/category/:id', page: 'voucherCategory' },
  'vouchers-details-id': { path: '/vouchers/details/:id', page: 'voucherDetails' },
  'vouchers-details-id-voucherId': { path: '/vouchers/details/:id/:voucherId', page: 'voucherDetails', validate: wholeNumber('voucherId') },
  // Other
  index: { path: '/', page: 'home' },
  favorites: { path: '/favorites', page: 'favorites' },
  history: { path: '/history', page: 'history' },
  impressum: { path: '/impressum', page: 'impressum' },
  'info-name': { path: '/info/:name', page: 'info' },
  launch: { path: '/launch', page: 'launch', layout: 'marketing' },
  'main-name': { path: '/main/:name', page: 'mainPage' },
  'marketing-name': { path: '/marketing/:name', page: 'marketing', layout: 'empty' },
  search: { path: '/search', page: 'search' },
  'search-q': { path: '/search-q', page: 'search' },
  subscription: { path: '/subscription', page: 'subscription' },
  notifications: { path: '/notifications', page: 'notifications' },
  reward: { path: '/reward', page: 'reward', protected: 'protect-route-redirect' },
  resetpassword: { path: '/resetpassword', page: 'resetPassword' },
  'external-logout': { path: '/external/logout', page: 'externalLogout' },
  // Catch-all content page: same page as /main/:name, so it must stay last.
  name: { path: '/:name', page: 'mainPage' },
} as const satisfies Record<string, RouteConfig>;

export type RouteName = keyof typeof ROUTES;
export type PageKey = (typeof ROUTES)[RouteName]['page'];

export interface RouteEntry {
  readonly name: RouteName;
  readonly path: string;
  readonly page: PageKey;
  readonly layout: LayoutName;
  readonly protected: boolean;
  readonly guard: RouteGuard | null;
  readonly validate: RouteValidation | null;
  readonly titleKey: `meta.${PageKey}.title`;
  readonly descriptionKey: `meta.${PageKey}.description`;
}

/** The table as a list, in matching order, with defaults filled in. */
export const ROUTE_ENTRIES: readonly RouteEntry[] = (Object.keys(ROUTES) as RouteName[]).map((name) => {
  const config: RouteConfig = ROUTES[name];
  const page = config.page as PageKey;
  return {
    name,
    path: config.path,
    page,
    layout: config.layout ?? 'default',
    protected: config.protected !== undefined,
    guard: config.protected ?? null,
    validate: config.validate ?? null,
    titleKey: `meta.${page}.title`,
    descriptionKey: `meta.${page}.description`,
  };
});

// ---------------------------------------------------------------------------------------------
// Parameters of a pattern, as types: '/a/:x/:y?' -> { x: string; y?: string }

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalParam<S> = S extends `:${infer Name}?` ? Name : never;

export type PathParams<P extends string> = Record<RequiredParam<Segments<P>>, string | number> &
  Partial<Record<OptionalParam<Segments<P>>, string | number>>;

export type RouteParams<N extends RouteName> = PathParams<(typeof ROUTES)[N]['path']>;

export interface HrefOptions {
  /** Language prefix; `null` or omitted gives the unprefixed path. */
  readonly lang?: LanguageCode | null;
  readonly query?: Record<string, string | number | undefined>;
  readonly hash?: string;
}

/** Fills a pattern: '/music/tracks/:title/:track' + {title, track} -> '/music/tracks/a/1'. */
export function fillPattern(pattern: string, params: Record<string, string | number | undefined>): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) return [];
      throw new Error(`Missing route parameter "${key}" for ${pattern}`);
    }
    return [encodeURIComponent(String(value))];
  });
  return segments.join('/') || '/';
}

/** Adds or removes a language prefix: ('/music', 'ar') -> '/ar/music'; ('/', 'fr') -> '/fr'. */
export function localizePath(path: string, lang: LanguageCode | null | undefined): string {
  const { path: bare } = splitLanguagePrefix(path);
  if (!lang) return bare;
  return bare === '/' ? `/${lang}` : `/${lang}${bare}`;
}

/** Trailing slashes are not used (spec §2): '/music/tracks/' -> '/music/tracks'; '/' stays. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** '/ar/music/tracks' -> { lang: 'ar', path: '/music/tracks' }; '/music' -> { lang: null, path: '/music' }. */
export function splitLanguagePrefix(pathname: string): { lang: LanguageCode | null; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguageCode(match[1])) {
    const rest = match[2] ?? '';
    return { lang: match[1], path: rest === '' ? '/' : rest };
  }
  return { lang: null, path: pathname === '' ? '/' : pathname };
}

export function getHref<N extends RouteName>(name: N, params: RouteParams<N>, options: HrefOptions = {}): string {
  const filled = fillPattern(ROUTES[name].path, params);
  let href = localizePath(filled, options.lang);
  const query = Object.entries(options.query ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  if (query.length > 0) href += `?${new URLSearchParams(query.map(([key, value]) => [key, String(value)])).toString()}`;
  if (options.hash) href += `#${options.hash}`;
  return href;
}

/** Every concrete pattern the router registers: the unprefixed one and one per language. */
export function routeVariants(path: string): { lang: LanguageCode | null; path: string }[] {
  return [
    { lang: null, path },
    ...LANGUAGE_CODES.map((lang) => ({ lang, path: path === '/' ? `/${lang}` : `/${lang}${path}` })),
  ];
}
