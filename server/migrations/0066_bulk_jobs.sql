-- Bulk actions on the console's lists (issue 78 item 3, docs/decisions.md "Bulk actions"): a job is a row — its list
-- (kind), its action and the action's parameters (JSON), its selection frozen as one item per row at creation, its
-- progress and who asked (the audit entry of each row names them). Any instance works a job under a lease: it claims
-- the job by moving held_until to the end of a short lease (holder: its token) and renews it while it works; a holder
-- that dies leaves the job claimable when the lease lapses, and another instance resumes at the first pending item.
-- Each item's change, its audit entry and its move from 'pending' commit in one transaction, so nothing is done twice.
CREATE TABLE bulk_jobs (
  id              TEXT PRIMARY KEY,
  tenant_id       BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  kind            TEXT NOT NULL,
  action          TEXT NOT NULL,
  params          TEXT NOT NULL DEFAULT '{}',
  total           INTEGER NOT NULL,
  done            INTEGER NOT NULL DEFAULT 0,
  failed          INTEGER NOT NULL DEFAULT 0,
  state           TEXT NOT NULL CHECK (state IN ('queued', 'running', 'finished')),
  holder          TEXT,
  held_until      TEXT,
  actor_id        TEXT NOT NULL,
  actor_email     TEXT NOT NULL,
  actor_role      TEXT NOT NULL,
  call            TEXT NOT NULL,
  client_address  TEXT NOT NULL DEFAULT '',
  request_id      TEXT NOT NULL DEFAULT '',
  created_at      TEXT NOT NULL,
  finished_at     TEXT
);
CREATE INDEX bulk_jobs_open ON bulk_jobs (state, held_until);
CREATE INDEX bulk_jobs_tenant ON bulk_jobs (tenant_id, created_at);

-- One row of a job's selection (an article id, a plan id, a voucher code's id, a customer's uuid), in the order chosen;
-- code and reason say why a failed one was refused (the single-row action's error).
CREATE TABLE bulk_job_items (
  job_id       TEXT NOT NULL REFERENCES bulk_jobs (id) ON DELETE CASCADE,
  position     INTEGER NOT NULL,
  tenant_id    BIGINT NOT NULL,
  target       TEXT NOT NULL,
  state        TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  code         TEXT,
  reason       TEXT,
  PRIMARY KEY (job_id, position)
);
CREATE INDEX bulk_job_items_state ON bulk_job_items (job_id, state, position);
