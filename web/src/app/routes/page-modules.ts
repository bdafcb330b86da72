/**
 * Lazy page modules by page kind (the table is page-files.ts). Pages that buy, play or subscribe
 * load with the commerce runtime, so both arrive before the page shows.
 */
import type { ComponentType } from 'react';
import type { PageKey } from '@/config/paths';
import { loadCommerce } from '../commerce-loader';
import { COMMERCE_FILES, pageFile, type PageFile } from './page-files';

interface PageModule {
  default: ComponentType;
}

const LOADERS: Record<PageFile, () => Promise<PageModule>> = {
  'apps-consent': () => import('./apps-consent'),
  'apps-faq': () => import('./apps-faq'),
  'apps-manage': () => import('./apps-manage'),
  'apps-manage-app': () => import('./apps-manage-app'),
  'apps-profile': () => import('./apps-profile'),
  'apps-register': () => import('./apps-register'),
  'catalog-details': () => import('./catalog-details'),
  'catalog-list': () => import('./catalog-list'),
  'content-page': () => import('./content-page'),
  'external-logout': () => import('./external-logout'),
  'favorites': () => import('./favorites'),
  'history': () => import('./history'),
  'home': () => import('./home'),
  'info-service': () => import('./info-service'),
  'info-services': () => import('./info-services'),
  'login': () => import('./login'),
  'login-email': () => import('./login-email'),
  'my-cart': () => import('./my-cart'),
  'my-purchases': () => import('./my-purchases'),
  'notifications': () => import('./notifications'),
  'parental-control': () => import('./parental-control'),
  'partner-register': () => import('./partner-register'),
  'placeholder-page': () => import('./placeholder-page'),
  'profile': () => import('./profile'),
  'profile-info': () => import('./profile-info'),
  'profile-info-services': () => import('./profile-info-services'),
  'profile-manage': () => import('./profile-manage'),
  'register': () => import('./register'),
  'reset-password': () => import('./reset-password'),
  'reward': () => import('./reward'),
  'search': () => import('./search'),
  'subscription': () => import('./subscription'),
  'tournament-news': () => import('./tournament-news'),
  'tournament-video': () => import('./tournament-video'),
  'video-stream': () => import('./video-stream'),
};

export async function loadPageFile(file: PageFile): Promise<PageModule> {
  const load = LOADERS[file];
  if (!COMMERCE_FILES.has(file)) return load();
  return (await Promise.all([load(), loadCommerce()]))[0];
}

export function loadPageModule(page: PageKey): Promise<PageModule> {
  return loadPageFile(pageFile(page));
}
