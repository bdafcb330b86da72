/**
 * Which module draws each page, as data (no imports but types): page-modules.ts loads them, and the
 * build reads this table to name each route's chunks in the routes manifest, so the server preloads
 * a page's code with its HTML (issue 14). Pages without their own module show the placeholder page.
 */
import type { PageKey } from '../../config/paths';

export type PageFile =
  | 'apps-consent'
  | 'apps-faq'
  | 'apps-manage'
  | 'apps-manage-app'
  | 'apps-profile'
  | 'apps-register'
  | 'catalog-details'
  | 'catalog-list'
  | 'content-page'
  | 'external-logout'
  | 'favorites'
  | 'history'
  | 'home'
  | 'info-service'
  | 'info-services'
  | 'login'
  | 'login-email'
  | 'my-cart'
  | 'my-purchases'
  | 'notifications'
  | 'parental-control'
  | 'partner-register'
  | 'placeholder-page'
  | 'profile'
  | 'profile-info'
  | 'profile-info-services'
  | 'profile-manage'
  | 'register'
  | 'reset-password'
  | 'reward'
  | 'search'
  | 'subscription'
  | 'tournament-news'
  | 'tournament-video'
  | 'video-stream';

export const PAGE_FILES: Partial<Record<PageKey, PageFile>> = {
  home: 'home',
  login: 'login',
  loginEmail: 'login-email',
  register: 'register',
  partnerRegister: 'partner-register',
  externalLogout: 'external-logout',
  resetPassword: 'reset-password',
  profile: 'profile',
  profileInfo: 'profile-info',
  profileManage: 'profile-manage',
  musicTrack: 'catalog-details',
  musicAlbum: 'catalog-details',
  musicArtist: 'catalog-details',
  musicPlaylist: 'catalog-details',
  musicVideo: 'catalog-details',
  videoDetails: 'catalog-details',
  seriesDetails: 'catalog-details',
  videoStream: 'video-stream',
  gameDetails: 'catalog-details',
  arcadeDetails: 'catalog-details',
  gamesPublisher: 'catalog-details',
  podcastDetails: 'catalog-details',
  podcastEpisode: 'catalog-details',
  audiobookDetails: 'catalog-details',
  audiobookArtist: 'catalog-details',
  newsArticle: 'catalog-details',
  article: 'catalog-details',
  premiumArticle: 'catalog-details',
  voucherDetails: 'catalog-details',
  voucherBook: 'catalog-details',
  tournament: 'catalog-details',
  tournamentNews: 'tournament-news',
  tournamentVideo: 'tournament-video',
  appsManageApp: 'apps-manage-app',
  appsPartner: 'catalog-details',
  appsProduct: 'catalog-details',
  marketplaceApp: 'catalog-details',
  partner: 'catalog-details',
  service: 'catalog-details',
  infoService: 'info-service',
  musicList: 'catalog-list',
  musicTracks: 'catalog-list',
  musicTrackCategories: 'catalog-list',
  musicAlbums: 'catalog-list',
  musicAlbumCategory: 'catalog-list',
  musicGenre: 'catalog-list',
  musicPlaylists: 'catalog-list',
  videoList: 'catalog-list',
  videoCategory: 'catalog-list',
  videoTest: 'catalog-list',
  gamesList: 'catalog-list',
  gamesCategory: 'catalog-list',
  podcastList: 'catalog-list',
  audiobookList: 'catalog-list',
  audiobookCategories: 'catalog-list',
  audiobookGenre: 'catalog-list',
  newsCategory: 'catalog-list',
  newsSubcategory: 'catalog-list',
  articlesCategory: 'catalog-list',
  articlesSubcategory: 'catalog-list',
  premiumArticles: 'catalog-list',
  premiumCategory: 'catalog-list',
  premiumSubcategory: 'catalog-list',
  voucherCategory: 'catalog-list',
  appsAll: 'catalog-list',
  appsManage: 'apps-manage',
  appsRegister: 'apps-register',
  appsConsent: 'apps-consent',
  appsProfile: 'apps-profile',
  appsFaq: 'apps-faq',
  marketplaceCategory: 'catalog-list',
  infoServices: 'info-services',
  info: 'content-page',
  mainPage: 'content-page',
  marketing: 'content-page',
  impressum: 'content-page',
  launch: 'content-page',
  search: 'search',
  subscription: 'subscription',
  purchases: 'my-purchases',
  cart: 'my-cart',
  favorites: 'favorites',
  history: 'history',
  notifications: 'notifications',
  reward: 'reward',
  profileInfoServices: 'profile-info-services',
  parentalControl: 'parental-control',
};

export const PLACEHOLDER_FILE: PageFile = 'placeholder-page';

export function pageFile(page: PageKey): PageFile {
  return PAGE_FILES[page] ?? PLACEHOLDER_FILE;
}
