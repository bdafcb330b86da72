-- The search's in-memory indexes (issue 14, decisions.md "Search in memory").
-- Each tenant's catalog has a generation, raised in the transaction of every
-- import that writes it; an instance rebuilds a tenant's index when the
-- generation it holds is no longer the stored one, so every instance behind a
-- load balancer answers from the catalog as committed. No row: generation 0.
-- Portable SQL.
CREATE TABLE catalog_search_generations (
  tenant_id  BIGINT PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  generation BIGINT NOT NULL
);
