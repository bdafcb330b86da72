-- Webhooks out (issue 78 item 1, docs/decisions.md "Webhooks out"): an operator's endpoints, the events written in
-- the transaction of the change they report (the outbox), one delivery per endpoint and event, and every attempt.
--
-- An endpoint: its URL (the one link rule, http(s) only), the events it wants (a JSON array of names), its signing
-- secret sealed (core::seal_with under the staff secret key; the whsec_ text is shown once) and, after a rotation, the
-- previous one until previous_until; allow_private lets it reach private addresses, honoured in the dev stage only.
-- failing_since: the first failed attempt of the run of failures under way (NULL after a success); a day of it
-- disables the endpoint (disabled_reason 'failing').
CREATE TABLE webhook_endpoints (
  id               TEXT PRIMARY KEY,
  tenant_id        BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  url              TEXT NOT NULL,
  description      TEXT NOT NULL DEFAULT '',
  events           TEXT NOT NULL,
  enabled          INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  allow_private    INTEGER NOT NULL DEFAULT 0 CHECK (allow_private IN (0, 1)),
  secret_sealed    TEXT NOT NULL,
  previous_sealed  TEXT,
  previous_until   TEXT,
  failing_since    TEXT,
  disabled_reason  TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant_id, created_at);

-- An event as it happened: written by the change's own transaction (webhooks::record_event), with the payload the
-- endpoints receive ({"type","timestamp","data"}).
CREATE TABLE webhook_messages (
  id          TEXT PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  event_type  TEXT NOT NULL,
  payload     TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

-- A message to one endpoint: due at next_attempt_at (NULL once delivered or given up). A worker claims a due row by
-- moving next_attempt_at to the end of its lease (the mail outbox's claim): a holder killed mid-send leaves it due
-- again when the lease ends, and another instance sends it (at least once).
CREATE TABLE webhook_deliveries (
  id               TEXT PRIMARY KEY,
  tenant_id        BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  endpoint_id      TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  message_id       TEXT NOT NULL REFERENCES webhook_messages (id) ON DELETE CASCADE,
  status           TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT,
  created_at       TEXT NOT NULL,
  delivered_at     TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (tenant_id, endpoint_id, created_at);

-- Every attempt: when, the answer's status (0: no answer, error says why) and its first bytes.
CREATE TABLE webhook_attempts (
  id           TEXT PRIMARY KEY,
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  delivery_id  TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at           TEXT NOT NULL,
  status       INTEGER NOT NULL,
  duration_ms  INTEGER NOT NULL,
  answer       TEXT NOT NULL,
  error        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (tenant_id, delivery_id, at);
