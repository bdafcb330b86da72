-- Challenges (catalog import, commerce §3) with the users who opted in, and
-- tournament teams (commerce §7 tournament calls): teams per tournament
-- article, their members, join requests and the notifications (invitations)
-- their answers leave for the requester. Every row carries tenant_id.
-- SQLite twin; 0005_challenges_tournaments.postgres.sql differs only in the
-- generated integer keys.
CREATE TABLE catalog_challenges (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         BIGINT NOT NULL,
  game_id    BIGINT NOT NULL,
  position   INTEGER NOT NULL DEFAULT 0,
  doc        TEXT NOT NULL,              -- the imported challenge JSON (titles, steps, rewards, dates)
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX catalog_challenges_game ON catalog_challenges (tenant_id, game_id);
CREATE TABLE catalog_challenge_optins (
  tenant_id    BIGINT NOT NULL,
  challenge_id BIGINT NOT NULL,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  created_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, challenge_id, user_uuid),
  FOREIGN KEY (tenant_id, challenge_id) REFERENCES catalog_challenges (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE tournament_teams (
  id            INTEGER PRIMARY KEY,
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  tournament_id BIGINT NOT NULL,
  name          TEXT NOT NULL,
  captain_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  provider      TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  UNIQUE (tenant_id, tournament_id, name),
  FOREIGN KEY (tenant_id, tournament_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX tournament_teams_captain ON tournament_teams (tenant_id, captain_uuid);
-- One team per user and tournament is a constraint, not only a check.
CREATE TABLE tournament_team_members (
  tenant_id     BIGINT NOT NULL,
  team_id       BIGINT NOT NULL REFERENCES tournament_teams (id) ON DELETE CASCADE,
  tournament_id BIGINT NOT NULL,
  user_uuid     TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  user_id       TEXT NOT NULL,                 -- the public userId, as answers show it
  user_name     TEXT NOT NULL,
  ingame_id     TEXT NOT NULL,
  role          TEXT NOT NULL CHECK (role IN ('CAPTAIN', 'MEMBER')),
  joined_at     TEXT NOT NULL,
  PRIMARY KEY (team_id, user_uuid),
  UNIQUE (tenant_id, tournament_id, user_uuid)
);
CREATE TABLE tournament_join_requests (
  id          INTEGER PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  team_id     BIGINT NOT NULL REFERENCES tournament_teams (id) ON DELETE CASCADE,
  user_uuid   TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  user_id     TEXT NOT NULL,
  user_name   TEXT NOT NULL,
  ingame_id   TEXT NOT NULL,
  provider    TEXT NOT NULL,
  status      TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED')),
  created_at  TEXT NOT NULL,
  answered_at TEXT
);
CREATE INDEX tournament_join_requests_team ON tournament_join_requests (tenant_id, team_id, status);
CREATE UNIQUE INDEX tournament_join_requests_one_pending ON tournament_join_requests (team_id, user_uuid)
  WHERE status = 'PENDING';
-- What a user is told about a team: ACCEPTED / DECLINED answers to their join
-- requests. notified = 1 once the client showed it (markInvitationNotified).
CREATE TABLE tournament_invitations (
  id          INTEGER PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  team_id     BIGINT NOT NULL REFERENCES tournament_teams (id) ON DELETE CASCADE,
  user_uuid   TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  kind        TEXT NOT NULL,
  provider    TEXT NOT NULL,
  notified    INTEGER NOT NULL DEFAULT 0,
  created_at  TEXT NOT NULL,
  notified_at TEXT
);
CREATE INDEX tournament_invitations_user ON tournament_invitations (tenant_id, user_uuid, notified);
