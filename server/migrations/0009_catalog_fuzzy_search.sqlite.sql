-- Search (issue 10): titles get their own index so that a title match ranks
-- above a match in a description or an artist name (same folding as
-- catalog_search: titles of all six languages in one column).
CREATE VIRTUAL TABLE catalog_search_titles USING fts5 (
  tenant_id UNINDEXED, article_id UNINDEXED, title,
  tokenize = 'unicode61 remove_diacritics 2'
);
-- Search tolerates typos: the words of the catalog's titles per
-- tenant (every language, folded as the search index folds them), and an
-- FTS5 trigram index over them that finds the words a mistyped one is close
-- to ("harbour" -> "harbor"). SQLite twin of 0009_catalog_fuzzy_search.postgres.sql.
CREATE TABLE catalog_search_words (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  word      TEXT NOT NULL,
  PRIMARY KEY (tenant_id, word)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE catalog_search_vocabulary USING fts5 (
  tenant_id UNINDEXED, word,
  tokenize = 'trigram'
);
