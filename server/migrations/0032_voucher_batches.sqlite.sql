-- Voucher batches (issue 33 item 5): the codes an operator mints together,
-- from the console or `portal issue-vouchers`, with what they grant, a
-- validity window, a note, who made them and whether the batch was voided.
-- Codes sold through an order (voucher_orders) have no batch: the order is
-- their origin. Times are ISO-8601 UTC text.
--   subscription_type_id  the plan each code grants (for a voucher product: its plan)
--   product_id            the voucher product the codes are minted as (NULL: a plan)
--   periods               billing cycles of the plan each code grants
--   code_count            how many codes were minted (what the list counts come from is the codes)
--   valid_from/_until     a code redeems in [valid_from, valid_until)
--   source                console | cli | demo | legacy (codes minted before batches existed)
--   created_by            a staff account id, "cli", "demo" or "migration"
CREATE TABLE voucher_batches (
  id                   TEXT PRIMARY KEY,
  tenant_id            BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  subscription_type_id BIGINT NOT NULL,
  product_id           BIGINT,
  periods              INTEGER NOT NULL DEFAULT 1 CHECK (periods >= 1),
  code_count           INTEGER NOT NULL CHECK (code_count >= 0),
  valid_from           TEXT NOT NULL,
  valid_until          TEXT NOT NULL,
  note                 TEXT NOT NULL DEFAULT '',
  source               TEXT NOT NULL CHECK (source IN ('console', 'cli', 'demo', 'legacy')),
  created_by           TEXT NOT NULL,
  created_by_email     TEXT NOT NULL DEFAULT '',
  created_at           TEXT NOT NULL,
  voided_at            TEXT,
  voided_by            TEXT,
  CHECK (valid_from < valid_until)
);
CREATE INDEX voucher_batches_list ON voucher_batches (tenant_id, created_at, id);

-- A code's batch, the start of its window (NULL: redeemable from minting) and
-- who voided it (a staff id; NULL with voided_at set: replaced by a resend).
ALTER TABLE voucher_codes ADD COLUMN batch_id TEXT REFERENCES voucher_batches (id);
ALTER TABLE voucher_codes ADD COLUMN valid_from TEXT;
ALTER TABLE voucher_codes ADD COLUMN voided_by TEXT;
CREATE INDEX voucher_codes_batch ON voucher_codes (tenant_id, batch_id, redeemed_at);

-- The codes minted before batches (the command line and the demo seed: no
-- order) become batches of their own: one per tenant, plan, minting time and
-- expiry, i.e. one per `issue-vouchers` run.
INSERT INTO voucher_batches (id, tenant_id, subscription_type_id, product_id, periods, code_count, valid_from,
                             valid_until, note, source, created_by, created_at)
SELECT 'legacy-' || tenant_id || '-' || subscription_type_id || '-' || created_at || '-' || valid_until, tenant_id,
       subscription_type_id, NULL, MIN(periods), COUNT(*), created_at, valid_until, '', 'legacy', 'migration', created_at
  FROM voucher_codes WHERE order_id IS NULL AND created_at < valid_until
 GROUP BY tenant_id, subscription_type_id, created_at, valid_until;
UPDATE voucher_codes
   SET batch_id = 'legacy-' || tenant_id || '-' || subscription_type_id || '-' || created_at || '-' || valid_until
 WHERE order_id IS NULL AND created_at < valid_until;

-- A code is spent once: redeemed or voided, never both. The two writes are
-- conditional updates already; this is the database's last word.
CREATE TRIGGER voucher_codes_spent_once_insert BEFORE INSERT ON voucher_codes
WHEN NEW.redeemed_at IS NOT NULL AND NEW.voided_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: voucher_codes_spent_once');
END;
CREATE TRIGGER voucher_codes_spent_once_update BEFORE UPDATE ON voucher_codes
WHEN NEW.redeemed_at IS NOT NULL AND NEW.voided_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: voucher_codes_spent_once');
END;
