-- Analytics and tracking events the client reports (POST /kafka/event/{name}).
-- Portable between SQLite and PostgreSQL: a text UUID key, JSON as text.
CREATE TABLE events (
  id         TEXT PRIMARY KEY,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  payload    TEXT NOT NULL,
  user_id    TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX events_tenant_name_time ON events (tenant_id, name, created_at);
