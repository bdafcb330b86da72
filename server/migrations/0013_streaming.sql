-- Streaming (issue 13): a ticket per full play, the usage reports counted
-- against it (the basis for royalty statements), and the play history.
-- Portable SQL. Durations are whole milliseconds (clients report seconds
-- with fractions); the database keeps a ticket's listened total within its
-- media length, whatever the application does.

-- One full (non-preview) play of a signed-in user, issued by POST /song or
-- POST /video/streaming after the entitlement decision allowed it.
CREATE TABLE stream_tickets (
  id           TEXT PRIMARY KEY,          -- uuid, the answer's `ticket`
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  article_id   BIGINT NOT NULL,
  content_type TEXT NOT NULL,
  media_ms     BIGINT NOT NULL CHECK (media_ms >= 0),
  listened_ms  BIGINT NOT NULL DEFAULT 0,
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  CHECK (listened_ms >= 0 AND listened_ms <= media_ms)
);
-- Royalty statements: plays of an article in a period.
CREATE INDEX stream_tickets_article ON stream_tickets (tenant_id, article_id, created_at);
CREATE INDEX stream_tickets_user ON stream_tickets (tenant_id, user_uuid, created_at);

-- What the player reported for a ticket. A retry of the same report (same
-- ticket, type, client date and duration) is one row: it counts once.
CREATE TABLE stream_reports (
  id              TEXT PRIMARY KEY,       -- uuid
  ticket_id       TEXT NOT NULL REFERENCES stream_tickets (id) ON DELETE CASCADE,
  tenant_id       BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  type            TEXT NOT NULL CHECK (type IN ('listened', 'progress')),
  reported_at     TEXT NOT NULL,          -- the client's `date`, as UTC ISO-8601 with milliseconds
  usage_ms        BIGINT NOT NULL CHECK (usage_ms >= 0),
  max_usage_ms    BIGINT NOT NULL CHECK (max_usage_ms >= 0),
  offline         INTEGER NOT NULL DEFAULT 0 CHECK (offline IN (0, 1)),
  partial         INTEGER NOT NULL DEFAULT 0 CHECK (partial IN (0, 1)),
  created_at      TEXT NOT NULL
);
CREATE UNIQUE INDEX stream_reports_once ON stream_reports (ticket_id, type, reported_at, usage_ms);
CREATE INDEX stream_reports_tenant ON stream_reports (tenant_id, created_at);

-- The last action of a user on an article (action PLAY: the resume position).
CREATE TABLE play_history (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  article_id   BIGINT NOT NULL,
  action       TEXT NOT NULL CHECK (action IN ('PLAY')),
  content_type TEXT NOT NULL,
  position_ms  BIGINT NOT NULL DEFAULT 0 CHECK (position_ms >= 0),
  updated_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, article_id, action)
);
-- The history page: newest first.
CREATE INDEX play_history_newest ON play_history (tenant_id, user_uuid, action, updated_at, article_id);
