/** Wire shapes of the game calls (docs/contracts.md "Games and leaderboards") and what a game article carries. */

/** What the games feature reads of a catalog article (the catalog's article answer has more). */
export interface GameArticle {
  id: number;
  title: string;
  contentType: string;
  prices?: readonly { businessModel?: string | null }[] | null;
  customProperties?: Record<string, unknown> | null;
}

/** POST /game/play and /game/play-free. */
export interface PlayAnswer {
  uri: string;
  session: string;
  /** Epoch ms of a signed URL; 0 for a public (free) game page. */
  expires: number;
  sessionExpiresAt: string;
  /** false: the game opens in a window of its own. */
  useGameFrame: boolean;
}

export interface Standing {
  rank: number;
  score: number;
}

export interface LeaderboardEntry {
  rank: number;
  name: string;
  score: number;
  me: boolean;
}

/** GET /game/leaderboard/{contentId}. */
export interface Leaderboard {
  contentId: number;
  entries: LeaderboardEntry[];
  me: Standing | null;
  players: number;
}

export interface Scored {
  score: number;
  best: number;
  rank: number;
}
