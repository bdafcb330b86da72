-- Staff: operators of a tenant (or of the platform), a realm apart from the
-- customers of identity (docs/staff.md). Times are ISO-8601 UTC text.
--   tenant_id       the tenant the member works for; NULL: a platform administrator
--   role            platform_admin | owner | admin | editor | support | finance
--   password_hash   argon2id (libsodium crypto_pwhash_str); '' until the invitation is accepted
--   totp_secret     base32 RFC 6238 secret (HMAC-SHA1, 30 s, 6 digits); '' until enrolled
--   totp_last_step  the last time step a code was accepted for: a code is good once
--   status          invited | active | disabled
CREATE TABLE staff_accounts (
  id              TEXT PRIMARY KEY,
  tenant_id       INTEGER REFERENCES tenants (id) ON DELETE CASCADE,
  email           TEXT NOT NULL,
  role            TEXT NOT NULL CHECK (role IN ('platform_admin', 'owner', 'admin', 'editor', 'support', 'finance')),
  password_hash   TEXT NOT NULL DEFAULT '',
  totp_secret     TEXT NOT NULL DEFAULT '',
  totp_last_step  INTEGER NOT NULL DEFAULT 0,
  status          TEXT NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'disabled')),
  language        TEXT NOT NULL DEFAULT 'en',
  failed_logins   INTEGER NOT NULL DEFAULT 0,
  locked_until    TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  CHECK ((tenant_id IS NULL) = (role = 'platform_admin'))
);
-- One account per e-mail within a tenant, and one among the platform's.
CREATE UNIQUE INDEX staff_accounts_email ON staff_accounts ((COALESCE(tenant_id, 0)), email);

-- A signed-in staff session: the token is stored as its SHA-256 only. It ends
-- at expires_at (8 h after sign-in), after 30 idle minutes (idle_until), or
-- when revoked (sign-out, an administrator, a role change).
CREATE TABLE staff_sessions (
  id             TEXT PRIMARY KEY,
  staff_id       TEXT NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  token_hash     TEXT NOT NULL UNIQUE,
  created_at     TEXT NOT NULL,
  expires_at     TEXT NOT NULL,
  idle_until     TEXT NOT NULL,
  revoked_at     TEXT,
  client_address TEXT NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- An invitation link (its token as SHA-256) and the TOTP secret the new
-- member enrols with when accepting it.
CREATE TABLE staff_invitations (
  token_hash  TEXT PRIMARY KEY,
  staff_id    TEXT NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  totp_secret TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL,
  used_at     TEXT
);
CREATE INDEX staff_invitations_staff ON staff_invitations (staff_id);

-- The audit log: one row per staff write (docs/staff.md "Audit log").
-- Append-only: triggers refuse UPDATE and DELETE, so no code path of the
-- application can change history. tenant_id has no foreign key on purpose:
-- the record outlives the tenant.
CREATE TABLE audit_log (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  at             TEXT NOT NULL,
  tenant_id      INTEGER,
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
  request_id     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_tenant_time ON audit_log (tenant_id, at);
CREATE INDEX audit_log_actor ON audit_log (actor_id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
