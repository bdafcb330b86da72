-- Catalog (issue 4): PostgreSQL twin of 0004_catalog.sqlite.sql; the search
-- index is a tsvector ('simple' configuration) with a GIN index.
CREATE TABLE catalog_categories (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id         TEXT NOT NULL,
  section    TEXT NOT NULL,
  parent_id  TEXT,
  artwork    TEXT NOT NULL DEFAULT '',
  titles     TEXT NOT NULL,
  position   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE TABLE catalog_articles (
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id            BIGINT NOT NULL,
  content_type  TEXT NOT NULL,
  section       TEXT NOT NULL,
  parent_id     BIGINT,
  rating        INTEGER NOT NULL DEFAULT 0,
  release_date  TEXT NOT NULL DEFAULT '',
  sort_title    TEXT NOT NULL DEFAULT '',
  slug          TEXT NOT NULL DEFAULT '',
  developer_name TEXT NOT NULL DEFAULT '',
  position      INTEGER NOT NULL DEFAULT 0,
  doc           TEXT NOT NULL,
  read_count    BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX catalog_articles_section ON catalog_articles (tenant_id, section, content_type);
CREATE INDEX catalog_articles_parent ON catalog_articles (tenant_id, parent_id);
CREATE TABLE catalog_article_texts (
  tenant_id   BIGINT NOT NULL,
  article_id  BIGINT NOT NULL,
  lang        TEXT NOT NULL,
  title       TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, article_id, lang),
  FOREIGN KEY (tenant_id, article_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);
CREATE TABLE catalog_article_categories (
  tenant_id   BIGINT NOT NULL,
  article_id  BIGINT NOT NULL,
  category_id TEXT NOT NULL,
  PRIMARY KEY (tenant_id, article_id, category_id),
  FOREIGN KEY (tenant_id, article_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX catalog_article_categories_category ON catalog_article_categories (tenant_id, category_id);
CREATE TABLE catalog_article_artists (
  tenant_id  BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  artist_id  BIGINT NOT NULL,
  position   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, article_id, artist_id),
  FOREIGN KEY (tenant_id, article_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX catalog_article_artists_artist ON catalog_article_artists (tenant_id, artist_id);
CREATE TABLE catalog_playlist_members (
  tenant_id   BIGINT NOT NULL,
  playlist_id BIGINT NOT NULL,
  member_id   BIGINT NOT NULL,
  position    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, playlist_id, member_id),
  FOREIGN KEY (tenant_id, playlist_id) REFERENCES catalog_articles (tenant_id, id) ON DELETE CASCADE
);
CREATE TABLE catalog_secrets (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE catalog_search (
  tenant_id  BIGINT NOT NULL,
  article_id BIGINT NOT NULL,
  body       TEXT NOT NULL,
  tsv        TSVECTOR NOT NULL,
  PRIMARY KEY (tenant_id, article_id)
);
CREATE INDEX catalog_search_tsv ON catalog_search USING GIN (tsv);
