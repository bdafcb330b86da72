-- Reports (issue 35, task "money"): the refresh job's state per tenant and the daily aggregates the
-- reports read (docs/reports.md). Aggregates are derived data: any day may be recomputed from the raw rows.

-- The claimed refresh job: a run takes the row with a conditional UPDATE (lease_token, leased_until);
-- `since` is the last finished run's start ("" = never: every day is refreshed).
CREATE TABLE report_refresh_state (
  tenant_id      BIGINT PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  since          TEXT NOT NULL DEFAULT '',
  refreshed_at   TEXT,
  lease_token    TEXT,
  leased_until   TEXT,
  days_refreshed BIGINT NOT NULL DEFAULT 0
);
