-- Uploads any instance can continue (issue 48 item 2, docs/decisions.md "Media store"): each chunk is an
-- object of the media store (a folder every instance shares, or an S3-compatible bucket), recorded here with
-- its first byte, length and SHA-256 in the transaction that moves the upload on. The media job assembles
-- the file from these objects in order and checks every chunk's digest and the whole size before its tools
-- run: a chunk missing from the store or changed there fails the upload with a reason.
CREATE TABLE media_upload_chunks (
  tenant_id   BIGINT NOT NULL,
  upload_id   TEXT NOT NULL,
  first_byte  BIGINT NOT NULL CHECK (first_byte >= 0),
  length      BIGINT NOT NULL CHECK (length > 0),
  sha256      TEXT NOT NULL,
  object_key  TEXT NOT NULL,
  PRIMARY KEY (tenant_id, upload_id, first_byte),
  FOREIGN KEY (tenant_id, upload_id) REFERENCES media_uploads (tenant_id, id) ON DELETE CASCADE
);
