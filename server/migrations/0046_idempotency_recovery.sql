-- Idempotency-Key recovery points (docs/decisions.md "A crash between the work and the stored answer"):
-- what a call's money write committed, written in that write's own transaction, so a claim left by a
-- process that died after its work is resumed by a retry instead of run again. NULL: nothing committed.
ALTER TABLE idempotency_keys ADD COLUMN recovery TEXT;
