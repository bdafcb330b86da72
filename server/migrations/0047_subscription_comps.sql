-- Free days given from the console (issue 45 item 8; docs/decisions.md "Support's actions on a customer",
-- "Comp"): one row per comp, written in the transaction that moves the subscription's end. Support's
-- comps (capped = 1) of one subscription may add up to at most 31 days in any 30 days; the insert is
-- conditional on that sum and runs after the subscription row's versioned update, which orders
-- concurrent comps of one subscription (the loser's update matches no row), so the cap holds under
-- concurrency. An admin's comp (capped = 0) is recorded but not capped by the window.
CREATE TABLE subscription_comps (
  tenant_id       BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  days            INTEGER NOT NULL CHECK (days > 0),
  staff_id        TEXT NOT NULL,
  capped          INTEGER NOT NULL CHECK (capped IN (0, 1)),
  at              TEXT NOT NULL
);
CREATE INDEX subscription_comps_window ON subscription_comps (tenant_id, subscription_id, at);
