-- The search answers from memory (0022, decisions.md "Search in memory"): of
-- the search tables only the stored documents were still read. They move to a
-- table without text-search vectors; the GIN indexes, the title index and the
-- typo vocabulary go, and an import writes one row per article.
CREATE TABLE catalog_search_documents (
  tenant_id  BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  body       TEXT NOT NULL,  -- titles, descriptions and artist names in every language, folded
  PRIMARY KEY (tenant_id, article_id),
  FOREIGN KEY (tenant_id, article_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);
INSERT INTO catalog_search_documents (tenant_id, article_id, body)
  SELECT s.tenant_id, s.article_id, s.body FROM catalog_search s
  JOIN catalog_articles a ON a.tenant_id = s.tenant_id AND a.id = s.article_id;
DROP TABLE catalog_search;
DROP TABLE catalog_search_titles;
DROP TABLE catalog_search_words;
