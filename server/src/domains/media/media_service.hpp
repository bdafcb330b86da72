#pragma once
// Media ingest's rules (docs/decisions.md "Media ingest"). An upload declares
// its article, kind, name and size (refused at once when over its kind's cap),
// then takes chunks in order, each written at its offset into a staging file
// under the media root (never the whole file in memory); the last chunk queues
// a job. The worker (run_due, on a thread of its own, never a request's)
// claims queued jobs one at a time, runs the tools into a folder of the job's
// own, renames it into place under the article's own path only when all went
// well, and sets the article's media in the transaction that marks the job
// done. Expected failures are values (media_types.hpp Error); a job that fails
// says why in its error text. A tenant's open uploads declare at most
// Limits::tenant_open_uploads bytes together (a new one over it is refused), and
// one that goes Limits::upload_expiry_seconds without a chunk is removed with its
// staged bytes by the worker's sweep (expire_abandoned). Blocking (SQL and files).
#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/media/media_repository.hpp"
#include "domains/media/media_types.hpp"

namespace portal::media {

class MediaService {
 public:
  // `also` runs in the transaction of a write (the audit entry of it).
  using UploadAlso = std::function<void(db::Session&, const Upload&)>;
  using JobAlso = std::function<void(db::Session&, const Job&)>;

  // `clock` times the uploads (their expiry); the jobs' leases keep the system's time.
  MediaService(MediaRepository& repository, std::filesystem::path media_root, Limits limits, const core::Clock& clock);

  const Limits& limits() const { return limits_; }

  Result<Upload> begin(std::int64_t tenant_id, const NewUpload& declared, const std::string& staff_id,
                       const UploadAlso& also);
  Result<Upload> upload(std::int64_t tenant_id, const std::string& id);
  // One chunk; the one that completes the upload queues its job (`queued` in its transaction).
  Result<Upload> receive(std::int64_t tenant_id, const std::string& id, const Chunk& chunk, const JobAlso& queued);

  std::vector<Job> jobs(std::int64_t tenant_id, std::optional<std::int64_t> article_id, std::int64_t limit);
  Result<Job> job(std::int64_t tenant_id, const std::string& id);

  // The worker: claims and runs due jobs, one at a time, until none is left or stop();
  // answers how many it ran.
  // A job holds its claim with a heartbeat (core/lease.hpp) while it runs.
  int run_due();
  // Halts the job under way and hands it back to the queue (SIGTERM); run_due then returns.
  void stop() {
    stopping_ = true;
    halt_ = true;
  }
  // The tests' window for stopping an instance mid-job: a claimed job waits this long before its work.
  void set_test_delay(std::chrono::milliseconds delay) { test_delay_ = delay; }
  // Removes the unfinished uploads that had no chunk for Limits::upload_expiry_seconds, each with its
  // staged file (any instance: the removal is a conditional delete); answers how many it removed.
  int expire_abandoned();
  // Called when a job was queued (the worker's wake-up).
  std::function<void()> on_queued;

  // Where things are under the media root.
  std::filesystem::path staging_file(std::int64_t tenant_id, const std::string& upload_id) const;
  // The published folder of a job, relative to the media root (".../<job>/", games: "games/<t>-<a>-<job>/").
  static std::string published_folder(const Job& job);

 private:
  void run_one(const MediaRepository::Due& due);

  MediaRepository& repository_;
  std::filesystem::path root_;
  Limits limits_;
  const core::Clock& clock_;
  std::string worker_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> halt_{false};  // the job under way stops its tools (stop(), or its claim was lost)
  std::chrono::milliseconds test_delay_{0};
};

}  // namespace portal::media
