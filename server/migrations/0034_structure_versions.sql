-- Page structures from the console (issue 33 item 6): every save of a structure is a
-- version; page_structures.tree stays the live tree the storefront reads and names the
-- version it came from (published_version). Publishing copies a version's tree there and
-- raises the tenant's config_version (live configuration), so every instance follows.
-- author: the staff member's e-mail, or 'seed' for a tree that came from a structure file.
CREATE TABLE page_structure_versions (
  tenant_id  BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  version    BIGINT NOT NULL,
  tree       TEXT NOT NULL,
  note       TEXT NOT NULL DEFAULT '',
  author     TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, name, version)
);

ALTER TABLE page_structures ADD COLUMN published_version BIGINT;
ALTER TABLE page_structures ADD COLUMN published_by TEXT;
ALTER TABLE page_structures ADD COLUMN published_at TEXT;

-- The trees stored before versions existed become version 1, published, by the seed.
INSERT INTO page_structure_versions (tenant_id, name, version, tree, note, author, created_at)
  SELECT tenant_id, name, 1, tree, '', 'seed', updated_at FROM page_structures;
UPDATE page_structures SET published_version = 1, published_by = 'seed', published_at = updated_at;
