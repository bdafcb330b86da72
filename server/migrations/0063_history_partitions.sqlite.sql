-- History that can grow for years (issue 76 item 4; docs/operations.md "Partitions and retention"). On
-- SQLite the history tables stay whole tables (no partitions): retention deletes old rows in batches. The
-- PostgreSQL twin partitions them by month; what both dialects share is below.

-- A usage report carries its ticket's created_at (PostgreSQL partitions the reports by it, beside their
-- tickets): a ticket has one created_at, so the rule "one report per (ticket, type, date, claim)" is
-- unchanged with it in the unique index, which the INSERT's ON CONFLICT names on both dialects.
ALTER TABLE stream_reports ADD COLUMN ticket_created_at TEXT NOT NULL DEFAULT '';
UPDATE stream_reports SET ticket_created_at =
  (SELECT t.created_at FROM stream_tickets t WHERE t.id = stream_reports.ticket_id);
DROP INDEX stream_reports_once;
CREATE UNIQUE INDEX stream_reports_once ON stream_reports (ticket_id, type, reported_at, claimed_ms, ticket_created_at);

-- What retention deletes by: the rows older than a time, across tenants.
CREATE INDEX events_time ON events (created_at);
CREATE INDEX stream_tickets_time ON stream_tickets (created_at);
CREATE INDEX stream_reports_ticket_time ON stream_reports (ticket_created_at);
CREATE INDEX audit_log_time ON audit_log (at);

-- The upkeep's claim (one instance at a time; docs/operations.md "Background work") and what it last did.
CREATE TABLE history_upkeep (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  lease_token  TEXT,
  leased_until TEXT,
  last_run_at  TEXT,
  last_result  TEXT NOT NULL DEFAULT ''
);
INSERT INTO history_upkeep (id) VALUES (1);
