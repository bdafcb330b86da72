-- Sign-in throttling per account AND address (a stranger's failures must not
-- lock the owner out), and limits on registrations and reset mails. The
-- counted events replace sign_in_failures (short-lived data: nothing to keep).
DROP TABLE sign_in_failures;

CREATE TABLE auth_attempts (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- pair: failures of one account from one address (progressive delay);
  -- account: failures of one account from anywhere (a far higher ceiling);
  -- address: failures from one address for any account;
  -- register / reset_address / reset_email: requests, successful or not.
  scope     TEXT NOT NULL CHECK (scope IN ('pair', 'account', 'address', 'register', 'reset_address', 'reset_email')),
  subject   TEXT NOT NULL,
  at        TEXT NOT NULL
);
CREATE INDEX auth_attempts_lookup ON auth_attempts (tenant_id, scope, subject, at);
