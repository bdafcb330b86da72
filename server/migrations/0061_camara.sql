-- A telecom operator as a payment provider through GSMA Open Gateway's CAMARA APIs (issue 75, docs/decisions.md
-- "CAMARA carrier billing"): Carrier Billing (one or two steps) with its refund API, One Time Password SMS for the
-- bill's code where the operator sends it, Number Verification for the sign-in by the network's number.
--
-- A tenant's operator: its API root (and, when apart, the issuer of its OpenID Connect discovery), the client id
-- the operator registered for the tenant and its secret sealed (core::seal_with under the configuration's secret
-- key: a shared secret for client_secret_jwt, or a PEM private key for private_key_jwt), the merchant identifier
-- and currency its charges carry, one or two steps, and whether its network identifies subscribers for sign-in.
CREATE TABLE camara_accounts (
  tenant_id            BIGINT PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  operator_name        TEXT NOT NULL,              -- shown on receipts and reports ("Noor Mobile")
  api_root             TEXT NOT NULL,              -- "https://api.operator.example" (CAMARA's {apiRoot})
  issuer               TEXT,                       -- OpenID Connect issuer when not the API root
  client_id            TEXT NOT NULL,
  client_secret_sealed TEXT NOT NULL,
  client_secret_hint   TEXT NOT NULL,              -- the last four characters, to tell secrets apart
  auth_method          TEXT NOT NULL CHECK (auth_method IN ('private_key_jwt', 'client_secret_jwt')),
  merchant_identifier  TEXT NOT NULL,
  currency             TEXT NOT NULL,
  steps                INTEGER NOT NULL CHECK (steps IN (1, 2)),
  number_verification  INTEGER NOT NULL DEFAULT 0 CHECK (number_verification IN (0, 1)),
  version              BIGINT NOT NULL DEFAULT 1,
  updated_at           TEXT NOT NULL,
  updated_by           TEXT
);

-- The operator's code for one bill payment (the PIN step), before the portal's charge exists: the charge's payment
-- id is chosen here (id), so the operator's payment carries it as its clientCorrelator and referenceCode.
--  kind 'validate': preparePayment reserved the amount and the operator sent its code (validationInfo);
--  kind 'reserved': preparePayment reserved it without a code, the operator's OTP proves the number;
--  kind 'otp':      one-step operators: the OTP proves the number, createPayment charges after it;
--  kind 'denied':   the operator refused the payment when asked (status says how); the charge records it.
CREATE TABLE camara_challenges (
  id                  TEXT PRIMARY KEY,            -- the portal's payment id to be
  tenant_id           BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid           TEXT NOT NULL,
  reference           TEXT NOT NULL,               -- what the code confirms (a checkout option, a purchase)
  msisdn              TEXT NOT NULL,
  kind                TEXT NOT NULL CHECK (kind IN ('validate', 'reserved', 'otp', 'denied')),
  operator_payment_id TEXT,                        -- preparePayment's paymentId
  authorization_id    TEXT,                        -- validationInfo.authorizationId
  authentication_id   TEXT,                        -- send-code's authenticationId
  denied_status       TEXT,                        -- kind 'denied': DECLINED or INSUFFICIENT_FUNDS
  tries_left          INTEGER NOT NULL,
  expires_at          TEXT NOT NULL,
  verified_at         TEXT,
  retired_at          TEXT,                        -- replaced by a newer code, or cancelled at the operator
  created_at          TEXT NOT NULL
);
CREATE INDEX camara_challenges_reference ON camara_challenges (tenant_id, user_uuid, reference, created_at);
