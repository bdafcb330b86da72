/** Lazy page modules by page kind. Pages without their own module show the placeholder page. */
import type { ComponentType } from 'react';
import type { PageKey } from '@/config/paths';

interface PageModule {
  default: ComponentType;
}

const catalogDetails = () => import('./catalog-details');
const catalogList = () => import('./catalog-list');
const contentPage = () => import('./content-page');

const PAGE_MODULES: Partial<Record<PageKey, () => Promise<PageModule>>> = {
  home: () => import('./home'),
  login: () => import('./login'),
  loginEmail: () => import('./login-email'),
  register: () => import('./register'),
  partnerRegister: () => import('./partner-register'),
  externalLogout: () => import('./external-logout'),
  resetPassword: () => import('./reset-password'),
  profile: () => import('./profile'),
  profileInfo: () => import('./profile-info'),
  profileManage: () => import('./profile-manage'),
  favorites: () => import('./favorites'),
  history: () => import('./history'),
  musicTrack: catalogDetails,
  musicAlbum: catalogDetails,
  musicArtist: catalogDetails,
  musicPlaylist: catalogDetails,
  musicVideo: catalogDetails,
  videoDetails: catalogDetails,
  seriesDetails: catalogDetails,
  videoStream: () => import('./video-stream'),
  gameDetails: catalogDetails,
  arcadeDetails: catalogDetails,
  gamesPublisher: catalogDetails,
  podcastDetails: catalogDetails,
  podcastEpisode: catalogDetails,
  audiobookDetails: catalogDetails,
  audiobookArtist: catalogDetails,
  newsArticle: catalogDetails,
  article: catalogDetails,
  premiumArticle: catalogDetails,
  voucherDetails: catalogDetails,
  voucherBook: catalogDetails,
  tournament: catalogDetails,
  tournamentNews: catalogDetails,
  tournamentVideo: catalogDetails,
  appsManageApp: catalogDetails,
  appsPartner: catalogDetails,
  appsProduct: catalogDetails,
  marketplaceApp: catalogDetails,
  partner: catalogDetails,
  service: catalogDetails,
  infoService: catalogDetails,
  musicList: catalogList,
  musicTracks: catalogList,
  musicTrackCategories: catalogList,
  musicAlbums: catalogList,
  musicAlbumCategory: catalogList,
  musicGenre: catalogList,
  musicPlaylists: catalogList,
  videoList: catalogList,
  videoCategory: catalogList,
  videoTest: catalogList,
  gamesList: catalogList,
  gamesCategory: catalogList,
  podcastList: catalogList,
  audiobookList: catalogList,
  audiobookCategories: catalogList,
  audiobookGenre: catalogList,
  newsCategory: catalogList,
  newsSubcategory: catalogList,
  articlesCategory: catalogList,
  articlesSubcategory: catalogList,
  premiumArticles: catalogList,
  premiumCategory: catalogList,
  premiumSubcategory: catalogList,
  voucherCategory: catalogList,
  appsAll: catalogList,
  appsManage: catalogList,
  marketplaceCategory: catalogList,
  infoServices: catalogList,
  info: contentPage,
  mainPage: contentPage,
  marketing: contentPage,
  impressum: contentPage,
  launch: contentPage,
  search: () => import('./search'),
  subscription: () => import('./subscription'),
  purchases: () => import('./my-purchases'),
  cart: () => import('./my-cart'),
};

export function loadPageModule(page: PageKey): Promise<PageModule> {
  const load = PAGE_MODULES[page] ?? (() => import('./placeholder-page'));
  return load();
}
