-- Revenue by payment provider (issue 51: the reports split revenue by provider, now that Stripe takes real money
-- beside the sandbox). The daily revenue aggregates gain the provider of each payment as a dimension. They are
-- derived data: the table is made again and every tenant's next refresh recomputes every day from the payments.
DROP TABLE report_revenue_daily;
CREATE TABLE report_revenue_daily (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day          TEXT NOT NULL,
  currency     TEXT NOT NULL,
  method       TEXT NOT NULL,
  provider     TEXT NOT NULL,
  purpose      TEXT NOT NULL,
  plan_id      BIGINT NOT NULL,
  content_type TEXT NOT NULL,
  gross        BIGINT NOT NULL,
  payments     BIGINT NOT NULL,
  refunds      BIGINT NOT NULL,
  refund_count BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, day, currency, method, provider, purpose, plan_id, content_type)
);
UPDATE report_refresh_state SET since = '';
