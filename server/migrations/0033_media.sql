-- Media ingest (issue 33 item 3, docs/decisions.md "Media ingest"): an upload
-- is received in chunks into a staging file under the media root; once its
-- last byte is in, a job is queued. Any instance claims a queued job (or a
-- running one whose lease ran out) with a conditional update, runs it off the
-- request threads and publishes the results under the article's own path.
CREATE TABLE media_uploads (
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          TEXT NOT NULL,
  article_id  BIGINT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('audio', 'video', 'artwork', 'game')),
  name        TEXT NOT NULL,
  size        BIGINT NOT NULL CHECK (size > 0),
  received    BIGINT NOT NULL DEFAULT 0 CHECK (received >= 0 AND received <= size),
  job_id      TEXT,
  created_by  TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE TABLE media_jobs (
  tenant_id     BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id            TEXT NOT NULL,
  article_id    BIGINT NOT NULL,
  upload_id     TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('audio', 'video', 'artwork', 'game')),
  name          TEXT NOT NULL,
  state         TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress      INTEGER NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 100),
  error         TEXT,
  attempts      INTEGER NOT NULL DEFAULT 0,
  claimed_by    TEXT,
  claimed_until TEXT,
  media_path    TEXT,
  preview_path  TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, upload_id)
);
-- The workers' look for work (every tenant): queued jobs, and running ones by lease end.
CREATE INDEX media_jobs_due ON media_jobs (state, claimed_until, created_at);
-- The console's list: a tenant's jobs, newest first.
CREATE INDEX media_jobs_tenant ON media_jobs (tenant_id, created_at);
