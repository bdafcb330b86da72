#pragma once
// Uploads and jobs in the database (media_sql.hpp). Blocking: run on the
// database pool or the worker's thread. Tenant first in every call of one
// tenant; due() and claim() serve every tenant.
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/media/media_types.hpp"

namespace portal::media {

// An article as ingest sees it: its content type and its media's type ("" when none).
struct ArticleMedia {
  std::string content_type;
  std::string media_type;
};

// The staff member who uploaded a job's file ("" e-mail and role when the account is gone).
struct Uploader {
  std::string id;
  std::string email;
  std::string role;
};

// Finished media replaced by a newer job (issue 71 item 4): the job's folder in the store, since when nothing
// uses it (nullopt: not known yet) and when the sweep looks at it next.
struct Garbage {
  std::int64_t tenant_id = 0;
  std::string job_id;
  std::string folder;
  std::optional<std::string> unused_since;
  std::string due_at;
};

class MediaRepository {
 public:
  explicit MediaRepository(db::Database& db) : db_(db) {}
  // When the oldest job still queued was made (every tenant; the metrics' job queue age).
  std::optional<std::string> oldest_queued_job();
  // Per tenant (its name) with queued jobs: when its oldest was made (the per-tenant queue age).
  std::vector<std::pair<std::string, std::string>> oldest_queued_by_tenant();
  // Per tenant (its name): the bytes of its finished media in the store.
  std::vector<std::pair<std::string, std::int64_t>> stored_bytes_by_tenant();
  // How many jobs failed since `at` (every tenant).
  std::int64_t jobs_failed_since(const std::string& at);

  std::optional<ArticleMedia> article(std::int64_t tenant_id, std::int64_t article_id);
  // Inserts the upload unless the tenant's open uploads and it would declare more than `open_quota` bytes, or
  // its finished media in the store and it would pass `stored_quota` (checked and inserted in one transaction,
  // one tenant's declarations taking turns); `also` runs in the same transaction (the audit entry). Answers
  // the open and the stored bytes before it and whether it went in (when not, which quota refused it).
  struct Inserted {
    bool inserted = false;
    bool over_stored = false;  // not inserted: the stored-bytes quota refused it (else the open uploads')
    std::int64_t open_bytes = 0;
    std::int64_t stored_bytes = 0;
  };
  Inserted insert_upload(const Upload& u, std::int64_t open_quota, std::int64_t stored_quota,
                         const std::function<void(db::Session&)>& also);
  std::optional<Upload> upload(std::int64_t tenant_id, const std::string& id);
  // Moves the received bytes on by `chunk` and records the chunk, in one transaction (touched at `now`);
  // false when the upload no longer stands at the chunk's first byte.
  bool advance(std::int64_t tenant_id, const std::string& id, const StoredChunk& chunk, const std::string& now);
  // An upload's chunks, in order of their first byte.
  std::vector<StoredChunk> chunks(std::int64_t tenant_id, const std::string& upload_id);
  // The upload's job, queued in one transaction with the upload's mark (and `also`); false when it had one.
  bool queue(const Job& job, const std::function<void(db::Session&)>& also);

  std::optional<Job> job(std::int64_t tenant_id, const std::string& id);
  std::vector<Job> jobs(std::int64_t tenant_id, std::optional<std::int64_t> article_id, std::int64_t limit);

  struct Due {
    std::int64_t tenant_id = 0;
    std::string id;
  };
  // Claimable jobs, fairly ordered: the tenant served least recently first, then its oldest; only tenants with
  // fewer than `per_tenant` jobs running under a live lease.
  std::vector<Due> due(const std::string& now, std::int64_t per_tenant, std::int64_t limit);
  // Unfinished uploads untouched since before `cutoff` (every tenant), and the removal of one
  // (true when this call removed it: it was still unfinished and untouched).
  std::vector<Due> stale_uploads(const std::string& cutoff, std::int64_t limit);
  bool remove_stale_upload(const Due& d, const std::string& cutoff);
  // The conditional update: true when this worker won the job, and its tenant had fewer than `per_tenant` jobs
  // running (every instance's, counted in the update; one tenant's claims serialised on PostgreSQL). The win
  // gives the tenant the queue's next turn, in the same transaction.
  bool claim(const Due& d, const std::string& worker, const std::string& lease_end, const std::string& now,
             std::int64_t per_tenant);
  bool progress(const Job& j, const std::string& worker, int progress, const std::string& lease_end,
                const std::string& now);
  // The heartbeat's renewal; false when the claim is no longer this worker's.
  bool renew(const Job& j, const std::string& worker, const std::string& lease_end);
  // Back to the queue (the worker stops); false when the claim was no longer this worker's.
  bool hand_back(const Job& j, const std::string& worker, const std::string& now);
  // Done with the bytes it put into the store, in one transaction with `publish` (the article's new media, the
  // replaced media recorded as garbage); false when the lease was lost.
  bool done(const Job& j, const std::string& worker, const std::optional<std::string>& media_path,
            const std::optional<std::string>& preview_path, std::int64_t stored_bytes, const std::string& now,
            const std::function<void(db::Session&)>& publish);
  bool failed(const Job& j, const std::string& worker, const std::string& error, const std::string& now);
  // Who uploaded the job's file, read in the session of the job's "done".
  static Uploader uploader(db::Session& s, const Job& j);

  // Replaced media, in the session of the job's "done": the earlier done jobs of the same article and slot
  // (media, cover, logo, icon) whose results are still in the store; and a job's folder recorded as garbage
  // (nothing when it already is).
  static std::vector<Job> replaced_jobs(db::Session& s, const Job& j);
  static void add_garbage(db::Session& s, const Garbage& g);
  // The sweep: garbage due by `now` (every tenant); the claim of one (its due time moved to `lease_end`, while
  // it is still what was read: true for one caller); whether anything of its tenant still names its folder;
  // kept for now (unused since, next look); and its removal recorded (its job's bytes no longer count).
  std::vector<Garbage> due_garbage(const std::string& now, std::int64_t limit);
  // The names of the work folders a running job's claim holds at `now` ("<job>-<attempts>").
  std::set<std::string> held_work_folders(const std::string& now);
  bool claim_garbage(const Garbage& g, const std::string& lease_end);
  bool folder_referenced(std::int64_t tenant_id, const std::string& folder);
  void keep_garbage(const Garbage& g, const std::optional<std::string>& unused_since, const std::string& due_at);
  void garbage_removed(const Garbage& g, const std::string& now);

 private:
  db::Database& db_;
};

}  // namespace portal::media
