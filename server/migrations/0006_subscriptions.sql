-- Subscriptions and payments (issue 5). Portable SQL: every row carries
-- tenant_id, money is integer minor units, times are ISO-8601 UTC text, JSON
-- is text. Uniqueness rules are what make double charges and double
-- subscriptions impossible under concurrency (partial unique indexes work the
-- same in SQLite and PostgreSQL).

-- ---- plans (seeded from data/subscriptions/<tenant>.json)
CREATE TABLE subscription_groups (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         TEXT NOT NULL,
  name       TEXT NOT NULL,              -- {"en": ..., six languages}
  levels     TEXT NOT NULL,              -- [[101], [102, 104], ...] level order = index
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE subscription_payment_options (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code       TEXT NOT NULL,
  provider   TEXT NOT NULL,
  flow       TEXT NOT NULL CHECK (flow IN ('WEB', 'API')),
  name       TEXT NOT NULL,
  PRIMARY KEY (tenant_id, code)
);

CREATE TABLE subscription_types (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         BIGINT NOT NULL,
  group_id   TEXT,
  definition TEXT NOT NULL,              -- the type as in the plans file
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE subscription_external_codes (
  tenant_id            BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code                 TEXT NOT NULL,
  subscription_type_id BIGINT NOT NULL,
  valid_until          TEXT,
  PRIMARY KEY (tenant_id, code)
);

CREATE TABLE subscription_settings (
  tenant_id  BIGINT PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  grace_days INTEGER NOT NULL DEFAULT 3
);

-- ---- what users hold
CREATE TABLE user_subscriptions (
  id                TEXT PRIMARY KEY,
  tenant_id         BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid         TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  type_id           BIGINT NOT NULL,
  state             TEXT NOT NULL CHECK (state IN ('ACTIVE', 'INACTIVE', 'REQUESTED', 'CANCELED')),
  sub_state         TEXT CHECK (sub_state IN ('PENDING')),
  trial             INTEGER NOT NULL DEFAULT 0,
  cancel_requested  INTEGER NOT NULL DEFAULT 0,
  start_date        TEXT NOT NULL,
  end_date          TEXT,
  next_renewal_date TEXT,
  grace_until       TEXT,
  contingents       TEXT NOT NULL DEFAULT '[]',
  payment_option    TEXT,                -- option code (card, operator)
  payment_method_id TEXT,                -- saved method renewals charge
  checkout_id       TEXT,
  migrate_from      TEXT,                -- the subscription an up/downgrade replaces once paid
  external_code     TEXT,
  partner_metadata  TEXT NOT NULL DEFAULT '{}',
  version           INTEGER NOT NULL DEFAULT 0,  -- every change bumps it: updates are conditional on it
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);
-- At most one live (ACTIVE or REQUESTED) subscription per user and type.
CREATE UNIQUE INDEX user_subscriptions_live ON user_subscriptions (tenant_id, user_uuid, type_id)
  WHERE state IN ('ACTIVE', 'REQUESTED');
CREATE INDEX user_subscriptions_user ON user_subscriptions (tenant_id, user_uuid, created_at);
CREATE INDEX user_subscriptions_due ON user_subscriptions (state, next_renewal_date);

-- The audit trail: one row per state change, written in the same transaction.
CREATE TABLE subscription_events (
  id              TEXT PRIMARY KEY,
  tenant_id       BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL REFERENCES user_subscriptions (id) ON DELETE CASCADE,
  version         INTEGER NOT NULL,        -- the subscription's version after the change: the order of events
  from_state      TEXT,
  from_sub_state  TEXT,
  to_state        TEXT NOT NULL,
  to_sub_state    TEXT,
  reason          TEXT NOT NULL,
  actor           TEXT NOT NULL,
  at              TEXT NOT NULL
);
CREATE UNIQUE INDEX subscription_events_subscription ON subscription_events (subscription_id, version);

-- One trial per tenant, user and group, ever.
CREATE TABLE subscription_trials (
  tenant_id       BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid       TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  group_id        TEXT NOT NULL,
  subscription_id TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, group_id)
);

-- A purchase attempt (purchaseID) with one option per payment option.
CREATE TABLE subscription_checkouts (
  id            TEXT PRIMARY KEY,
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid     TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  type_id       BIGINT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('OPEN', 'PENDING', 'PAID', 'FAILED', 'CANCELLED', 'EXPIRED')),
  redirect      TEXT NOT NULL,
  lang          TEXT NOT NULL,
  amount        BIGINT NOT NULL,
  currency      TEXT NOT NULL,
  migrate_from  TEXT,
  external_code TEXT,
  answer        TEXT NOT NULL,           -- the 200 answer, repeated to a second caller
  subscription_id TEXT,
  expires_at    TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);
-- One open checkout per user and type: two simultaneous subscribes meet here.
CREATE UNIQUE INDEX subscription_checkouts_open ON subscription_checkouts (tenant_id, user_uuid, type_id)
  WHERE status = 'OPEN';

CREATE TABLE subscription_checkout_options (
  uuid        TEXT PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  checkout_id TEXT NOT NULL REFERENCES subscription_checkouts (id) ON DELETE CASCADE,
  code        TEXT NOT NULL,
  provider    TEXT NOT NULL,
  flow        TEXT NOT NULL
);
CREATE INDEX subscription_checkout_options_checkout ON subscription_checkout_options (checkout_id);

-- Idempotency-Key: the first answer, repeated for the same key.
CREATE TABLE idempotency_keys (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid  TEXT NOT NULL,
  idem_key   TEXT NOT NULL,
  scope      TEXT NOT NULL,
  status     INTEGER NOT NULL,
  answer     TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, idem_key)
);

-- ---- payments (knows nothing of subscriptions: purpose + reference)
CREATE TABLE payments (
  id             TEXT PRIMARY KEY,
  tenant_id      BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid      TEXT NOT NULL,
  purpose        TEXT NOT NULL,           -- e.g. 'checkout', 'renewal'
  reference      TEXT NOT NULL,           -- checkout id, or '<subscription id>@<period start>'
  provider       TEXT NOT NULL,
  instrument     TEXT NOT NULL,           -- masked card or MSISDN
  amount         BIGINT NOT NULL,
  currency       TEXT NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('PROCESSING', 'PENDING', 'SUCCEEDED', 'INSUFFICIENT_FUNDS', 'DECLINED')),
  settle_at      TEXT,                    -- pending: when the sandbox settles it
  settle_outcome TEXT,                    -- pending: SUCCEEDED or DECLINED
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
);
-- A charge in flight, pending or done is unique per purpose and reference:
-- two requests, two scheduler runs or two instances cannot charge twice.
-- Failed attempts leave the index, so a retry is possible.
CREATE UNIQUE INDEX payments_once ON payments (tenant_id, purpose, reference)
  WHERE status IN ('PROCESSING', 'PENDING', 'SUCCEEDED');
CREATE INDEX payments_pending ON payments (status, settle_at);

CREATE TABLE payment_methods (
  id         TEXT PRIMARY KEY,
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  provider   TEXT NOT NULL,
  token      TEXT NOT NULL,               -- provider token (sandbox: the test card or MSISDN)
  label      TEXT NOT NULL,               -- shown to the user: "Visa •••• 4242"
  created_at TEXT NOT NULL,
  UNIQUE (tenant_id, user_uuid, provider)
);

CREATE TABLE payment_pin_challenges (
  id          TEXT PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid   TEXT NOT NULL,
  reference   TEXT NOT NULL,              -- the checkout option the PIN confirms
  msisdn      TEXT NOT NULL,
  pin_hash    TEXT NOT NULL,
  tries_left  INTEGER NOT NULL,
  expires_at  TEXT NOT NULL,
  used_at     TEXT,
  created_at  TEXT NOT NULL
);
CREATE INDEX payment_pin_challenges_reference ON payment_pin_challenges (tenant_id, reference, created_at);
