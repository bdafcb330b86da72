-- The catalog as a file (issue 78 item 2, docs/catalog-file.md): every file applied from the console, kept as it was
-- sent, beside the one audit entry of its import (catalog.import, object_id = this id). format: csv or json; mode:
-- all (every row or none) or per-row (the rows without errors); counts: what the apply did, as JSON.
CREATE TABLE catalog_import_files (
  id          TEXT PRIMARY KEY,
  tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  file_name   TEXT NOT NULL,
  format      TEXT NOT NULL,
  mode        TEXT NOT NULL,
  sha256      TEXT NOT NULL,
  bytes       BIGINT NOT NULL,
  body        TEXT NOT NULL,
  counts      TEXT NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX catalog_import_files_tenant ON catalog_import_files (tenant_id, created_at);
