-- Royalty reports that cannot be inflated, and rewards only for what the
-- server saw (docs/security.md "Usage reports and play tickets", "Challenge
-- progress from server facts"). Portable between SQLite (3.25+: RENAME COLUMN)
-- and PostgreSQL.

-- What a player claimed and what counted are two columns, on the ticket
-- (totals) and on each report. A listened report counts at most the time its
-- ticket has been open (plus a small allowance) and at most the media's
-- length; royalty statements read counted_ms. Before this migration every
-- claim counted, so existing rows get counted = claimed.
ALTER TABLE stream_tickets RENAME COLUMN listened_ms TO counted_ms;
ALTER TABLE stream_tickets ADD COLUMN claimed_ms BIGINT NOT NULL DEFAULT 0 CHECK (claimed_ms >= 0);
UPDATE stream_tickets SET claimed_ms = counted_ms;
-- A newer ticket of the same user closed this one: its open time ends here.
-- A user keeps at most a few tickets unclosed (each issue closes the oldest
-- past the limit), so the partial index stays small per user. Tickets issued
-- before this migration close when they expire (their counting is unchanged).
ALTER TABLE stream_tickets ADD COLUMN closed_at TEXT;
UPDATE stream_tickets SET closed_at = expires_at;
CREATE INDEX stream_tickets_unclosed ON stream_tickets (tenant_id, user_uuid, created_at) WHERE closed_at IS NULL;

ALTER TABLE stream_reports RENAME COLUMN usage_ms TO claimed_ms;
ALTER TABLE stream_reports ADD COLUMN counted_ms BIGINT NOT NULL DEFAULT 0 CHECK (counted_ms >= 0);
UPDATE stream_reports SET counted_ms = claimed_ms WHERE type = 'listened';

-- One row per user who was ever issued a ticket: the rate window (tickets
-- issued since window_start; a window starts with the first ticket after the
-- last one ended). Each issue writes it first, so a user's concurrent issues
-- queue on it and both limits see every ticket committed before.
CREATE TABLE stream_ticket_gates (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  window_start TEXT NOT NULL,
  issued       BIGINT NOT NULL DEFAULT 0 CHECK (issued >= 0),
  PRIMARY KEY (tenant_id, user_uuid)
);

-- Who says an event happened: the client (POST /kafka/event/{name}) or the
-- server (a game session it opened, a report it counted). Challenges count
-- server events only.
ALTER TABLE events ADD COLUMN origin TEXT NOT NULL DEFAULT 'client' CHECK (origin IN ('client', 'server'));
