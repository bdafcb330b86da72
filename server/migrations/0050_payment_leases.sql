-- Charges resume in seconds after a crash (issue 48 item 4, docs/decisions.md "A charge whose instance died").
-- A charge is claimed (PROCESSING) with a short lease that a heartbeat moves on while its provider is asked
-- and its outcome written; an instance that dies in between stops renewing, and another instance takes the
-- charge over once the lease lapses: it asks the provider what it did with the charge's idempotency key (the
-- payment id) and records that answer, so the period is charged once and the renewal applied once.
-- Rows claimed by a binary before this migration have no lease: they count as lapsed 10 minutes after their
-- last change (the old binary's own window), so old and new binaries can run side by side during an upgrade.
ALTER TABLE payments ADD COLUMN lease_until TEXT;
ALTER TABLE payments ADD COLUMN lease_holder TEXT;
CREATE INDEX payments_processing ON payments (lease_until) WHERE status = 'PROCESSING';

-- The sandbox providers' own book, as a real provider keeps one: each call it took, by the idempotency key
-- the portal sent (a payment's id for a charge, a refund's id for a refund). A second call with a key answers
-- the first call's outcome and moves no money; the same key with another amount is refused, as Stripe
-- refuses it. It belongs to the simulated provider, not to any tenant's data: the tests count its rows.
CREATE TABLE sandbox_ledger (
  provider        TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('charge', 'refund')),
  amount          BIGINT NOT NULL,
  currency        TEXT NOT NULL,
  status          TEXT NOT NULL,
  label           TEXT NOT NULL,
  save_token      TEXT,
  settle_after    BIGINT NOT NULL DEFAULT 0,
  settle_outcome  TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  PRIMARY KEY (provider, idempotency_key)
);
