#pragma once
// Media ingest's rules (docs/decisions.md "Media ingest"). An upload declares
// its article, kind, name and size (refused at once when over its kind's cap),
// then takes chunks in order, each an object of the media store (store/) recorded
// with its SHA-256, so any instance may take any chunk; the last chunk queues
// a job. The worker (run_due, on threads of its own, never a request's) claims
// queued jobs fairly between tenants (the tenant served least recently first, at
// most Workers::per_tenant of one tenant running on all instances together) and
// runs up to Workers::per_instance at once; each assembles the upload from the
// store (each chunk checked), runs the tools into a folder of the job's own, puts
// the results into the store under the article's own path only when all went well,
// and sets the article's media in the transaction that marks the job done, where
// the results it replaces are recorded as garbage. Expected failures are values
// (media_types.hpp Error); a job that fails says why in its error text. A tenant's
// open uploads declare at most Limits::tenant_open_uploads bytes together, and its
// finished media in the store holds at most Limits::tenant_stored_bytes (a new
// upload over either is refused); an upload that goes Limits::upload_expiry_seconds
// without a chunk is removed with its staged bytes by the worker's sweep
// (expire_abandoned), and replaced media nothing uses for Limits::removal_grace_seconds
// by remove_garbage. Blocking (SQL and files).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
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

  // How many jobs run at once: on this instance, and of one tenant on every instance together (--media-workers,
  // --media-jobs-per-tenant); how long an idle slot waits before it looks again while others run (jobs queued on
  // another instance; one queued here wakes it at once).
  void set_workers(Workers workers) { workers_ = workers; }
  void set_look(std::chrono::milliseconds look) { look_ = look; }

  // The worker: claims due jobs and runs them, up to Workers::per_instance at once (one slot here, and one more
  // thread per slot while a job runs and jobs wait), until none is left and none runs, or stop(); answers how
  // many it ran. Each claim takes the oldest job of the tenant served least recently among those under their
  // cap, so one tenant's many jobs never hold another's back for more than the jobs already running. A job
  // holds its claim with a heartbeat (core/lease.hpp) while it runs. Call from one thread at a time.
  int run_due();
  // Halts the jobs under way and hands them back to the queue (SIGTERM); run_due then returns.
  void stop();
  // The tests' window for stopping an instance mid-job: a claimed job waits this long before its work.
  void set_test_delay(std::chrono::milliseconds delay) { test_delay_ = delay; }
  // Removes the unfinished uploads that had no chunk for Limits::upload_expiry_seconds, each with its
  // staged file (any instance: the removal is a conditional delete); answers how many it removed.
  int expire_abandoned();
  // Removes replaced media from the store (any instance: each garbage row is claimed by a conditional update
  // for a lease, and a removal twice is harmless): a folder goes once two looks at least
  // Limits::removal_grace_seconds apart found nothing of its tenant naming it (an article, the settings, a page
  // structure, a challenge); one still named is looked at again within the hour. Its bytes then no longer count
  // against the tenant's quota. Answers how many folders it removed.
  int remove_garbage();
  // Removes this instance's work folders (work_root) that no claim holds: a job killed with its instance
  // (kill -9, a crash) leaves its folder, some megabytes each, which a restart would otherwise keep for ever. A
  // folder younger than a lease is left alone (its job may be claimed since the look). Answers how many it removed.
  int clean_work_folders();
  // Moves the store's objects an earlier version named otherwise (the brand images' shared/brand/… names),
  // once per process: until it has succeeded, each call tries (the store may be away at start). Answers how many.
  std::size_t move_legacy_objects();
  // Called when a job was queued (the worker's wake-up).
  std::function<void()> on_queued;

  // A chunk's object in the store (staging/uploads/<tenant>/<upload>/<first byte>-<token>).
  static std::string chunk_key(std::int64_t tenant_id, const std::string& upload_id, std::int64_t first_byte);
  // The published folder of a job, relative to the media root (".../<job>/", games: "games/<t>-<a>-<job>/").
  static std::string published_folder(const Job& job);

 private:
  // One job claimed for this instance, with the claimant's name its lease ops carry (one per claim: two slots of
  // this instance never hold one job between them).
  struct Claimed {
    MediaRepository::Due due;
    std::string claimant;
  };
  std::optional<Claimed> claim_next();
  void run_one(const Claimed& claimed);
  // Wakes an idle slot to look for work now (a job queued here, or one ended).
  void poke();
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
  Workers workers_;
  std::chrono::milliseconds look_{std::chrono::seconds(5)};
  std::atomic<bool> stopping_{false};
  // The slots of run_due: the halt flag of each job under way (stop() sets them all: its tools stop), and the
  // wake-ups counted (a job queued, a job ended), which an idle slot waits on.
  std::mutex slots_mutex_;
  std::condition_variable slots_wake_;
  std::set<std::atomic<bool>*> halts_;
  std::uint64_t wakes_ = 0;
  std::chrono::milliseconds test_delay_{0};
  std::atomic<bool> legacy_moved_{false};
};

}  // namespace portal::media
