-- Images of page structures (issue 73: a banner's slides, a grid's tiles) are uploaded as artwork through
-- the same chunks and jobs as brand images, with the purpose 'structure': the tenant's own (article_id 0),
-- made into the WebP sizes the storefront draws (media_work.hpp), and never replacing another image.
-- The purpose's CHECK gains the value: a new column with the wider CHECK takes the old one's place (a
-- column's own CHECK goes with it on both SQLite and PostgreSQL, without rebuilding the tables).
ALTER TABLE media_uploads ADD COLUMN purpose_next TEXT NOT NULL DEFAULT 'cover'
  CHECK (purpose_next IN ('cover', 'logo', 'icon', 'structure'));
UPDATE media_uploads SET purpose_next = purpose;
ALTER TABLE media_uploads DROP COLUMN purpose;
ALTER TABLE media_uploads RENAME COLUMN purpose_next TO purpose;
ALTER TABLE media_jobs ADD COLUMN purpose_next TEXT NOT NULL DEFAULT 'cover'
  CHECK (purpose_next IN ('cover', 'logo', 'icon', 'structure'));
UPDATE media_jobs SET purpose_next = purpose;
ALTER TABLE media_jobs DROP COLUMN purpose;
ALTER TABLE media_jobs RENAME COLUMN purpose_next TO purpose;
