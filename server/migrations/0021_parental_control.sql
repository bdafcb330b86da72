-- Parental control (issue 16, commerce §3 "Parental control account"). Portable SQL.
-- One account per user: the parental password (argon2id, never the text),
-- the highest content rating the profile may see while active, and the
-- lock-out state of the password check, kept here so that every instance
-- sees the same count.
CREATE TABLE parental_controls (
  tenant_id       BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid       TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  password_hash   TEXT NOT NULL,
  max_age_group   INTEGER NOT NULL CHECK (max_age_group BETWEEN 0 AND 1000),
  is_active       INTEGER NOT NULL DEFAULT 0 CHECK (is_active IN (0, 1)),
  failed_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until    TEXT,
  updated_at      TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid)
);

-- Reset codes sent by mail: only their SHA-256 is stored; a code is used once
-- (used_at set by the one UPDATE that accepts it) and expires.
CREATE TABLE parental_reset_codes (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  code_hash  TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at    TEXT,
  PRIMARY KEY (tenant_id, user_uuid, code_hash)
);
-- Mails sent in the last hour (the send limit).
CREATE INDEX parental_reset_codes_recent ON parental_reset_codes (tenant_id, user_uuid, created_at);
