-- Search (issue 10): titles get their own index so that a title match ranks
-- above a match in a description or an artist name ('simple' configuration,
-- as catalog_search; titles of all six languages in one document).
CREATE TABLE catalog_search_titles (
  tenant_id  BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  tsv        TSVECTOR NOT NULL,
  PRIMARY KEY (tenant_id, article_id)
);
CREATE INDEX catalog_search_titles_tsv ON catalog_search_titles USING GIN (tsv);
-- Search tolerates typos: the words of the catalog's titles per
-- tenant (every language, folded as the search index folds them) with a
-- pg_trgm index that finds the words a mistyped one is close to
-- ("harbour" -> "harbor"). pg_trgm ships with PostgreSQL (contrib) and is a
-- trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE catalog_search_words (
  tenant_id BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  word      TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (tenant_id, word)
);
CREATE INDEX catalog_search_words_trgm ON catalog_search_words USING GIN (word gin_trgm_ops);
