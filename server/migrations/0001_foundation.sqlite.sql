-- Tenants, the hosts that resolve to them, and their page structures.
-- JSON columns hold text; times are ISO-8601 UTC text.
CREATE TABLE tenants (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL UNIQUE,
  display_name   TEXT NOT NULL,
  default_locale TEXT NOT NULL DEFAULT 'en',
  default_theme  TEXT NOT NULL DEFAULT 'light' CHECK (default_theme IN ('light', 'dark')),
  colors         TEXT NOT NULL DEFAULT '',
  custom_style   TEXT NOT NULL DEFAULT '',
  features       TEXT NOT NULL DEFAULT '{}',
  settings       TEXT NOT NULL DEFAULT '{}',
  backend        TEXT NOT NULL DEFAULT '{}',
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
);

CREATE TABLE tenant_hosts (
  host      TEXT PRIMARY KEY,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE
);
CREATE INDEX tenant_hosts_tenant ON tenant_hosts (tenant_id);

CREATE TABLE page_structures (
  tenant_id  INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  tree       TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, name)
);
