-- The catalog's change log (issue 33, decisions.md "Search in memory"): every
-- write of articles appends their ids here in its own transaction, under the
-- next number of the tenant's catalog (catalog_search_generations.generation,
-- raised once per writing transaction: the row's lock orders the numbers as the
-- commits). An instance keeps the number its search index has applied and, when
-- the stored one is past it, reads the rows after it and updates the changed
-- articles' postings. article_id 0: the whole catalog changed (a large import),
-- rebuilt beside the serving index. Old numbers are pruned by the writers; an
-- instance that finds a gap rebuilds. Portable SQL.
CREATE TABLE catalog_changes (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  seq        BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, seq, article_id)
);
