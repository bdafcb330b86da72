-- Game sessions, scores and leaderboards (issue 13). Portable SQL.

-- One play of one game, opened by /game/play, /game/play-free or
-- /game/arcade-competition. The id is the random token the page posts scores
-- with: a score counts only for a session the server opened, in its tenant,
-- for its game, before it expires.
CREATE TABLE game_sessions (
  id          TEXT PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  article_id  BIGINT NOT NULL,
  user_uuid   TEXT REFERENCES users (uuid) ON DELETE CASCADE,  -- NULL: a guest
  kind        TEXT NOT NULL CHECK (kind IN ('play', 'free', 'arcade')),
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL,
  best_score  BIGINT CHECK (best_score IS NULL OR best_score >= 0)
);
CREATE INDEX game_sessions_expiry ON game_sessions (tenant_id, expires_at);

-- The best score of each player per game: a user ('u:' || uuid) or a guest's
-- session ('g:' || session id). Only a higher score replaces it (a
-- conditional upsert). The index serves the top 10 and the rank count.
CREATE TABLE game_scores (
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  article_id  BIGINT NOT NULL,
  player      TEXT NOT NULL,
  user_uuid   TEXT REFERENCES users (uuid) ON DELETE CASCADE,
  score       BIGINT NOT NULL CHECK (score >= 0),
  achieved_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, article_id, player)
);
CREATE INDEX game_scores_rank ON game_scores (tenant_id, article_id, score DESC, achieved_at);

-- Score posts counted per session and per user (the same shape as the other
-- throttles: auth_attempts, voucher_attempts).
CREATE TABLE game_score_attempts (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  scope     TEXT NOT NULL CHECK (scope IN ('session', 'user')),
  subject   TEXT NOT NULL,
  at        TEXT NOT NULL
);
CREATE INDEX game_score_attempts_lookup ON game_score_attempts (tenant_id, scope, subject, at);
