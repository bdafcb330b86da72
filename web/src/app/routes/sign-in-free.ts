/** Whether a details page's one call to action says the item is free (issue 30). */
import { isFree } from '@/features/catalog/article-meta';
import type { ArticleDetails } from '@/features/catalog/types';
import { consumesOnDetails } from '@/features/purchases/purchase-types';

const GAMES = new Set(['cloud_game', 'game']);

/**
 * A guest on a free item that needs signing in (anything but an online game, which guests play): one call to action,
 * "Sign in to play free", instead of a "Free" tag beside "Sign in to play" (issue 30).
 */
export function signInToPlayFree(article: ArticleDetails, signedIn: boolean): boolean {
  if (signedIn || !isFree(article) || article.contentType === 'online_game') return false;
  return GAMES.has(article.contentType) || consumesOnDetails(article.contentType);
}

