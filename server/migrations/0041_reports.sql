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

-- Revenue by day (docs/reports.md "Revenue"): SUCCEEDED payments by the day they were made (gross,
-- payments) and SUCCEEDED refunds by the day they were made (refunds, refund_count), per currency,
-- method ('card' | 'mobile_bill' | 'voucher'), purpose, plan (0: none) and content type of a single
-- purchase ('' : none; its section is the catalog's section of the content type).
CREATE TABLE report_revenue_daily (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day          TEXT NOT NULL,
  currency     TEXT NOT NULL,
  method       TEXT NOT NULL,
  purpose      TEXT NOT NULL,
  plan_id      BIGINT NOT NULL,
  content_type TEXT NOT NULL,
  gross        BIGINT NOT NULL,
  payments     BIGINT NOT NULL,
  refunds      BIGINT NOT NULL,
  refund_count BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, day, currency, method, purpose, plan_id, content_type)
);

-- Subscriber flows by day and plan (docs/reports.md "Subscribers"); active = the running sum of
-- started − ended (paid_*: the same of subscriptions that are not trials, for MRR).
CREATE TABLE report_subscribers_daily (
  tenant_id        BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day              TEXT NOT NULL,
  plan_id          BIGINT NOT NULL,
  started          BIGINT NOT NULL,
  new_subs         BIGINT NOT NULL,
  cancelled        BIGINT NOT NULL,
  ended            BIGINT NOT NULL,
  paid_started     BIGINT NOT NULL,
  paid_ended       BIGINT NOT NULL,
  trials_started   BIGINT NOT NULL,
  trials_ended     BIGINT NOT NULL,
  trials_converted BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, day, plan_id)
);

-- What the refresh reads by day and by change time.
CREATE INDEX payments_reports_created ON payments (tenant_id, created_at);
CREATE INDEX payments_reports_updated ON payments (tenant_id, updated_at);
CREATE INDEX payment_refunds_reports_created ON payment_refunds (tenant_id, created_at);
CREATE INDEX payment_refunds_reports_settled ON payment_refunds (tenant_id, settled_at);
CREATE INDEX subscription_events_reports_at ON subscription_events (tenant_id, at);
CREATE INDEX subscription_trials_reports_created ON subscription_trials (tenant_id, created_at);

-- Cohorts by month of first subscription (docs/reports.md "Cohorts"): of the customers whose first
-- subscription became active in cohort_month, how many had a plan active at some time in month.
CREATE TABLE report_cohorts (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  cohort_month TEXT NOT NULL,
  month        TEXT NOT NULL,
  customers    BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, cohort_month, month)
);
