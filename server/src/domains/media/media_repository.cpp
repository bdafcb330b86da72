#include "domains/media/media_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/media/media_sql.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::media {

// The stored kind and state read as the types' own values.
void read_column(const db::Row& r, std::size_t i, Kind& out) { out = kind_of(r.text(i)).value_or(Kind::audio); }
void read_column(const db::Row& r, std::size_t i, JobState& out) { out = state_of(r.text(i)); }
void read_column(const db::Row& r, std::size_t i, Purpose& out) { out = purpose_of(r.text(i)).value_or(Purpose::cover); }

BOOST_DESCRIBE_STRUCT(Upload, (),
                      (id, tenant_id, article_id, kind, name, size, received, job_id, created_by, created_at, purpose))
static_assert(db::columns_match<Upload>(PORTAL_MEDIA_UPLOAD_COLUMNS));
BOOST_DESCRIBE_STRUCT(Job, (), (id, tenant_id, article_id, upload_id, kind, name, state, progress, error, attempts,
                                claimed_by, claimed_until, created_at, updated_at, media_path, preview_path, purpose))
static_assert(db::columns_match<Job>(PORTAL_MEDIA_JOB_COLUMNS));
BOOST_DESCRIBE_STRUCT(Garbage, (), (tenant_id, job_id, folder, unused_since, due_at))
BOOST_DESCRIBE_STRUCT(StoredChunk, (), (first_byte, length, sha256, key))
BOOST_DESCRIBE_STRUCT(Uploader, (), (id, email, role))

namespace {

db::Value nullable(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

struct ArticleRow {
  std::string content_type;
  std::string doc;
};
BOOST_DESCRIBE_STRUCT(ArticleRow, (), (content_type, doc))

struct DueRow {
  std::int64_t tenant_id = 0;
  std::string id;
};
BOOST_DESCRIBE_STRUCT(DueRow, (), (tenant_id, id))

struct HeldFolderRow {
  std::string id;
  std::int64_t attempts = 0;
};
BOOST_DESCRIBE_STRUCT(HeldFolderRow, (), (id, attempts))

struct TenantOldestRow {
  std::string tenant;
  std::optional<std::string> oldest;
};
BOOST_DESCRIBE_STRUCT(TenantOldestRow, (), (tenant, oldest))

struct TenantBytesRow {
  std::string tenant;
  std::int64_t bytes = 0;
};
BOOST_DESCRIBE_STRUCT(TenantBytesRow, (), (tenant, bytes))

}  // namespace

std::optional<ArticleMedia> MediaRepository::article(std::int64_t tenant_id, std::int64_t article_id) {
  auto r = db::read_first<ArticleRow>(db_.query(sql::kArticleMediaType, {tenant_id, article_id}));
  if (!r) return std::nullopt;
  ArticleMedia a;
  a.content_type = std::move(r->content_type);
  boost::system::error_code ec;
  auto doc = boost::json::parse(r->doc, ec);
  if (!ec && doc.is_object())
    if (auto media = catalog::stored_member<&catalog::ArticleDocument::media>(doc.as_object()); media && media->type)
      a.media_type = std::move(*media->type);
  return a;
}

MediaRepository::Inserted MediaRepository::insert_upload(const Upload& u, std::int64_t open_quota,
                                                         std::int64_t stored_quota,
                                                         const std::function<void(db::Session&)>& also) {
  Inserted out;
  db_.transaction([&](db::Session& s) {
    if (db_.dialect() == "postgres") s.query(sql::kLockTenantUploads, {u.tenant_id});
    const auto open = s.query(sql::kOpenUploadBytes, {u.tenant_id});
    out.open_bytes = open.empty() ? 0 : open[0].integer(0);
    const auto stored = s.query(sql::kStoredBytes, {u.tenant_id});
    out.stored_bytes = stored.empty() ? 0 : stored[0].integer(0);
    out.over_stored = out.stored_bytes + u.size > stored_quota;
    out.inserted = out.open_bytes + u.size <= open_quota && !out.over_stored;
    if (!out.inserted) return;
    s.execute(sql::kInsertUpload, {u.tenant_id, u.id, u.article_id, std::string(kind_name(u.kind)), u.name, u.size,
                                   u.created_by, u.created_at, std::string(purpose_name(u.purpose))});
    if (also) also(s);
  });
  return out;
}

std::optional<Upload> MediaRepository::upload(std::int64_t tenant_id, const std::string& id) {
  return db::read_first<Upload>(db_.query(sql::kUpload, {tenant_id, id}));
}

bool MediaRepository::advance(std::int64_t tenant_id, const std::string& id, const StoredChunk& c,
                              const std::string& now) {
  bool moved = false;
  db_.transaction([&](db::Session& s) {
    moved = s.execute(sql::kAdvanceUpload, {tenant_id, id, c.first_byte, c.first_byte + c.length, now}) == 1;
    if (moved) s.execute(sql::kInsertChunk, {tenant_id, id, c.first_byte, c.length, c.sha256, c.key});
  });
  return moved;
}

std::vector<StoredChunk> MediaRepository::chunks(std::int64_t tenant_id, const std::string& upload_id) {
  return db::read_rows<StoredChunk>(db_.query(sql::kChunks, {tenant_id, upload_id}));
}

std::vector<MediaRepository::Due> MediaRepository::stale_uploads(const std::string& cutoff, std::int64_t limit) {
  std::vector<Due> out;
  for (auto& r : db::read_rows<DueRow>(db_.query(sql::kStaleUploads, {cutoff, limit})))
    out.push_back({r.tenant_id, std::move(r.id)});
  return out;
}

bool MediaRepository::remove_stale_upload(const Due& d, const std::string& cutoff) {
  return db_.execute(sql::kRemoveStaleUpload, {d.tenant_id, d.id, cutoff}) == 1;
}

bool MediaRepository::queue(const Job& job, const std::function<void(db::Session&)>& also) {
  bool queued = false;
  db_.transaction([&](db::Session& s) {
    queued = s.execute(sql::kUploadQueued, {job.tenant_id, job.upload_id, job.id, job.created_at}) == 1;
    if (!queued) return;
    s.execute(sql::kInsertJob, {job.tenant_id, job.id, job.article_id, job.upload_id, std::string(kind_name(job.kind)),
                                job.name, job.created_at, std::string(purpose_name(job.purpose))});
    if (also) also(s);
  });
  return queued;
}

std::optional<Job> MediaRepository::job(std::int64_t tenant_id, const std::string& id) {
  return db::read_first<Job>(db_.query(sql::kJob, {tenant_id, id}));
}

std::vector<Job> MediaRepository::jobs(std::int64_t tenant_id, std::optional<std::int64_t> article_id,
                                       std::int64_t limit) {
  return db::read_rows<Job>(article_id ? db_.query(sql::kJobsOfArticle, {tenant_id, *article_id, limit})
                                      : db_.query(sql::kJobs, {tenant_id, limit}));
}

std::vector<MediaRepository::Due> MediaRepository::due(const std::string& now, std::int64_t per_tenant,
                                                      std::int64_t limit) {
  std::vector<Due> out;
  for (auto& r : db::read_rows<DueRow>(db_.query(sql::kDueJobs, {now, per_tenant, limit})))
    out.push_back({r.tenant_id, std::move(r.id)});
  return out;
}

bool MediaRepository::claim(const Due& d, const std::string& worker, const std::string& lease_end,
                            const std::string& now, std::int64_t per_tenant) {
  bool won = false;
  db_.transaction([&](db::Session& s) {
    // One tenant's claims take turns (PostgreSQL; SQLite's writer is one): the count of its running jobs in the
    // update then sees every claim committed before, on any instance.
    if (db_.dialect() == "postgres") s.query(sql::kLockTenantClaims, {d.tenant_id});
    won = s.execute(sql::kClaimJob, {d.tenant_id, d.id, worker, lease_end, now, per_tenant}) == 1;
    if (won) s.execute(sql::kTenantServed, {d.tenant_id});
  });
  return won;
}

bool MediaRepository::progress(const Job& j, const std::string& worker, int progress, const std::string& lease_end,
                               const std::string& now) {
  return db_.execute(sql::kJobProgress, {j.tenant_id, j.id, worker, std::int64_t{progress}, lease_end, now}) == 1;
}

bool MediaRepository::renew(const Job& j, const std::string& worker, const std::string& lease_end) {
  return db_.execute(sql::kJobRenew, {j.tenant_id, j.id, worker, lease_end}) == 1;
}

bool MediaRepository::hand_back(const Job& j, const std::string& worker, const std::string& now) {
  return db_.execute(sql::kJobHandBack, {j.tenant_id, j.id, worker, now}) == 1;
}

bool MediaRepository::done(const Job& j, const std::string& worker, const std::optional<std::string>& media_path,
                           const std::optional<std::string>& preview_path, std::int64_t stored_bytes,
                           const std::string& now, const std::function<void(db::Session&)>& publish) {
  bool won = false;
  db_.transaction([&](db::Session& s) {
    won = s.execute(sql::kJobDone, {j.tenant_id, j.id, worker, nullable(media_path), nullable(preview_path), now,
                                    stored_bytes}) == 1;
    if (won && publish) publish(s);
  });
  return won;
}

bool MediaRepository::failed(const Job& j, const std::string& worker, const std::string& error,
                             const std::string& now) {
  bool won = false;
  db_.transaction([&](db::Session& s) {
    won = s.execute(sql::kJobFailed, {j.tenant_id, j.id, worker, error, now}) == 1;
    // media.job.failed (issue 78 item 1), in the transaction that records the failure.
    if (won)
      webhooks::record(s, j.tenant_id, "media.job.failed",
                       webhooks::MediaJobFailedData{j.id, j.upload_id, std::string(kind_name(j.kind)), error});
  });
  return won;
}

Uploader MediaRepository::uploader(db::Session& s, const Job& j) {
  return db::read_first<Uploader>(s.query(sql::kUploader, {j.tenant_id, j.upload_id})).value_or(Uploader{});
}

std::vector<Job> MediaRepository::replaced_jobs(db::Session& s, const Job& j) {
  // A structure's image is one of many (each slide and tile its own): it replaces none.
  if (j.kind == Kind::artwork && j.purpose == Purpose::structure) return {};
  const std::string slot = j.kind == Kind::artwork ? "artwork:" + std::string(purpose_name(j.purpose)) : "media";
  return db::read_rows<Job>(s.query(sql::kReplacedJobs, {j.tenant_id, j.article_id, slot, j.id}));
}

void MediaRepository::add_garbage(db::Session& s, const Garbage& g) {
  s.execute(sql::kInsertGarbage, {g.tenant_id, g.job_id, g.folder, nullable(g.unused_since), g.due_at});
}

std::vector<Garbage> MediaRepository::due_garbage(const std::string& now, std::int64_t limit) {
  return db::read_rows<Garbage>(db_.query(sql::kDueGarbage, {now, limit}));
}

bool MediaRepository::claim_garbage(const Garbage& g, const std::string& lease_end) {
  return db_.execute(sql::kClaimGarbage, {g.tenant_id, g.job_id, g.due_at, lease_end}) == 1;
}

std::set<std::string> MediaRepository::held_work_folders(const std::string& now) {
  std::set<std::string> held;
  for (const auto& row : db::read_rows<HeldFolderRow>(db_.query(sql::kHeldWorkFolders, {now})))
    held.insert(row.id + "-" + std::to_string(row.attempts));
  return held;
}

bool MediaRepository::folder_referenced(std::int64_t tenant_id, const std::string& folder) {
  // The folder's characters are a store key's (letters, digits, ".", "_", "-", "~", "/"): "_" matches any one
  // character here, which only ever keeps more.
  return !db_.query(sql::kFolderReferenced, {tenant_id, "%" + folder + "%"}).empty();
}

void MediaRepository::keep_garbage(const Garbage& g, const std::optional<std::string>& unused_since,
                                   const std::string& due_at) {
  db_.execute(sql::kKeepGarbage, {g.tenant_id, g.job_id, nullable(unused_since), due_at});
}

void MediaRepository::garbage_removed(const Garbage& g, const std::string& now) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kJobPurged, {g.tenant_id, g.job_id, now});
    s.execute(sql::kDeleteGarbage, {g.tenant_id, g.job_id});
  });
}

std::vector<std::pair<std::string, std::string>> MediaRepository::oldest_queued_by_tenant() {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& r : db::read_rows<TenantOldestRow>(db_.query(sql::kOldestQueuedByTenant)))
    if (r.oldest) out.emplace_back(std::move(r.tenant), std::move(*r.oldest));
  return out;
}

std::vector<std::pair<std::string, std::int64_t>> MediaRepository::stored_bytes_by_tenant() {
  std::vector<std::pair<std::string, std::int64_t>> out;
  for (auto& r : db::read_rows<TenantBytesRow>(db_.query(sql::kStoredByTenant))) out.emplace_back(std::move(r.tenant), r.bytes);
  return out;
}

std::optional<std::string> MediaRepository::oldest_queued_job() {
  const auto rows = db_.query(sql::kOldestQueuedJob);
  if (rows.empty() || rows[0].is_null(0)) return std::nullopt;
  return rows[0].text(0);
}

std::int64_t MediaRepository::jobs_failed_since(const std::string& at) {
  const auto rows = db_.query(sql::kJobsFailedSince, {at});
  return rows.empty() ? 0 : rows[0].integer(0);
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(ArticleRow, sql::kArticleMediaType);
PORTAL_ROW_READS(Upload, sql::kUpload);
PORTAL_ROW_READS(DueRow, sql::kStaleUploads);
PORTAL_ROW_READS(Job, sql::kJob);
PORTAL_ROW_READS(DueRow, sql::kDueJobs);
PORTAL_ROW_READS(Job, sql::kReplacedJobs);
PORTAL_ROW_READS(Garbage, sql::kDueGarbage);
PORTAL_ROW_READS(StoredChunk, sql::kChunks);
PORTAL_ROW_READS(Uploader, sql::kUploader);
PORTAL_ROW_READS(HeldFolderRow, sql::kHeldWorkFolders);
PORTAL_ROW_READS(TenantOldestRow, sql::kOldestQueuedByTenant);
PORTAL_ROW_READS(TenantBytesRow, sql::kStoredByTenant);
PORTAL_ROW_READS(Job, sql::kJobsOfArticle);
PORTAL_ROW_READS(Job, sql::kJobs);
}  // namespace portal::media
