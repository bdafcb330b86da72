-- The operator's network sign-in (issue 75 item 4, CAMARA Number Verification; docs/decisions.md "Sign-in by the
-- operator's network"): one attempt of a tenant's subscriber, from the redirect to the operator's authorization
-- endpoint (OpenID Connect, prompt=none) to its callback, and, off the mobile network, through the operator's
-- one-time code by SMS. state: the authorization request's state (single use); nonce and the PKCE verifier check
-- the operator's answer; return_to and lang: where the storefront continues and in which language.
CREATE TABLE camara_logins (
  state             TEXT PRIMARY KEY,
  tenant_id         BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  nonce             TEXT NOT NULL,
  verifier          TEXT NOT NULL,
  return_to         TEXT NOT NULL,
  lang              TEXT NOT NULL,
  msisdn            TEXT,                          -- off the network: the number the code was sent to
  authentication_id TEXT,                          -- One Time Password SMS's send-code answer
  tries_left        INTEGER NOT NULL,
  created_at        TEXT NOT NULL,
  expires_at        TEXT NOT NULL,
  used_at           TEXT
);
CREATE INDEX camara_logins_expiry ON camara_logins (tenant_id, expires_at);
