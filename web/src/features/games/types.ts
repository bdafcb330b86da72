/**
 * The game calls' wire types, from the generated OpenAPI types (docs/openapi.json; docs/contracts.md
 * "Games and leaderboards"), and what the games feature reads of a catalog article.
 */
import type { ApiBody, ApiData, CatalogArticle } from '@/lib/api-schema';

/** What the games feature reads of a catalog article (the catalog's article answer has more). */
export type GameArticle = Pick<CatalogArticle, 'id' | 'title' | 'contentType' | 'prices' | 'customProperties'>;

/** POST /game/play and /game/play-free: `expires` is the epoch ms of a signed URL (0 for a public free game page); useGameFrame false opens the game in a window of its own. */
export type PlayAnswer = ApiData<'postBackendGamePlay'>;
export type PlayBody = ApiBody<'postBackendGamePlay'>;

/** POST /game/arcade-competition: the play answer and the competition (players, the caller's standing). */
export type ArcadeAnswer = ApiData<'postBackendGameArcadeCompetition'>;
export type ArcadeBody = ApiBody<'postBackendGameArcadeCompetition'>;
export type Competition = ArcadeAnswer['competition'];

/** GET /game/leaderboard/{contentId}. */
export type Leaderboard = ApiData<'getBackendGameLeaderboardContentId'>;
export type LeaderboardEntry = Leaderboard['entries'][number];
export type Standing = NonNullable<Leaderboard['me']>;

/** POST /game/score. */
export type Scored = ApiData<'postBackendGameScore'>;
export type ScoreBody = ApiBody<'postBackendGameScore'>;

/** GET /purchase/user/purchaseOptions (the purchases domain's answer; the button's state is decided from it). */
export type GamePurchaseOptions = ApiData<'getBackendPurchaseUserPurchaseOptions'>;
