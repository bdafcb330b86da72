-- Identity after the security probes: a registration and an e-mail change
-- take effect only through a link mailed to the address; a refresh token
-- reused within seconds answers its successor again; device cookies that
-- fail are throttled; mails with a confirmation link are limited per
-- address. Secrets are stored only as SHA-256 hex, times as ISO-8601 UTC text.

-- A registration waiting for its mailed link. The user row is made when the
-- link is used, so an unconfirmed registration holds no address.
CREATE TABLE pending_registrations (
  token_hash    TEXT PRIMARY KEY,
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  email         TEXT NOT NULL,
  name          TEXT NOT NULL,
  last_name     TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  redirect_url  TEXT NOT NULL,   -- canonical and allowed when the form was sent
  expires_at    TEXT NOT NULL,
  used_at       TEXT,
  created_at    TEXT NOT NULL
);
CREATE INDEX pending_registrations_expiry ON pending_registrations (tenant_id, expires_at);

-- A new e-mail address waiting for its link; users.email keeps the verified
-- one until then. One live row per user (a newer request replaces it).
CREATE TABLE email_changes (
  token_hash TEXT PRIMARY KEY,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  new_email  TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at    TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX email_changes_user ON email_changes (tenant_id, user_uuid);

-- One live reset link per user: a new one deletes the older ones.
CREATE INDEX password_resets_user ON password_resets (tenant_id, user_uuid);

-- The successor pair of a used refresh token, sealed with a key only the
-- used token's holder can derive (credentials.hpp), answered again within
-- the grace period; cleared once the successor itself is used.
ALTER TABLE refresh_tokens ADD COLUMN successor TEXT;

-- Two more counted scopes: failures of one device cookie, and mails with a
-- link to one address (registrations, e-mail changes). Short-lived counts:
-- nothing to keep.
DROP TABLE auth_attempts;
CREATE TABLE auth_attempts (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- pair: failures of one account from one address (progressive delay);
  -- account: failures of one account from anywhere (a far higher ceiling);
  -- address: failures from one address for any account;
  -- device: failures of one device cookie (its nonce);
  -- register / confirm_email / reset_address / reset_email: requests, successful or not.
  scope     TEXT NOT NULL CHECK (scope IN ('pair', 'account', 'address', 'device', 'register', 'confirm_email',
                                           'reset_address', 'reset_email')),
  subject   TEXT NOT NULL,
  at        TEXT NOT NULL
);
CREATE INDEX auth_attempts_lookup ON auth_attempts (tenant_id, scope, subject, at);
