-- A page structure's version published at a set time (issue 73, docs/merchandising.md "Publish at a time"):
-- at most one waits per structure. Any instance's configuration watch (each second) claims a due row by
-- deleting it and, in the same transaction, publishes the version and raises the tenant's config_version,
-- so every instance serves it within about two seconds of the time. scheduled_by: the member's e-mail.
CREATE TABLE page_structure_schedules (
  tenant_id    BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  version      BIGINT NOT NULL,
  publish_at   TEXT NOT NULL,
  scheduled_by TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  PRIMARY KEY (tenant_id, name)
);
-- The watch's look for due rows (every tenant).
CREATE INDEX page_structure_schedules_due ON page_structure_schedules (publish_at);
