-- Tournament brackets (issue 15): single elimination seeded from the
-- registered teams, the matches and the captains' result reports.
-- SQLite twin; 0018_tournament_brackets.postgres.sql differs only in the
-- generated match key.

-- One row per tournament with teams: its registration state. Registering a
-- team and drawing the bracket both update this row first, so they are
-- serialised by its row lock: a team registers while state is REGISTRATION,
-- the draw moves it to DRAWN once (a second draw finds it drawn and changes
-- nothing), and no team can slip in between the draw and its matches.
CREATE TABLE tournament_brackets (
  tenant_id        BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  tournament_id    BIGINT NOT NULL,
  state            TEXT NOT NULL DEFAULT 'REGISTRATION' CHECK (state IN ('REGISTRATION', 'DRAWN', 'FINISHED')),
  registered       INTEGER NOT NULL DEFAULT 0 CHECK (registered >= 0),
  rounds           INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),
  champion_team_id BIGINT REFERENCES tournament_teams (id) ON DELETE SET NULL,
  created_at       TEXT NOT NULL,
  drawn_at         TEXT,
  PRIMARY KEY (tenant_id, tournament_id),
  FOREIGN KEY (tenant_id, tournament_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);

-- A match is a slot of the bracket: (round, position) is unique, round 1
-- holds the seeded pairs, the winner of (r, p) plays in (r + 1, p / 2).
-- status: WAITING (a side is still open), READY (both sides known), BYE (one
-- team, advanced at the draw), DISPUTED (the captains named different
-- winners), DONE. reports counts the reports; each report first bumps it,
-- which takes the match's row lock, so two captains reporting at once are
-- decided one after the other.
CREATE TABLE tournament_matches (
  id            INTEGER PRIMARY KEY,
  tenant_id     BIGINT NOT NULL,
  tournament_id BIGINT NOT NULL,
  round         INTEGER NOT NULL CHECK (round >= 1),
  position      INTEGER NOT NULL CHECK (position >= 0),
  home_team_id  BIGINT REFERENCES tournament_teams (id) ON DELETE SET NULL,
  away_team_id  BIGINT REFERENCES tournament_teams (id) ON DELETE SET NULL,
  status        TEXT NOT NULL CHECK (status IN ('WAITING', 'READY', 'BYE', 'DISPUTED', 'DONE')),
  winner_team_id BIGINT REFERENCES tournament_teams (id) ON DELETE SET NULL,
  decided_by    TEXT CHECK (decided_by IN ('BYE', 'CAPTAINS', 'ORGANIZER')),
  reports       INTEGER NOT NULL DEFAULT 0,
  decided_at    TEXT,
  UNIQUE (tenant_id, tournament_id, round, position),
  CHECK (home_team_id IS NULL OR away_team_id IS NULL OR home_team_id <> away_team_id),
  CHECK (winner_team_id IS NULL OR winner_team_id = home_team_id OR winner_team_id = away_team_id),
  CHECK ((status IN ('DONE', 'BYE')) = (winner_team_id IS NOT NULL)),
  FOREIGN KEY (tenant_id, tournament_id) REFERENCES tournament_brackets (tenant_id, tournament_id) ON DELETE CASCADE
);
CREATE INDEX tournament_matches_tournament ON tournament_matches (tenant_id, tournament_id, round, position);

-- A captain's report of a match: one per side (the key refuses a second).
CREATE TABLE tournament_match_reports (
  tenant_id      BIGINT NOT NULL,
  match_id       BIGINT NOT NULL REFERENCES tournament_matches (id) ON DELETE CASCADE,
  team_id        BIGINT NOT NULL REFERENCES tournament_teams (id) ON DELETE CASCADE,
  reporter_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  winner_team_id BIGINT NOT NULL,
  created_at     TEXT NOT NULL,
  PRIMARY KEY (match_id, team_id)
);
