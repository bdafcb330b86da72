-- Brand images (issue 50 item 1, docs/decisions.md "Brand images"): the tenant's logo and app icon are
-- uploaded as artwork through the same chunks and jobs as an article's cover, with a purpose saying what
-- the image is for. A cover belongs to its article; a logo or an icon to the tenant (article_id 0). The job
-- makes the WebP sizes of its purpose; the settings form then points at them and saves (audited there).
ALTER TABLE media_uploads ADD COLUMN purpose TEXT NOT NULL DEFAULT 'cover' CHECK (purpose IN ('cover', 'logo', 'icon'));
ALTER TABLE media_jobs ADD COLUMN purpose TEXT NOT NULL DEFAULT 'cover' CHECK (purpose IN ('cover', 'logo', 'icon'));
