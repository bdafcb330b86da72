-- Catalog read paths (issue 14): lists and searches answered from indexes that
-- match their filters and orders, from counts kept per import, and from the
-- article answers written per language at import. SQLite twin of
-- 0015_catalog_read_paths.postgres.sql.

-- One index per list filter shape (none, section, content type) and order
-- (position, new, popular, title). Each also holds id, rating and
-- content_type, so a page is read from the index alone (the rating window and
-- "no publishers without a content type" are checked there).
DROP INDEX catalog_articles_section;
CREATE INDEX catalog_articles_by_position ON catalog_articles (tenant_id, position, id, rating, content_type);
CREATE INDEX catalog_articles_by_new ON catalog_articles (tenant_id, release_date, id, rating, content_type);
CREATE INDEX catalog_articles_by_popular ON catalog_articles (tenant_id, read_count DESC, id, rating, content_type);
CREATE INDEX catalog_articles_by_title ON catalog_articles (tenant_id, sort_title, id, rating, content_type);
CREATE INDEX catalog_articles_section_position ON catalog_articles (tenant_id, section, position, id, rating, content_type);
CREATE INDEX catalog_articles_section_new ON catalog_articles (tenant_id, section, release_date, id, rating, content_type);
CREATE INDEX catalog_articles_section_popular ON catalog_articles (tenant_id, section, read_count DESC, id, rating, content_type);
CREATE INDEX catalog_articles_section_title ON catalog_articles (tenant_id, section, sort_title, id, rating, content_type);
CREATE INDEX catalog_articles_type_position ON catalog_articles (tenant_id, content_type, position, id, rating);
CREATE INDEX catalog_articles_type_new ON catalog_articles (tenant_id, content_type, release_date, id, rating);
CREATE INDEX catalog_articles_type_popular ON catalog_articles (tenant_id, content_type, read_count DESC, id, rating);
CREATE INDEX catalog_articles_type_title ON catalog_articles (tenant_id, content_type, sort_title, id, rating);
CREATE INDEX catalog_articles_developer ON catalog_articles (tenant_id, developer_name, position, id);

-- A category's articles in their catalog order, without a sort.
ALTER TABLE catalog_article_categories ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
DROP INDEX catalog_article_categories_category;
CREATE INDEX catalog_article_categories_category ON catalog_article_categories (tenant_id, category_id, position, article_id);

-- The article answer (GET /catalog/articles/{id} without its related items)
-- per language, serialised at import: a list is assembled from these pieces.
CREATE TABLE catalog_article_views (
  tenant_id  BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  lang       TEXT NOT NULL,
  body       TEXT NOT NULL,
  PRIMARY KEY (tenant_id, article_id, lang),
  FOREIGN KEY (tenant_id, article_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);  -- a rowid table: rows of a kilobyte and more fill a WITHOUT ROWID table's pages badly

-- How many articles each list filter matches, per rating: rewritten with every
-- import (the only thing that changes them), so a page never counts its rows.
-- category_id '' = any category.
CREATE TABLE catalog_list_counts (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  category_id  TEXT NOT NULL,
  section      TEXT NOT NULL,
  content_type TEXT NOT NULL,
  rating       INTEGER NOT NULL,
  articles     BIGINT NOT NULL,
  PRIMARY KEY (tenant_id, category_id, section, content_type, rating)
) WITHOUT ROWID;

-- The search indexes again: with prefix indexes (every query word is a prefix,
-- "neon"*, which otherwise merges the lists of every word it begins), and with
-- each article's rows at a known rowid, its key here: FTS5 does not index its
-- tenant_id and article_id columns, so an import that deleted by them scanned
-- the whole table for every article (64,000 articles did not import in 16 minutes).
CREATE TABLE catalog_search_keys (
  id         INTEGER PRIMARY KEY,
  tenant_id  BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  UNIQUE (tenant_id, article_id)
);
INSERT INTO catalog_search_keys (tenant_id, article_id) SELECT tenant_id, id FROM catalog_articles;
CREATE VIRTUAL TABLE catalog_search_prefixed USING fts5 (
  tenant_id UNINDEXED, article_id UNINDEXED, body,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
);
INSERT INTO catalog_search_prefixed (rowid, tenant_id, article_id, body)
  SELECT k.id, s.tenant_id, s.article_id, s.body FROM catalog_search s
  JOIN catalog_search_keys k ON k.tenant_id = s.tenant_id AND k.article_id = s.article_id;
DROP TABLE catalog_search;
ALTER TABLE catalog_search_prefixed RENAME TO catalog_search;
CREATE VIRTUAL TABLE catalog_search_titles_prefixed USING fts5 (
  tenant_id UNINDEXED, article_id UNINDEXED, title,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
);
INSERT INTO catalog_search_titles_prefixed (rowid, tenant_id, article_id, title)
  SELECT k.id, s.tenant_id, s.article_id, s.title FROM catalog_search_titles s
  JOIN catalog_search_keys k ON k.tenant_id = s.tenant_id AND k.article_id = s.article_id;
DROP TABLE catalog_search_titles;
ALTER TABLE catalog_search_titles_prefixed RENAME TO catalog_search_titles;
