-- Live configuration: every tenant row carries the version of its configuration,
-- raised in the transaction of every change an instance must see (settings, hosts,
-- plans, structures, catalog imports). Each instance reads (id, config_version)
-- of all tenants once a second and reloads the tenants whose version moved; its
-- per-tenant caches are keyed by that version, so no instance serves an older
-- configuration for longer than the poll. A write may also name the version it
-- was based on (optimistic concurrency): the UPDATE's WHERE then refuses it.
ALTER TABLE tenants ADD COLUMN config_version BIGINT NOT NULL DEFAULT 1;
