/**
 * What a marketplace app's details page offers (issue 30): the stores' links for a free or owned app, else buying it
 * through the single-purchase flow, and a guest on a paid app signs in first. The data carries the Android package
 * name but no App Store id, so iOS gets an App Store search for the title.
 */
import { isFree } from '@/features/catalog/article-meta';
import type { ArticleDetails } from '@/features/catalog/types';
import { decideConsume, type OptionsAnswer } from '@/features/purchases/consume-decision';

export interface StoreLink {
  store: 'google-play' | 'app-store';
  href: string;
}

/** A Java package name (com.example.photoeditor); anything else makes no Google Play link. */
const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

function platforms(article: Pick<ArticleDetails, 'customProperties'>): string[] {
  const value = article.customProperties.platforms;
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.toLowerCase()) : [];
}

/** Google Play when Android is a platform and the package name is one; the App Store's search when iOS is. */
export function storeLinks(article: Pick<ArticleDetails, 'title' | 'customProperties'>): StoreLink[] {
  const on = platforms(article);
  const links: StoreLink[] = [];
  const packageName = article.customProperties.packageName;
  if (on.includes('android') && typeof packageName === 'string' && PACKAGE_NAME.test(packageName)) {
    links.push({ store: 'google-play', href: `https://play.google.com/store/apps/details?id=${encodeURIComponent(packageName)}` });
  }
  if (on.includes('ios') && article.title.trim() !== '') {
    links.push({ store: 'app-store', href: `https://apps.apple.com/search?term=${encodeURIComponent(article.title.trim())}` });
  }
  return links;
}

export type AppAction = 'stores' | 'sign-in' | 'buy' | 'pending' | 'unavailable';

/**
 * Free apps show the stores to everyone (nothing is sold, so nobody signs in for a link); a paid app asks a guest to
 * sign in, then the purchase options decide: owned → the stores, on sale → Buy (the purchase check opens the options),
 * nothing on offer → not available. `answer` is null until the purchase options are in.
 */
export function appAction(article: Pick<ArticleDetails, 'prices'>, signedIn: boolean, answer: OptionsAnswer | null): AppAction {
  if (isFree(article)) return 'stores';
  if (!signedIn) return 'sign-in';
  if (!answer) return 'pending';
  const decision = decideConsume(true, answer);
  switch (decision.kind) {
    case 'consume':
    case 'confirm-credit':
      return decision.kind === 'consume' ? 'stores' : 'buy';
    case 'login':
      return 'sign-in';
    case 'not-available':
    case 'device-not-supported':
      return 'unavailable';
    default:
      return 'buy';
  }
}
