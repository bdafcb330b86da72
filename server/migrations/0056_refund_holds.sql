-- A refund reserved on a paid voucher order that has no codes yet holds its fulfilment while the
-- provider is asked (issue 71 item 1): fulfilled_at is set with the holder, "refund:<id>", and a failed
-- refund clears both, so the scheduler fulfils the order again. NULL: fulfilled by issuing its codes.
ALTER TABLE voucher_orders ADD COLUMN fulfilment_held_by TEXT;
