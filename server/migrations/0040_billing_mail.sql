-- Mail the customer can keep (issue 34): the notice before a trial ends goes out once per
-- subscription and trial end, whichever scheduler run or instance claims it first (the row is the
-- claim; a trial whose end moves gets a notice for the new end).
CREATE TABLE trial_end_notices (
  tenant_id       BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL REFERENCES user_subscriptions (id) ON DELETE CASCADE,
  trial_end       TEXT NOT NULL,
  sent_at         TEXT NOT NULL,
  PRIMARY KEY (tenant_id, subscription_id, trial_end)
);
