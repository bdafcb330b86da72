-- The apps marketplace (issue 15; docs/decisions.md "Apps marketplace"). Portable SQL.

-- A third-party app registered by a user of the tenant (its owner). The id is
-- also its client id; only a SHA-256 hash of its client secret is kept.
-- name_key: the name in lower case, unique in the tenant. scopes: the
-- requested access, space-separated, from a fixed list (apps_types.hpp).
CREATE TABLE apps (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id           TEXT NOT NULL,
  owner_uuid   TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  name_key     TEXT NOT NULL,
  publisher    TEXT NOT NULL,
  description  TEXT NOT NULL,
  redirect_uri TEXT NOT NULL CHECK (redirect_uri LIKE 'https://%'),
  scopes       TEXT NOT NULL CHECK (scopes <> ''),
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  secret_hash  TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name_key)
);
CREATE INDEX apps_owner ON apps (tenant_id, owner_uuid, created_at);

-- A user's decision on an app: one row per user and app, changed in place
-- (granted, refused, or revoked after a grant). scopes: what was granted.
CREATE TABLE app_consents (
  tenant_id  BIGINT NOT NULL,
  app_id     TEXT NOT NULL,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  decision   TEXT NOT NULL CHECK (decision IN ('granted', 'refused', 'revoked')),
  scopes     TEXT NOT NULL DEFAULT '',
  decided_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, app_id, user_uuid),
  FOREIGN KEY (tenant_id, app_id) REFERENCES apps (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX app_consents_user ON app_consents (tenant_id, user_uuid, decision, decided_at);
