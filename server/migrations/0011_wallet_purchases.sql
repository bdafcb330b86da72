-- The wallet and single purchases (issue 12). Portable SQL.

-- What a user owns for good: bought one by one, in a collection (an album's
-- tracks, an audiobook's chapters: collection_id names it), or unlocked with
-- one credit of a subscription. One row per article: owning twice is
-- impossible, so a credit is never spent on an article already owned.
CREATE TABLE wallet_items (
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid     TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  article_id    BIGINT NOT NULL,
  content_type  TEXT NOT NULL,
  collection_id BIGINT,                 -- owned as a member of this collection article
  source        TEXT NOT NULL CHECK (source IN ('purchase', 'credit', 'voucher')),
  reference     TEXT NOT NULL,          -- the purchase id, or the subscription whose credit was spent
  acquired_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, article_id)
);
-- The wallet page: newest first, per content type.
CREATE INDEX wallet_items_newest ON wallet_items (tenant_id, user_uuid, acquired_at, article_id);
CREATE INDEX wallet_items_type ON wallet_items (tenant_id, user_uuid, content_type, acquired_at, article_id);

-- A single purchase of one article (or collection): opened by
-- ArticleOneTimePurchase, paid through a payment option (sandbox card page,
-- or operator PIN). The payment's reference is the purchase id, and payments
-- allow one live charge per reference; a user owns an article at most once,
-- and has at most one purchase of it paid or awaiting settlement.
CREATE TABLE article_purchases (
  id           TEXT PRIMARY KEY,          -- transactionId / paymentTransactionUuid / purchaseID
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  article_id   BIGINT NOT NULL,
  content_type TEXT NOT NULL,
  amount       BIGINT NOT NULL,
  currency     TEXT NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('OPEN', 'PENDING', 'PAID', 'FAILED', 'CANCELLED')),
  redirect     TEXT,                      -- where the payment returns (set by oneTimePaymentOptions)
  lang         TEXT NOT NULL DEFAULT 'en',
  pin_token    TEXT,                      -- purchaseToken of the operator PIN step
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE UNIQUE INDEX article_purchases_settled ON article_purchases (tenant_id, user_uuid, article_id)
  WHERE status IN ('PENDING', 'PAID');
CREATE INDEX article_purchases_user ON article_purchases (tenant_id, user_uuid, article_id, status);

-- The payment options offered for a purchase (one per tenant payment option).
CREATE TABLE article_purchase_options (
  uuid        TEXT PRIMARY KEY,          -- paymentOptionUUID
  purchase_id TEXT NOT NULL REFERENCES article_purchases (id) ON DELETE CASCADE,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code        TEXT NOT NULL,             -- card, operator
  provider    TEXT NOT NULL,             -- sandbox, sandbox-operator
  flow        TEXT NOT NULL CHECK (flow IN ('WEB', 'API'))
);
CREATE UNIQUE INDEX article_purchase_options_code ON article_purchase_options (purchase_id, code);
