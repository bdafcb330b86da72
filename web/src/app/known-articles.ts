/**
 * Articles seen on details pages, so that a play started by the purchase flow (an id and a title)
 * has its cover and list (player-host.ts). Its own small module: a details page remembers its
 * article without loading the player or the flows (issue 52).
 */
import { articleHref, artistNames } from '@/features/catalog/article-meta';
import type { Article, ArticleDetails } from '@/features/catalog/types';
import type { PreviewItem } from '@/features/catalog/preview-player';
import type { Track } from '@/features/streaming/playlist';

/** Collections whose tracks come with their details answer (the rest page through the collection). */
const LISTED_CHILDREN = ['tracks', 'chapters', 'episodes', 'topTracks'] as const;

export function trackOfArticle(article: PreviewItem | Article): Track {
  return {
    id: article.id,
    title: article.title,
    artist: artistNames(article) || undefined,
    imageUrl: article.imageUrl ?? null,
    contentType: article.contentType,
    collectionId: article.collectionInfo.articleId ?? null,
    durationSeconds: article.durationSeconds ?? null,
    isWalletItem: article.isWalletItem ?? undefined,
    href: articleHref(article),
  };
}

/** Each remembered article: its own track and its listed children. */
export const known = new Map<number, { track: Track; children: Track[] }>();

export function rememberArticle(article: ArticleDetails): void {
  const children = LISTED_CHILDREN.flatMap((key) => article[key] ?? []).map(trackOfArticle);
  known.set(article.id, { track: trackOfArticle(article), children });
}

