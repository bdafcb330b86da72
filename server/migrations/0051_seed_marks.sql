-- The demo seed never undoes an operator's work (issue 49 item 5, core/seed_guard.hpp): what the seed last wrote of
-- each tenant's part (settings, plans, catalog), the digest of the file it came from and when. The seed writes a
-- part again only when its file changed since and no staff member changed the part in between (audit_log).
CREATE TABLE seed_marks (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  part       TEXT NOT NULL,
  digest     TEXT NOT NULL,
  seeded_at  TEXT NOT NULL,
  PRIMARY KEY (tenant_id, part)
);
