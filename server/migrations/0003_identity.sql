-- Identity (issue 3): users per tenant, hosted sign-in codes, sessions with
-- rotating refresh tokens, password resets, sign-in throttling, devices and
-- the mail outbox. Every row carries tenant_id; secrets are stored only as
-- SHA-256 hex; times are ISO-8601 UTC text (they sort as text).
CREATE TABLE users (
  uuid             TEXT PRIMARY KEY,
  tenant_id        BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id          TEXT NOT NULL,
  email            TEXT,               -- lower case; NULL for operator (MSISDN) users
  msisdn           TEXT,               -- set for users signed in by the operator network
  name             TEXT NOT NULL DEFAULT '',
  last_name        TEXT NOT NULL DEFAULT '',
  user_information TEXT NOT NULL DEFAULT '{}',
  roles            TEXT NOT NULL DEFAULT '["user"]',
  password_hash    TEXT,               -- argon2id string; NULL: no password sign-in
  alternat_theme   INTEGER,            -- NULL until the user saves a choice
  selected_lang    TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  UNIQUE (tenant_id, user_id),
  UNIQUE (tenant_id, email),
  UNIQUE (tenant_id, msisdn)
);

-- One sign-in: the family of its access and refresh tokens. Revoking it ends
-- every token of the family (logout, refresh reuse, password reset).
CREATE TABLE auth_sessions (
  id            TEXT PRIMARY KEY,
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid     TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  created_at    TEXT NOT NULL,
  revoked_at    TEXT,
  revoke_reason TEXT
);
CREATE INDEX auth_sessions_user ON auth_sessions (tenant_id, user_uuid);

CREATE TABLE access_tokens (
  token_hash TEXT PRIMARY KEY,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX access_tokens_session ON access_tokens (session_id);

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at    TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- One-time codes of the hosted sign-in, bound to the redirect URL.
CREATE TABLE auth_codes (
  code_hash    TEXT PRIMARY KEY,
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  redirect_url TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  used_at      TEXT,
  created_at   TEXT NOT NULL
);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at    TEXT,
  created_at TEXT NOT NULL
);

-- Failed sign-ins, counted in a sliding window per account and per address.
CREATE TABLE sign_in_failures (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  scope     TEXT NOT NULL CHECK (scope IN ('account', 'address')),
  subject   TEXT NOT NULL,
  failed_at TEXT NOT NULL
);
CREATE INDEX sign_in_failures_lookup ON sign_in_failures (tenant_id, scope, subject, failed_at);

CREATE TABLE devices (
  tenant_id        BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id               TEXT NOT NULL,
  user_agent       TEXT NOT NULL,
  operating_system TEXT NOT NULL,
  kind             TEXT NOT NULL,
  first_seen       TEXT NOT NULL,
  last_seen        TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

-- Every mail the portal sends; the dev outbox page lists them.
CREATE TABLE mail_outbox (
  id         TEXT PRIMARY KEY,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  recipient  TEXT NOT NULL,
  subject    TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at    TEXT,
  error      TEXT
);
CREATE INDEX mail_outbox_tenant_time ON mail_outbox (tenant_id, created_at);
