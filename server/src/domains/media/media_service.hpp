#pragma once
// Media ingest's rules (docs/decisions.md "Media ingest"). An upload declares
// its article, kind, name and size (refused at once when over its kind's cap),
// then takes chunks in order, each an object of the media store (store/) recorded
// with its SHA-256, so any instance may take any chunk; the last chunk queues
// a job. The worker (run_due, on a thread of its own, never a request's)
// claims queued jobs one at a time, assembles the upload from the store (each
// chunk checked), runs the tools into a folder of the job's own, puts the results
// into the store under the article's own path only when all went well, and sets
// the article's media in the transaction that marks the job done. Expected failures are values (media_types.hpp Error); a job that fails
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
#include "store/media_store.hpp"

namespace portal::media {

class MediaService {
 public:
  // `also` runs in the transaction of a write (the audit entry of it).
  using UploadAlso = std::function<void(db::Session&, const Upload&)>;
  using JobAlso = std::function<void(db::Session&, const Job&)>;

  // `clock` times the uploads (their expiry); the jobs' leases keep the system's time.
  // store: where chunks and results live (every instance's); work_root: this instance's disk, where a job
  // assembles its upload and runs its tools.
  MediaService(MediaRepository& repository, store::MediaStore& store, std::filesystem::path work_root, Limits limits,
               const core::Clock& clock);

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

  // A chunk's object in the store (staging/uploads/<tenant>/<upload>/<first byte>-<token>).
  static std::string chunk_key(std::int64_t tenant_id, const std::string& upload_id, std::int64_t first_byte);
  // The published folder of a job, relative to the media root (".../<job>/", games: "games/<t>-<a>-<job>/").
  static std::string published_folder(const Job& job);

 private:
  void run_one(const MediaRepository::Due& due);
  // The upload's file in `into`, from its chunks in the store, each checked against its recorded SHA-256 and
  // the whole against the declared size; why not, when it cannot be.
  std::optional<std::string> assemble(const Job& job, const std::filesystem::path& into);
  // Removes an upload's chunks from the store (done, failed or expired).
  void drop_chunks(std::int64_t tenant_id, const std::string& upload_id);

  MediaRepository& repository_;
  store::MediaStore& store_;
  std::filesystem::path work_root_;
  Limits limits_;
  const core::Clock& clock_;
  std::string worker_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> halt_{false};  // the job under way stops its tools (stop(), or its claim was lost)
  std::chrono::milliseconds test_delay_{0};
};

}  // namespace portal::media
