-- Look-alike app names (docs/security.md "App names and redirect addresses";
-- docs/decisions.md "Look-alike app names"). Portable SQL.
--
-- name_skeleton: the name's confusable key (domains/apps/app_names.cpp: NFKC
-- without default-ignorable code points, the UTS #39 skeleton, case folding,
-- the skeleton again), unique in the tenant, so two apps whose names look alike
-- ("Step Counter" and "Stеp Counter" with a Cyrillic е) cannot both be stored,
-- however concurrent their registrations. SQL cannot compute the key: rows from
-- before this migration get theirs when the server starts
-- (AppsService::fill_name_skeletons); until then, and for an older row whose key
-- another row holds already, it stays NULL, which collides with nothing.
ALTER TABLE apps ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX apps_name_skeleton ON apps (tenant_id, name_skeleton);
