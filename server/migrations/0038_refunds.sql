-- Refunds (issue 34): a payment's refunded amount and its refunds.
--   payments.refunded   minor units refunded or being refunded (PENDING refunds
--                       reserve their amount); never above the amount.
-- A refund reserves its amount by one conditional UPDATE of payments.refunded
-- (WHERE refunded + x <= amount AND status = 'SUCCEEDED') in the transaction
-- that inserts it, so nothing refunds more than was paid, twice or
-- concurrently; a FAILED refund gives the amount back.
ALTER TABLE payments ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= amount);

-- payment_refunds: one row per refund asked of the provider.
--   status      PENDING (the provider settles later: operator billing) | SUCCEEDED | FAILED
--   staff_id    the staff member who asked; NULL for the system (a renewal refunded)
--   keep_plan   a refunded subscription period keeps its plan (docs/decisions.md "Refunds")
--   settle_at   PENDING: when the sandbox settles it; settled_at: when it left PENDING
CREATE TABLE payment_refunds (
  id          TEXT PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  payment_id  TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  amount      BIGINT NOT NULL CHECK (amount > 0),
  currency    TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  reason      TEXT NOT NULL,
  staff_id    TEXT,
  keep_plan   INTEGER NOT NULL DEFAULT 0 CHECK (keep_plan IN (0, 1)),
  settle_at   TEXT,
  settle_outcome TEXT,
  created_at  TEXT NOT NULL,
  settled_at  TEXT
);
CREATE INDEX payment_refunds_payment ON payment_refunds (tenant_id, payment_id, created_at);
CREATE INDEX payment_refunds_pending ON payment_refunds (status, settle_at);
