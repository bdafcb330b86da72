-- History that can grow for years (issue 76 item 4; docs/operations.md "Partitions and retention"):
-- the plays (stream_tickets), their usage reports (stream_reports), the analytics and server events
-- (events) and the staff audit log (audit_log) become tables partitioned by month on their time column,
-- so a report over a range reads only that range's months and retention drops whole months.
--
-- Each table is rebuilt: the old one renamed aside, the partitioned one created with the same columns,
-- checks, foreign keys and indexes, one partition per month its rows use plus the current month and the
-- next three, and a DEFAULT partition so that no insert ever fails for want of one; the rows copied;
-- the old table dropped. The portal's history upkeep (server/src/db/history_partitions.cpp) then keeps
-- months ahead and drops months past their retention.
--
-- The time columns stay ISO-8601 text ("2026-11-29T22:33:26.123Z"); the partition keys are COLLATE "C"
-- so a month's bounds ('2026-11' to '2026-12') compare as bytes whatever the cluster's locale, and every
-- query's plain `created_at >= $1 AND created_at < $2` prunes with them (the column's collation is the
-- key's). A primary key or unique index of a partitioned table holds its partition key:
--   events       (id, created_at)             ids are fresh uuids, so one per id as before;
--   stream_tickets (id, created_at)           likewise, and the key stream_reports refer to;
--   stream_reports partitioned by its ticket's created_at (a new column, ticket_created_at): a ticket has
--                one created_at, so "one report per (ticket, type, date, claim)" stays exactly the rule it
--                was, and a ticket's reports live in the ticket's month (retention drops them together);
--   audit_log    (id, at)                     ids from a sequence (identity columns on a partitioned
--                table need PostgreSQL 17).

-- ---------------------------------------------------------------------------------------------------
-- Aside.
ALTER TABLE stream_reports RENAME TO stream_reports_unpartitioned;
ALTER INDEX stream_reports_pkey RENAME TO stream_reports_unpartitioned_pkey;
ALTER INDEX stream_reports_once RENAME TO stream_reports_unpartitioned_once;
ALTER INDEX stream_reports_tenant RENAME TO stream_reports_unpartitioned_tenant;

ALTER TABLE stream_tickets RENAME TO stream_tickets_unpartitioned;
ALTER INDEX stream_tickets_pkey RENAME TO stream_tickets_unpartitioned_pkey;
ALTER INDEX stream_tickets_article RENAME TO stream_tickets_unpartitioned_article;
ALTER INDEX stream_tickets_user RENAME TO stream_tickets_unpartitioned_user;
ALTER INDEX stream_tickets_unclosed RENAME TO stream_tickets_unpartitioned_unclosed;
ALTER INDEX usage_stream_tickets_time RENAME TO usage_stream_tickets_unpartitioned_time;

ALTER TABLE events RENAME TO events_unpartitioned;
ALTER INDEX events_pkey RENAME TO events_unpartitioned_pkey;
ALTER INDEX events_tenant_name_time RENAME TO events_unpartitioned_tenant_name_time;

ALTER TABLE audit_log RENAME TO audit_log_unpartitioned;
ALTER INDEX audit_log_pkey RENAME TO audit_log_unpartitioned_pkey;
ALTER INDEX audit_log_tenant_time RENAME TO audit_log_unpartitioned_tenant_time;
ALTER INDEX audit_log_actor RENAME TO audit_log_unpartitioned_actor;

-- ---------------------------------------------------------------------------------------------------
-- The partitioned tables (columns as migrations 0002, 0013, 0025, 0029 and 0044 left them).
CREATE TABLE events (
  id         TEXT NOT NULL,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  payload    TEXT NOT NULL,
  user_id    TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  origin     TEXT NOT NULL DEFAULT 'client' CHECK (origin IN ('client', 'server')),
  client     TEXT,
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
CREATE INDEX events_tenant_name_time ON events (tenant_id, name, created_at);

CREATE TABLE stream_tickets (
  id           TEXT NOT NULL,
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  article_id   BIGINT NOT NULL,
  content_type TEXT NOT NULL,
  media_ms     BIGINT NOT NULL CHECK (media_ms >= 0),
  counted_ms   BIGINT NOT NULL DEFAULT 0,
  created_at   TEXT COLLATE "C" NOT NULL,
  expires_at   TEXT NOT NULL,
  claimed_ms   BIGINT NOT NULL DEFAULT 0 CHECK (claimed_ms >= 0),
  closed_at    TEXT,
  CHECK (counted_ms >= 0 AND counted_ms <= media_ms),
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
CREATE INDEX stream_tickets_article ON stream_tickets (tenant_id, article_id, created_at);
CREATE INDEX stream_tickets_user ON stream_tickets (tenant_id, user_uuid, created_at);
CREATE INDEX stream_tickets_unclosed ON stream_tickets (tenant_id, user_uuid, created_at) WHERE closed_at IS NULL;
CREATE INDEX usage_stream_tickets_time ON stream_tickets (tenant_id, created_at);

CREATE TABLE stream_reports (
  id                TEXT NOT NULL,
  ticket_id         TEXT NOT NULL,
  ticket_created_at TEXT COLLATE "C" NOT NULL,
  tenant_id         BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  type              TEXT NOT NULL CHECK (type IN ('listened', 'progress')),
  reported_at       TEXT NOT NULL,
  claimed_ms        BIGINT NOT NULL CHECK (claimed_ms >= 0),
  max_usage_ms      BIGINT NOT NULL CHECK (max_usage_ms >= 0),
  offline           INTEGER NOT NULL DEFAULT 0 CHECK (offline IN (0, 1)),
  partial           INTEGER NOT NULL DEFAULT 0 CHECK (partial IN (0, 1)),
  created_at        TEXT NOT NULL,
  counted_ms        BIGINT NOT NULL DEFAULT 0 CHECK (counted_ms >= 0),
  PRIMARY KEY (id, ticket_created_at),
  FOREIGN KEY (ticket_id, ticket_created_at) REFERENCES stream_tickets (id, created_at) ON DELETE CASCADE
) PARTITION BY RANGE (ticket_created_at);
CREATE UNIQUE INDEX stream_reports_once ON stream_reports (ticket_id, type, reported_at, claimed_ms, ticket_created_at);
CREATE INDEX stream_reports_tenant ON stream_reports (tenant_id, created_at);

CREATE SEQUENCE audit_log_ids AS BIGINT;
CREATE TABLE audit_log (
  id             BIGINT NOT NULL DEFAULT nextval('audit_log_ids'),
  at             TEXT COLLATE "C" NOT NULL,
  tenant_id      BIGINT,
  actor_id       TEXT NOT NULL,
  actor_email    TEXT NOT NULL,
  actor_role     TEXT NOT NULL,
  action         TEXT NOT NULL,
  call           TEXT NOT NULL,
  object_type    TEXT NOT NULL,
  object_id      TEXT NOT NULL,
  before_value   TEXT,
  after_value    TEXT,
  client_address TEXT NOT NULL DEFAULT '',
  request_id     TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (id, at)
) PARTITION BY RANGE (at);
ALTER SEQUENCE audit_log_ids OWNED BY audit_log.id;
CREATE INDEX audit_log_tenant_time ON audit_log (tenant_id, at);
CREATE INDEX audit_log_actor ON audit_log (actor_id);
-- Append-only as before (migration 0029): the row trigger is cloned onto every partition, present and
-- future. Retention drops whole partitions past --retention-audit-months, which no trigger sees: that
-- is the one way history leaves (docs/operations.md "Partitions and retention").
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- ---------------------------------------------------------------------------------------------------
-- The months: those the rows use, and this month with the next three; then DEFAULT (times out of every
-- month's range: a clock far off, a row from long ago). Partitions are named <table>_pYYYY_MM.
DO $$
DECLARE
  t record;
  m text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('events', 'SELECT substr(created_at, 1, 7) FROM events_unpartitioned'),
      ('stream_tickets', 'SELECT substr(created_at, 1, 7) FROM stream_tickets_unpartitioned'),
      ('stream_reports', 'SELECT substr(created_at, 1, 7) FROM stream_tickets_unpartitioned'),
      ('audit_log', 'SELECT substr(at, 1, 7) FROM audit_log_unpartitioned')) AS v(parent, months)
  LOOP
    FOR m IN EXECUTE 'SELECT DISTINCT m FROM (' || t.months || ' UNION SELECT to_char(date_trunc(''month'', '
        || 'now() AT TIME ZONE ''UTC'') + make_interval(months => g), ''YYYY-MM'') FROM generate_series(0, 3) g) '
        || 'AS x(m) WHERE m ~ ''^[0-9]{4}-[0-9]{2}$'' ORDER BY 1'
    LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                     t.parent || '_p' || replace(m, '-', '_'), t.parent, m,
                     to_char(to_date(m || '-01', 'YYYY-MM-DD') + interval '1 month', 'YYYY-MM'));
    END LOOP;
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', t.parent || '_default', t.parent);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------------
-- The rows, then the old tables.
INSERT INTO events (id, tenant_id, name, payload, user_id, created_at, origin, client)
  SELECT id, tenant_id, name, payload, user_id, created_at, origin, client FROM events_unpartitioned;
INSERT INTO stream_tickets (id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, created_at,
                            expires_at, claimed_ms, closed_at)
  SELECT id, tenant_id, user_uuid, article_id, content_type, media_ms, counted_ms, created_at, expires_at, claimed_ms,
         closed_at FROM stream_tickets_unpartitioned;
INSERT INTO stream_reports (id, ticket_id, ticket_created_at, tenant_id, type, reported_at, claimed_ms, max_usage_ms,
                            offline, partial, created_at, counted_ms)
  SELECT r.id, r.ticket_id, t.created_at, r.tenant_id, r.type, r.reported_at, r.claimed_ms, r.max_usage_ms, r.offline,
         r.partial, r.created_at, r.counted_ms
  FROM stream_reports_unpartitioned r JOIN stream_tickets_unpartitioned t ON t.id = r.ticket_id;
INSERT INTO audit_log (id, at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, object_id,
                       before_value, after_value, client_address, request_id)
  SELECT id, at, tenant_id, actor_id, actor_email, actor_role, action, call, object_type, object_id, before_value,
         after_value, client_address, request_id FROM audit_log_unpartitioned;
SELECT setval('audit_log_ids', COALESCE((SELECT MAX(id) FROM audit_log_unpartitioned), 0) + 1, false);

DROP TABLE stream_reports_unpartitioned;
DROP TABLE stream_tickets_unpartitioned;
DROP TABLE events_unpartitioned;
DROP TABLE audit_log_unpartitioned;

-- The upkeep's claim (one instance at a time; docs/operations.md "Background work") and what it last did.
CREATE TABLE history_upkeep (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  lease_token  TEXT,
  leased_until TEXT,
  last_run_at  TEXT,
  last_result  TEXT NOT NULL DEFAULT ''
);
INSERT INTO history_upkeep (id) VALUES (1);
