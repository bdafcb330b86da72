-- Stripe as a card provider beside the sandbox (issue 51, docs/decisions.md "Stripe").
--
-- A tenant's Stripe account: its publishable key in the clear (browsers see it anyway), its secret key and
-- webhook signing secret sealed (libsodium secretbox under the configuration's secret key, never in the clear
-- in the database). A rotated webhook secret stays valid beside the new one until previous_until, so events
-- Stripe signed just before the rotation still verify. mode: 'test' or 'live', from the keys' prefixes.
CREATE TABLE payment_accounts (
  tenant_id                BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  provider                 TEXT NOT NULL CHECK (provider IN ('stripe')),
  mode                     TEXT NOT NULL CHECK (mode IN ('test', 'live')),
  publishable_key          TEXT NOT NULL,
  secret_key_sealed        TEXT NOT NULL,
  secret_key_hint          TEXT NOT NULL,     -- the last four characters, to tell keys apart in the console
  webhook_secret_sealed    TEXT NOT NULL,
  webhook_secret_hint      TEXT NOT NULL,
  previous_webhook_sealed  TEXT,
  previous_until           TEXT,
  version                  BIGINT NOT NULL DEFAULT 1,
  updated_at               TEXT NOT NULL,
  updated_by               TEXT,
  PRIMARY KEY (tenant_id, provider)
);

-- What the provider calls a charge (a Checkout Session's PaymentIntent, an off-session PaymentIntent), and
-- where a hosted payment continues (the Checkout Session's page) while it is pending.
ALTER TABLE payments ADD COLUMN provider_ref TEXT;
ALTER TABLE payments ADD COLUMN provider_url TEXT;
CREATE INDEX payments_provider_ref ON payments (provider_ref);
-- The console's customer search finds a customer by a Stripe customer id, the first half of a saved card's token.
CREATE INDEX payment_methods_token ON payment_methods (token);

-- Provider events handled, by the provider's event id: a replayed event does nothing twice.
CREATE TABLE payment_events (
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  provider    TEXT NOT NULL,
  event_id    TEXT NOT NULL,
  type        TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, provider, event_id)
);

-- Disputes (chargebacks) a provider reported on a payment.
CREATE TABLE payment_disputes (
  id          TEXT PRIMARY KEY,              -- the provider's dispute id
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  payment_id  TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  provider    TEXT NOT NULL,
  amount      BIGINT NOT NULL,
  currency    TEXT NOT NULL,
  reason      TEXT NOT NULL,
  status      TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX payment_disputes_payment ON payment_disputes (tenant_id, payment_id);
