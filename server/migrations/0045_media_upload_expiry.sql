-- Abandoned uploads (issue 45 item 6): the media worker's sweep looks for unfinished uploads
-- (job_id IS NULL) untouched since a cutoff, across tenants; the open ones are few.
CREATE INDEX media_uploads_open ON media_uploads (updated_at) WHERE job_id IS NULL;
