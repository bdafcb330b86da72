-- Mail delivery off the request path: every outbox row to send by SMTP is a
-- job the delivery worker claims with a conditional update (any number of
-- instances), retried with exponential backoff. Portable SQL.
--   html_body        an HTML alternative of body (multipart/alternative), or NULL
--   attempts         delivery attempts made so far
--   next_attempt_at  when the row is due (ISO-8601 UTC); during an attempt, the
--                    end of the claiming instance's lease; NULL when there is
--                    nothing to do (sent, given up, or a row that is only listed)
--   last_error       the last failed attempt's error (was: error)
ALTER TABLE mail_outbox ADD COLUMN html_body TEXT;
ALTER TABLE mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at TEXT;
ALTER TABLE mail_outbox RENAME COLUMN error TO last_error;
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
