-- Vouchers and the cart (issue 12). Portable SQL for SQLite and PostgreSQL:
-- every row carries tenant_id, money is integer minor units, times are
-- ISO-8601 UTC text, JSON is text. The rules that must hold under concurrency
-- are constraints and conditional updates, not reads before writes.

-- A voucher code grants one subscription type. Only a keyed hash of the code
-- is stored (HMAC-SHA256 with the server's "vouchers" key): the table alone
-- cannot be turned back into codes. Redemption is one conditional UPDATE
-- (redeemed_at IS NULL), so hundreds of simultaneous attempts spend it once.
CREATE TABLE voucher_codes (
  id                   TEXT PRIMARY KEY,
  tenant_id            BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code_hash            TEXT NOT NULL,
  subscription_type_id BIGINT NOT NULL,
  product_id           BIGINT,                 -- the voucher article it was bought as (NULL: minted by an operator)
  order_id             TEXT,                   -- the purchase that issued it
  owner_uuid           TEXT,                   -- the buyer (resend mails the buyer's codes)
  hint                 TEXT NOT NULL,          -- the last group, shown in lists ("…-NPQR")
  valid_until          TEXT NOT NULL,
  redeemed_at          TEXT,
  redeemed_by          TEXT,
  subscription_id      TEXT,                   -- what the redemption granted
  voided_at            TEXT,                   -- replaced by a resend: no longer redeemable
  created_at           TEXT NOT NULL
);
CREATE UNIQUE INDEX voucher_codes_hash ON voucher_codes (tenant_id, code_hash);
CREATE INDEX voucher_codes_owner ON voucher_codes (tenant_id, owner_uuid, product_id);

-- Failed redemptions (unknown or expired codes) per user and per client
-- address, and resend requests per user: the rate limits count these.
CREATE TABLE voucher_attempts (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  scope     TEXT NOT NULL CHECK (scope IN ('user', 'address', 'resend')),
  subject   TEXT NOT NULL,
  at        TEXT NOT NULL
);
CREATE INDEX voucher_attempts_lookup ON voucher_attempts (tenant_id, scope, subject, at);

-- What is left of a voucher product (the article's customProperties.availableNo
-- when first sold). A purchase takes its quantity with a conditional update; the
-- CHECK is the last word: availability never goes below zero.
CREATE TABLE voucher_stock (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  product_id BIGINT NOT NULL,
  available  BIGINT NOT NULL CHECK (available >= 0),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, product_id)
);

-- A purchase of voucher products (the voucher call or a cart checkout). Its
-- payment is payments' (purpose 'vouchers', reference = the order id), unique
-- while in flight, pending or paid. Codes are issued once: fulfilled_at is set
-- by a conditional update in the transaction that writes them.
CREATE TABLE voucher_orders (
  id           TEXT PRIMARY KEY,
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  source       TEXT NOT NULL CHECK (source IN ('voucher', 'cart')),
  status       TEXT NOT NULL CHECK (status IN ('OPEN', 'PENDING', 'PAID', 'FAILED', 'CANCELLED', 'EXPIRED')),
  items        TEXT NOT NULL,          -- [{productId, quantity, unitAmount}]
  amount       BIGINT NOT NULL,
  currency     TEXT NOT NULL,
  lang         TEXT NOT NULL,
  redirect     TEXT,                   -- cart checkout: where the hosted page returns
  reserved     INTEGER NOT NULL DEFAULT 0,  -- 1 while its quantities are taken from voucher_stock
  payment_id   TEXT,
  fulfilled_at TEXT,
  expires_at   TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX voucher_orders_user ON voucher_orders (tenant_id, user_uuid, created_at);
CREATE INDEX voucher_orders_unfulfilled ON voucher_orders (status, fulfilled_at);

-- The signed-in user's cart (a guest's lives in the browser and merges on
-- sign-in). One row per product; the quantity bounds are the service's
-- (1..maxQuantity), the CHECK keeps a row from ever holding nothing.
CREATE TABLE cart_items (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid  TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  product_id BIGINT NOT NULL,
  quantity   BIGINT NOT NULL CHECK (quantity >= 1),
  added_at   TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, product_id)
);
