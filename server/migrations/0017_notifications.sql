-- Notifications and info services (issue 15). Portable SQL.

-- A user's notifications: written by the flows that tell the user something
-- (a join request to a captain's team and its answer, a paid purchase, a
-- renewal and a failed one; notifications::Notifier). The id is time-ordered
-- (16 hex digits: newer sorts later), so a page is one index range, newest
-- first. params: a JSON object of strings the client puts into the text of
-- `kind`; target: the portal path the notification opens. source names what
-- produced it ('purchase:<id>'): one notification per source and user, so a
-- settled payment seen twice tells the user once.
CREATE TABLE notifications (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         TEXT NOT NULL,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  kind       TEXT NOT NULL,
  params     TEXT NOT NULL DEFAULT '{}',
  target     TEXT NOT NULL DEFAULT '',
  source     TEXT,
  created_at TEXT NOT NULL,
  read_at    TEXT,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX notifications_user ON notifications (tenant_id, user_uuid, id);
CREATE INDEX notifications_unread ON notifications (tenant_id, user_uuid, id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notifications_source ON notifications (tenant_id, user_uuid, source) WHERE source IS NOT NULL;

-- Info services (commerce §7 /info-service calls): daily content a user
-- subscribes to, per tenant. doc: titles, descriptions and the daily entries
-- in six languages (data/info-services/demo.json, validated at seed time).
CREATE TABLE info_services (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id        BIGINT NOT NULL,
  name      TEXT NOT NULL,
  position  INTEGER NOT NULL DEFAULT 0,
  doc       TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name)
);
CREATE TABLE info_service_subscriptions (
  tenant_id  BIGINT NOT NULL,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  service_id BIGINT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, service_id),
  FOREIGN KEY (tenant_id, service_id) REFERENCES info_services (tenant_id, id) ON DELETE CASCADE
);
