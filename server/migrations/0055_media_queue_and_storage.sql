-- Media jobs shared fairly between tenants, and finished media that is counted and removed once unused
-- (issue 71 items 3 and 4, docs/security.md).
--
-- The queue's turns: a worker takes the oldest queued job of the tenant served least recently (the lowest
-- turn; a tenant never served has none and goes first), and the claim that wins gives the tenant the next turn.
-- The claim also counts the tenant's running jobs (a live lease) and wins only under the per-tenant cap.
CREATE TABLE media_queue_turns (
  tenant_id BIGINT PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  turn      BIGINT NOT NULL
);
-- The claim's count of a tenant's running jobs, the quota's sum of its stored bytes.
CREATE INDEX media_jobs_tenant_state ON media_jobs (tenant_id, state, claimed_until);

-- The bytes a done job put into the media store (its results), counted against the tenant's stored-bytes
-- quota until the sweep removes them (purged_at set, stored_bytes back to 0). Jobs done before this
-- migration count 0.
ALTER TABLE media_jobs ADD COLUMN stored_bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE media_jobs ADD COLUMN purged_at TEXT;

-- Finished media replaced by a newer job of the same article (or brand image), written in the transaction
-- that publishes the newer one: the job's folder in the store, since when nothing uses it (NULL: the sweep
-- has yet to find it unused) and when the sweep looks at it next. The sweep (any instance: a row is claimed
-- by moving due_at on) removes the folder once nothing of the tenant has referred to it for the grace
-- period, and keeps it (looking again later) while an article, the settings or a page structure still does.
CREATE TABLE media_garbage (
  tenant_id    BIGINT NOT NULL,
  job_id       TEXT NOT NULL,
  folder       TEXT NOT NULL,
  unused_since TEXT,
  due_at       TEXT NOT NULL,
  PRIMARY KEY (tenant_id, job_id),
  FOREIGN KEY (tenant_id, job_id) REFERENCES media_jobs (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX media_garbage_due ON media_garbage (due_at);
