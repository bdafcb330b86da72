/**
 * Lazy page modules by page kind (the table is page-files.ts). The details page loads with the commerce runtime, so
 * both arrive before the page shows, unless the page payload shows an article whose actions need none
 * (details-commerce.ts); every other page shows without it and starts its flows through it on the press
 * (commerce-loader.ts `withCommerce`, issue 77 item 6).
 */
import type { ComponentType } from 'react';
import type { PageKey } from '@/config/paths';
import { partsOf } from '@/features/catalog/details-parts';
import { preloadPart } from '@/lib/lazy-part';
import { pagePayload } from '@/lib/page-payload';
import { loadCommerce } from '../commerce-loader';
import { actionsNeedRuntime } from './details-commerce';
import { pageFile, type PageFile } from './page-files';

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

/**
 * The details page's module is asked for by the first page, or by the first navigation to a details
 * page: on the first page the payload tells the article (a navigation's page waits for the runtime
 * and the article's parts where it must, catalog-details.tsx).
 */
function detailsNeedRuntime(article: unknown): boolean {
  const contentType = typeof article === 'object' && article !== null ? (article as { contentType?: unknown }).contentType : undefined;
  return typeof contentType !== 'string' || actionsNeedRuntime(contentType);
}

export async function loadPageFile(file: PageFile): Promise<PageModule> {
  const load = LOADERS[file];
  if (file === 'catalog-details') {
    const article = pagePayload(window.location.pathname)?.article;
    // The parts its article shows (a game's media, a collection's tracks, ../../features/catalog/details-parts.ts)
    // come with the page, whose first render draws them; one that fails to come is waited for by the page.
    const parts = partsOf(article).map((part) => preloadPart(part).catch(() => null));
    return (await Promise.all([load(), detailsNeedRuntime(article) ? loadCommerce() : null, ...parts]))[0];
  }
  return load();
}

export function loadPageModule(page: PageKey): Promise<PageModule> {
  return loadPageFile(pageFile(page));
}
