/**
 * Likes and ratings (commerce §3 "Liked entities", §7 like and rating calls; docs/contracts.md "Likes
 * and ratings"): wire types from the generated OpenAPI types (docs/openapi.json).
 */
import type { ApiBody, ApiData, CatalogArticle } from '@/lib/api-schema';

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

/** GET /like: the liked ids of every kind (a kind the answer leaves out has none). */
export type LikedIds = Record<LikeKind, number[]>;
export type LikedIdsAnswer = ApiData<'getBackendLike'>;

/**
 * GET /like/{type} and GET /user/history/PLAY entries carry the catalog's article answer (A). The
 * document types `article` as an optional free object (server: `std::optional<json::object>`); the
 * server always sends it, null when the article left the catalog.
 */
export type LikedEntry<A = CatalogArticle> = Omit<ApiData<'getBackendLikeType'>[number], 'article'> & { article: A | null };
/** GET /user/history/PLAY entries (the streaming domain's calls); `article` as in LikedEntry. */
export type HistoryEntry<A = CatalogArticle> = Omit<ApiData<'getBackendUserHistoryPLAY'>[number], 'article'> & { article: A | null };

/** POST and DELETE /like/{type}/{id}. */
export type LikeAnswer = ApiData<'postBackendLikeTypeId'>;
/** A like to set (POST) or take back (DELETE). */
export type LikeChange = Pick<LikeAnswer, 'id'> & { kind: LikeKind; like: boolean };

export type UserRating = ApiData<'getBackendRatingUserArticleId'>;
export type RatingSummary = ApiData<'getBackendRatingArticleId'>;
export type RatingBody = ApiBody<'putBackendRating'>;
export type Rated = ApiData<'putBackendRating'>;

/** What a like button or the rating dialog needs of an article. */
export type EngagementTarget = Pick<CatalogArticle, 'id' | 'title' | 'contentType'>;
