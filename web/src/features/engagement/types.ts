/** Likes and ratings (commerce §3 "Liked entities", §7 like and rating calls; docs/contracts.md "Likes and ratings"). */

/** The kinds of commerce §3, spelled as the backend's `{type}`. */
export const LIKE_KINDS = [
  'tracks',
  'playlists',
  'albums',
  'artists',
  'games',
  'videos',
  'Online Game',
  'videoCollection',
  'podcast',
  'podcastCollection',
  'audiobook',
  'audiobookChapter',
  'CloudGame',
  'product',
] as const;

export type LikeKind = (typeof LIKE_KINDS)[number];

/** GET /like: the liked ids of every kind. */
export type LikedIds = Record<LikeKind, number[]>;

/** GET /like/{type} entries; `article` is the catalog's Article answer (null when it left the catalog). */
export interface LikedEntry<A = unknown> {
  id: number;
  contentType: string;
  likedAt: string;
  article: A | null;
}

export interface LikeAnswer {
  id: number;
  type: string;
  contentType: string;
  liked: boolean;
  likedAt: string;
}

export interface UserRating {
  articleId: number;
  score: number | null;
  contentType: string | null;
  updatedAt: string | null;
}

export interface RatingSummary {
  articleId: number;
  average: number;
  count: number;
  min: number;
  max: number;
}

export interface Rated {
  articleId: number;
  score: number;
  contentType: string;
  updatedAt: string;
  average: number;
  count: number;
}

/** What a like button or the rating dialog needs of an article. */
export interface EngagementTarget {
  id: number;
  title: string;
  contentType: string;
}

/** GET /user/history/PLAY entries (the streaming domain's calls). */
export interface HistoryEntry<A = unknown> {
  articleId: number;
  contentType: string;
  userCurrentPlaying: number;
  updatedAt: string;
  article: A | null;
}
