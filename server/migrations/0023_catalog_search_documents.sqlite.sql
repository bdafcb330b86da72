-- The search answers from memory (0022, decisions.md "Search in memory"): of
-- the FTS5 tables only the stored documents were still read, by rowid. They
-- move to a plain table; the FTS indexes, the title index, the typo vocabulary
-- and the rowid keys go, and an import writes one row per article.
CREATE TABLE catalog_search_documents (
  tenant_id  BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  body       TEXT NOT NULL,  -- titles, descriptions and artist names in every language, folded
  PRIMARY KEY (tenant_id, article_id),
  FOREIGN KEY (tenant_id, article_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);  -- a rowid table: rows of a kilobyte fill a WITHOUT ROWID table's pages badly
INSERT INTO catalog_search_documents (tenant_id, article_id, body)
  SELECT k.tenant_id, k.article_id, s.body FROM catalog_search s
  JOIN catalog_search_keys k ON k.id = s.rowid
  JOIN catalog_articles a ON a.tenant_id = k.tenant_id AND a.id = k.article_id;
DROP TABLE catalog_search;
DROP TABLE catalog_search_titles;
DROP TABLE catalog_search_vocabulary;
DROP TABLE catalog_search_words;
DROP TABLE catalog_search_keys;
