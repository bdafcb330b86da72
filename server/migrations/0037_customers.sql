-- Customers (issue 34): staff find a customer by a key and read their account. Each search
-- statement of domains/customers/customers_sql.hpp is answered by an index, in one tenant
-- (the UNIQUE (tenant_id, ...) of users, voucher_codes_hash) or across all of them (these).
CREATE INDEX users_email_any ON users (email);
CREATE INDEX users_msisdn_any ON users (msisdn);
CREATE INDEX users_user_id_any ON users (user_id);
CREATE INDEX payments_reference ON payments (reference);
CREATE INDEX voucher_codes_hash_any ON voucher_codes (code_hash);
-- The customer's page: their payments newest first, challenges and teams.
CREATE INDEX payments_user ON payments (tenant_id, user_uuid, created_at);
CREATE INDEX catalog_challenge_optins_user ON catalog_challenge_optins (tenant_id, user_uuid);
CREATE INDEX tournament_team_members_user ON tournament_team_members (tenant_id, user_uuid);
