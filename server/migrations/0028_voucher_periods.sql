-- A voucher code grants `periods` billing cycles of its subscription type:
-- as many as the voucher's price bought at the plan's price when it was sold
-- (docs/decisions.md "A gift card is worth its price"). Codes minted by
-- operators or the demo seed grant one cycle, as before. Portable SQL.
ALTER TABLE voucher_codes ADD COLUMN periods INTEGER NOT NULL DEFAULT 1;
