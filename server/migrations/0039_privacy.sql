-- A customer's data, their choice (issue 34 item 5): a deleted account stays
-- as a pseudonymous tombstone, so the records the law requires (payments,
-- purchases, orders) keep a row to point to without naming the person:
-- e-mail, MSISDN, names and the password are gone, user_id becomes
-- 'deleted-<random>', deleted_at says when (ISO-8601 UTC).
ALTER TABLE users ADD COLUMN deleted_at TEXT;
