-- Editing the catalog from the console (issue 33): an article carries whether it
-- is published and its availability window (both also in its doc as "published",
-- "availableFrom", "availableUntil", so a catalog file round-trips), the version
-- an edit is based on (raised by every write that changes its doc: an edit on a
-- stale version is refused) and when it was last written. The storefront's
-- statements read only published articles.
ALTER TABLE catalog_articles ADD COLUMN published INTEGER NOT NULL DEFAULT 1;
ALTER TABLE catalog_articles ADD COLUMN available_from TEXT;
ALTER TABLE catalog_articles ADD COLUMN available_until TEXT;
ALTER TABLE catalog_articles ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE catalog_articles ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
