/**
 * Parts of a details page only some articles show, whose code loads with such an article's page (issue 52):
 * a game's screenshots and trailer, a collection's tracks, episodes or chapters. The first page's loader
 * fetches them with the page's module when its payload's article has them (app/routes/page-modules.ts), so
 * the first render draws them where the server's first view did; a page opened later waits for them before
 * it shows such an article (app/routes/catalog-details.tsx).
 */
import type { ArticleDetails } from './types';
import type * as GameMediaModule from './components/game-media';
import type * as TrackListModule from './components/track-list';

export type GameMedia = typeof GameMediaModule;
export type TrackLists = typeof TrackListModule;

export function loadGameMedia(): Promise<GameMedia> {
  return import('./components/game-media');
}

export function loadTrackLists(): Promise<TrackLists> {
  return import('./components/track-list');
}

/** Games, which show their screenshots and trailer (article-meta.ts says it to the rest of the app). */
export function isGame(contentType: string): boolean {
  return contentType === 'online_game' || contentType === 'game';
}

export function hasTrackLists(article: ArticleDetails): boolean {
  return [article.tracks, article.topTracks, article.episodes, article.chapters].some((items) => (items?.length ?? 0) > 0);
}

/** The parts `article` (as a page payload carries it) shows: the loaders to start with its page's module. */
export function partsOf(article: unknown): (() => Promise<unknown>)[] {
  if (typeof article !== 'object' || article === null) return [];
  const { contentType } = article as { contentType?: unknown };
  const parts: (() => Promise<unknown>)[] = [];
  if (typeof contentType === 'string' && isGame(contentType)) parts.push(loadGameMedia);
  if (hasTrackLists(article as ArticleDetails)) parts.push(loadTrackLists);
  return parts;
}
