-- Issue 72 item 4: a plan held for a failed renewal is paid again with another card (the hosted checkout, Stripe
-- where configured) or the mobile bill, through a checkout of its own: the held subscription (subscription_id) and
-- the due period it pays (pays_period, the subscription's next_renewal_date), charged under the renewal's purpose
-- and reference ("<subscription>@<period>"), whose payment is unique while in flight, pending or paid.
ALTER TABLE subscription_checkouts ADD COLUMN pays_period TEXT;
-- A period is paid once: at most one pay-again checkout of a subscription's period ends PAID.
CREATE UNIQUE INDEX subscription_checkouts_paid_period ON subscription_checkouts (tenant_id, subscription_id, pays_period)
  WHERE status = 'PAID' AND pays_period IS NOT NULL;
