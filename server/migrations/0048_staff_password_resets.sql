-- A staff password-reset link (issue 45 item 12): its token as SHA-256 only,
-- valid 30 minutes and once; a newer link, a re-invitation or a used link
-- removes the member's open ones (docs/staff.md "Password reset").
-- Staff TOTP secrets (staff_accounts.totp_secret, staff_invitations.totp_secret)
-- are stored sealed from now on ("sealed:v1:<hex>", docs/security.md); the
-- start-up step of the staff module seals the plain base32 rows of 0029.
CREATE TABLE staff_password_resets (
  token_hash TEXT PRIMARY KEY,
  staff_id   TEXT NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at    TEXT
);
CREATE INDEX staff_password_resets_staff ON staff_password_resets (staff_id);
