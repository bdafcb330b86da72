-- Engagement (issue 15): likes and ratings of catalog articles. Portable SQL.
-- A like belongs to an article, not to a list: the kind of a like call
-- (commerce §3 "Liked entities") only chooses which content types it
-- accepts, so an online game liked as "Online Game" is in "games" too.

-- One like of a user per article; the content type is kept so that a kind's
-- list is read from the index without the catalog.
CREATE TABLE likes (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  article_id   BIGINT NOT NULL,
  content_type TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, article_id)
);
-- A kind's list, newest first.
CREATE INDEX likes_newest ON likes (tenant_id, user_uuid, content_type, created_at, article_id);

-- One rating of a user per article (a second PUT updates it); scores 1 to 5
-- (docs/decisions.md), whatever the application does.
CREATE TABLE ratings (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_uuid    TEXT NOT NULL REFERENCES users (uuid) ON DELETE CASCADE,
  article_id   BIGINT NOT NULL,
  content_type TEXT NOT NULL,
  score        INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
  device_id    TEXT NOT NULL DEFAULT '',
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, user_uuid, article_id)
);
-- An article's average and count: read from this index alone.
CREATE INDEX ratings_article ON ratings (tenant_id, article_id, score);
