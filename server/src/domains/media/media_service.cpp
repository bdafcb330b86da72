#include "domains/media/media_service.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <system_error>
#include <thread>

#include "core/ids.hpp"
#include "core/lease.hpp"
#include "core/log.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/catalog/catalog_media_paths.hpp"
#include "domains/media/media_process.hpp"
#include "domains/media/media_work.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "store/sigv4.hpp"

namespace portal::media {
namespace fs = std::filesystem;
using Clock = std::chrono::system_clock;

namespace {

constexpr auto kLease = core::kLeaseLength;  // moved on by the heartbeat and every progress report
constexpr int kMaxAttempts = 3;                    // claims of one job (an instance that stopped mid-way)

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "host";
  return buf;
}

// The type an article's media must have for a kind ("" for artwork: any article has a cover).
std::string_view media_type_of(Kind kind) {
  switch (kind) {
    case Kind::audio: return "audio";
    case Kind::video: return "hls";
    case Kind::game: return "game";
    case Kind::artwork: return "";
  }
  return "";
}

// The audit entry of a job's publish: the article's media before and after, the uploader as its actor
// and the job as its call (no request made it: the worker did, for the upload's member).
audit::Entry publish_entry(const Job& job, const Uploader& by, const catalog::MediaPublished& published) {
  audit::Entry e;
  e.at = db::utc_timestamp();
  e.tenant_id = job.tenant_id;
  e.actor_id = by.id;
  e.actor_email = by.email;
  e.actor_role = by.role;
  e.action = "media.publish";
  e.call = "media job " + job.id;
  e.object_type = "article";
  e.object_id = std::to_string(job.article_id);
  e.before = published.before;
  e.after = published.after;
  return e;
}

}  // namespace

MediaService::MediaService(MediaRepository& repository, store::MediaStore& store, fs::path work_root, Limits limits,
                           const core::Clock& clock)
    : repository_(repository),
      store_(store),
      work_root_(std::move(work_root)),
      limits_(limits),
      clock_(clock),
      worker_(host_name() + ":" + std::to_string(::getpid()) + ":" + core::random_hex(4)) {}

std::string MediaService::chunk_key(std::int64_t tenant_id, const std::string& upload_id, std::int64_t first_byte) {
  // A token of its own: two requests racing for one offset never write the same object.
  return "staging/uploads/" + std::to_string(tenant_id) + "/" + upload_id + "/" + std::to_string(first_byte) + "-" +
         core::random_hex(4);
}

void MediaService::drop_chunks(std::int64_t tenant_id, const std::string& upload_id) {
  std::vector<std::string> keys;
  for (const auto& c : repository_.chunks(tenant_id, upload_id)) keys.push_back(c.key);
  try {
    store_.remove(keys);
  } catch (const std::exception& e) {  // the store away: the objects stay, the upload's record says which
    core::log_json(spdlog::level::warn, "media upload's chunks not removed",
                   {{"tenant", tenant_id}, {"upload", upload_id}, {"error", e.what()}});
  }
}

std::string MediaService::published_folder(const Job& job) {
  const std::string t = std::to_string(job.tenant_id), a = std::to_string(job.article_id);
  // Each attempt its own folder: a worker that lost its claim and finishes late never touches the winner's.
  const std::string run = job.id + "-" + std::to_string(job.attempts);
  // A brand image is public (the storefront's header, the app's icon) and the tenant's, under brand/.
  if (job.purpose != Purpose::cover) return "brand/" + t + "/" + std::string(purpose_name(job.purpose)) + "/" + run + "/";
  switch (job.kind) {
    case Kind::audio: return "audio/" + t + "/" + a + "/" + run + "/";
    case Kind::video: return "hls/" + t + "/" + a + "/" + run + "/";
    case Kind::artwork: return "art/" + t + "/" + a + "/" + run + "/";
    // A game's folder is one level under games/ (catalog game_directory): its grant rides in the path.
    case Kind::game: return "games/" + t + "-" + a + "-" + run + "/";
  }
  return {};
}

Result<Upload> MediaService::begin(std::int64_t tenant_id, const NewUpload& declared, const std::string& staff_id,
                                   const UploadAlso& also) {
  const auto kind = kind_of(declared.kind);
  if (!kind) return Error::invalid("kind", "must be audio, video, artwork or game");
  if (declared.name.empty() || declared.name.size() > 255) return Error::invalid("name", "must be 1 to 255 characters");
  if (declared.size <= 0) return Error::invalid("size", "must be at least one byte");
  if (declared.size > limits_.of(*kind)) {
    auto e = Error::of(ErrorCode::too_large, "A " + std::string(kind_name(*kind)) + " file may have at most " +
                                                 std::to_string(limits_.of(*kind)) + " bytes");
    e.limit = limits_.of(*kind);
    return e;
  }
  const auto purpose = declared.purpose.empty() ? std::optional(Purpose::cover) : purpose_of(declared.purpose);
  if (!purpose) return Error::invalid("purpose", "must be cover, logo, icon or structure");
  if (*purpose != Purpose::cover) {  // the tenant's brand or a page structure's image: an image of no article
    if (*kind != Kind::artwork) return Error::invalid("kind", "a logo, an icon or a structure's image is an artwork upload");
    if (declared.article_id != 0)
      return Error::invalid("articleId", "a logo, an icon or a structure's image is the tenant's own, not an article's: leave it out");
  } else {
    if (declared.article_id <= 0) return Error::invalid("articleId", "the article the upload is for");
    const auto article = repository_.article(tenant_id, declared.article_id);
    if (!article) return Error::of(ErrorCode::article_not_found, "No article " + std::to_string(declared.article_id));
    const auto wanted = media_type_of(*kind);
    if (!wanted.empty() && !article->media_type.empty() && article->media_type != wanted)
      return Error::invalid("kind", "article " + std::to_string(declared.article_id) + " plays " +
                                        article->media_type + " media, not " + std::string(kind_name(*kind)));
  }
  Upload u;
  u.id = core::random_hex(12);
  u.tenant_id = tenant_id;
  u.article_id = declared.article_id;
  u.kind = *kind;
  u.name = declared.name;
  u.size = declared.size;
  u.created_by = staff_id;
  u.created_at = db::utc_timestamp(clock_.now());
  u.purpose = *purpose;
  const auto inserted =
      repository_.insert_upload(u, limits_.tenant_open_uploads, limits_.tenant_stored_bytes, [&](db::Session& s) {
        if (also) also(s, u);
      });
  if (!inserted.inserted && inserted.over_stored) {
    auto e = Error::of(ErrorCode::storage_quota_exceeded,
                       "The tenant's finished media holds " + std::to_string(inserted.stored_bytes) + " of its " +
                           std::to_string(limits_.tenant_stored_bytes) + " bytes in the store: no room for another " +
                           std::to_string(u.size) + " (replaced media is removed once unused for " +
                           std::to_string(limits_.removal_grace_seconds / 3600) + " h)");
    e.limit = limits_.tenant_stored_bytes;
    e.used = inserted.stored_bytes;
    return e;
  }
  if (!inserted.inserted) {
    auto e = Error::of(ErrorCode::quota_exceeded,
                       "The tenant's unfinished uploads declare " + std::to_string(inserted.open_bytes) + " of " +
                           std::to_string(limits_.tenant_open_uploads) + " bytes: finish them (or let them expire) "
                           "before another of " + std::to_string(u.size) + " bytes");
    e.limit = limits_.tenant_open_uploads;
    e.open = inserted.open_bytes;
    return e;
  }
  return u;
}

Result<Upload> MediaService::upload(std::int64_t tenant_id, const std::string& id) {
  auto u = repository_.upload(tenant_id, id);
  if (!u) return Error::of(ErrorCode::upload_not_found, "No upload " + id);
  return *u;
}

Result<Upload> MediaService::receive(std::int64_t tenant_id, const std::string& id, const Chunk& chunk,
                                     const JobAlso& queued) {
  auto u = repository_.upload(tenant_id, id);
  if (!u) return Error::of(ErrorCode::upload_not_found, "No upload " + id);
  if (u->job_id) {
    auto e = Error::of(ErrorCode::upload_complete, "The upload is complete");
    e.offset = u->received;
    return e;
  }
  if (chunk.total != u->size)
    return Error::invalid("Content-Range", "the total must be the declared size " + std::to_string(u->size));
  const auto length = static_cast<std::int64_t>(chunk.bytes.size());
  if (length == 0) return Error::invalid("body", "a chunk has at least one byte");
  if (length > limits_.chunk) {
    auto e = Error::of(ErrorCode::too_large, "A chunk may have at most " + std::to_string(limits_.chunk) + " bytes");
    e.limit = limits_.chunk;
    return e;
  }
  if (chunk.offset != u->received) {
    auto e = Error::of(ErrorCode::offset_mismatch,
                       "The upload stands at byte " + std::to_string(u->received) + ": send from there");
    e.offset = u->received;
    return e;
  }
  if (chunk.offset + length > u->size) return Error::invalid("Content-Range", "the chunk ends past the declared size");
  // The chunk becomes an object of the media store before the upload counts it: any instance may take the
  // next one, and the job reads them all from the store.
  const StoredChunk stored{chunk.offset, length, store::sha256_hex(chunk.bytes), chunk_key(tenant_id, id, chunk.offset)};
  if (!chunk.sha256.empty() && chunk.sha256 != stored.sha256)
    return Error::of(ErrorCode::digest_mismatch,
                     "The chunk's bytes do not have the SHA-256 its Content-Digest names: send it again");
  store_.put(stored.key, chunk.bytes);
  if (!repository_.advance(tenant_id, id, stored, db::utc_timestamp(clock_.now()))) {
    store_.remove({stored.key});  // another request moved the upload on, or it expired: these bytes are nobody's
    auto now = repository_.upload(tenant_id, id);
    if (!now) return Error::of(ErrorCode::upload_not_found, "No upload " + id);
    auto e = Error::of(ErrorCode::offset_mismatch, "Another request moved the upload on meanwhile");
    e.offset = now ? now->received : 0;
    return e;
  }
  u->received = chunk.offset + length;
  if (u->received == u->size) {
    Job job;
    job.id = core::random_hex(12);
    job.tenant_id = tenant_id;
    job.article_id = u->article_id;
    job.upload_id = u->id;
    job.kind = u->kind;
    job.name = u->name;
    job.purpose = u->purpose;
    job.created_at = job.updated_at = db::utc_timestamp();
    if (repository_.queue(job, [&](db::Session& s) {
          if (queued) queued(s, job);
        })) {
      u->job_id = job.id;
      poke();
      if (on_queued) on_queued();
    }
  }
  return *u;
}

std::vector<Job> MediaService::jobs(std::int64_t tenant_id, std::optional<std::int64_t> article_id,
                                    std::int64_t limit) {
  return repository_.jobs(tenant_id, article_id, std::clamp<std::int64_t>(limit, 1, 200));
}

Result<Job> MediaService::job(std::int64_t tenant_id, const std::string& id) {
  auto j = repository_.job(tenant_id, id);
  if (!j) return Error::of(ErrorCode::job_not_found, "No media job " + id);
  return *j;
}

void MediaService::stop() {
  stopping_ = true;
  {
    const std::lock_guard lock(slots_mutex_);
    for (auto* halt : halts_) *halt = true;  // every job under way stops its tools
  }
  slots_wake_.notify_all();
}

void MediaService::poke() {
  {
    const std::lock_guard lock(slots_mutex_);
    ++wakes_;
  }
  slots_wake_.notify_all();
}

std::optional<MediaService::Claimed> MediaService::claim_next() {
  const auto now = Clock::now();
  const std::string at = db::utc_timestamp(now), lease_end = db::utc_timestamp(now + kLease);
  const std::int64_t per_tenant = std::max(workers_.per_tenant, 1);
  for (const auto& due : repository_.due(at, per_tenant, 20)) {
    Claimed claimed{due, worker_ + ":" + core::random_hex(3)};
    if (repository_.claim(due, claimed.claimant, lease_end, at, per_tenant)) return claimed;
  }
  return std::nullopt;
}

int MediaService::run_due() {
  // Slots: this thread, and one more each time a slot claims a job while fewer than per_instance live, so the
  // next job is looked for while this one runs. A slot that finds nothing ends when nothing else runs (the
  // pass is over) or another slot already waits; else it waits for a wake-up (a job queued here or ended) or
  // look_, and looks again. Every live slot is in `helpers` or being joined below.
  std::atomic<int> ran{0};
  std::vector<std::thread> helpers;
  int alive = 1, busy = 0;
  bool waiting = false;
  const int slots = std::max(workers_.per_instance, 1);
  std::function<void()> slot = [&] {
    std::unique_lock lock(slots_mutex_);
    while (!stopping_) {
      ++busy;
      lock.unlock();
      std::optional<Claimed> claimed;
      try {
        claimed = claim_next();
      } catch (const std::exception& e) {  // the database away for a moment: the next pass looks again
        core::log_json(spdlog::level::warn, "media jobs not looked for", {{"error", e.what()}});
      }
      lock.lock();
      if (!claimed) {
        --busy;
        if (busy == 0 || waiting || stopping_) break;
        waiting = true;
        const auto seen = wakes_;
        slots_wake_.wait_for(lock, look_, [&] { return stopping_ || wakes_ != seen; });
        waiting = false;
        continue;
      }
      if (alive < slots && !stopping_) {
        ++alive;
        helpers.emplace_back(slot);
      }
      lock.unlock();
      try {
        run_one(*claimed);
      } catch (const std::exception& e) {  // its claim lapses and another look takes it over
        core::log_json(spdlog::level::err, "media job broke off",
                       {{"tenant", claimed->due.tenant_id}, {"job", claimed->due.id}, {"error", e.what()}});
      }
      ++ran;
      lock.lock();
      --busy;
      ++wakes_;  // its tenant has a place again: a waiting slot looks
      slots_wake_.notify_all();
    }
    --alive;
    ++wakes_;  // a slot that waits looks once more: with none busy it ends too
    slots_wake_.notify_all();
  };
  slot();
  for (;;) {
    std::vector<std::thread> joining;
    {
      const std::lock_guard lock(slots_mutex_);
      joining.swap(helpers);
    }
    if (joining.empty()) break;
    for (auto& t : joining) t.join();
  }
  return ran;
}

int MediaService::expire_abandoned() {
  const std::string cutoff =
      db::utc_timestamp(clock_.now() - std::chrono::seconds(std::max<std::int64_t>(limits_.upload_expiry_seconds, 0)));
  int removed = 0;
  for (const auto& stale : repository_.stale_uploads(cutoff, 100)) {
    const auto chunks = repository_.chunks(stale.tenant_id, stale.id);
    if (!repository_.remove_stale_upload(stale, cutoff)) continue;  // a chunk came, or another instance took it
    std::vector<std::string> keys;
    for (const auto& c : chunks) keys.push_back(c.key);
    try {
      store_.remove(keys);
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::warn, "expired upload's chunks not removed",
                     {{"tenant", stale.tenant_id}, {"upload", stale.id}, {"error", e.what()}});
    }
    ++removed;
    core::log_json(spdlog::level::info, "media upload expired", {{"tenant", stale.tenant_id}, {"upload", stale.id}});
  }
  return removed;
}

namespace {

// Whether `folder` is the published folder of job `job_id` (".../<job>-<attempt>/", "games/<t>-<a>-<job>-<n>/"):
// the sweep removes nothing else.
bool folder_of_job(const std::string& folder, const std::string& job_id) {
  if (!folder.ends_with('/') || job_id.empty()) return false;
  const std::string bare = folder.substr(0, folder.size() - 1);
  const auto dash = bare.rfind('-');
  if (dash == std::string::npos || dash + 1 == bare.size()) return false;
  for (std::size_t i = dash + 1; i < bare.size(); ++i)
    if (bare[i] < '0' || bare[i] > '9') return false;
  const std::string run = bare.substr(0, dash);
  return run.ends_with("/" + job_id) || run.ends_with("-" + job_id);
}

// The bytes of the files below `folder` (a job's results, before they go into the store).
std::int64_t bytes_below(const fs::path& folder) {
  std::int64_t n = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_regular_file(ec)) n += static_cast<std::int64_t>(it->file_size(ec));
  return n;
}

}  // namespace

int MediaService::clean_work_folders() {
  std::error_code ec;
  if (!fs::is_directory(work_root_, ec)) return 0;
  const auto held = repository_.held_work_folders(db::utc_timestamp(clock_.now()));
  const auto young = fs::file_time_type::clock::now() - kLease;
  int removed = 0;
  for (const auto& entry : fs::directory_iterator(work_root_, ec)) {
    if (!entry.is_directory(ec) || held.contains(entry.path().filename().string())) continue;
    if (const auto at = fs::last_write_time(entry.path(), ec); ec || at > young) continue;
    if (fs::remove_all(entry.path(), ec) > 0 && !ec) ++removed;
  }
  if (removed > 0) core::log_json(spdlog::level::info, "media work folders removed", {{"folders", removed}});
  return removed;
}

int MediaService::remove_garbage() {
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  const auto grace = std::chrono::seconds(std::max<std::int64_t>(limits_.removal_grace_seconds, 0));
  // Media still named is looked at again within the hour (and no sooner than a minute).
  const auto again = std::max<std::chrono::seconds>(std::min<std::chrono::seconds>(grace, std::chrono::hours(1)),
                                                    std::chrono::minutes(1));
  int removed = 0;
  for (const auto& g : repository_.due_garbage(at, 100)) {
    if (!repository_.claim_garbage(g, db::utc_timestamp(now + kLease))) continue;  // another instance has it
    if (!folder_of_job(g.folder, g.job_id)) {  // never more than a job's own folder (a bug otherwise)
      core::log_json(spdlog::level::err, "media garbage is no job's folder: kept",
                     {{"tenant", g.tenant_id}, {"job", g.job_id}, {"folder", g.folder}});
      repository_.keep_garbage(g, std::nullopt, db::utc_timestamp(now + std::chrono::hours(24 * 365)));
      continue;
    }
    if (repository_.folder_referenced(g.tenant_id, g.folder)) {  // in use: the grace starts again once it is not
      repository_.keep_garbage(g, std::nullopt, db::utc_timestamp(now + again));
      continue;
    }
    const auto since = g.unused_since ? core::parse_utc(*g.unused_since) : std::nullopt;
    if (!since) {  // the first look that finds it unused
      repository_.keep_garbage(g, at, db::utc_timestamp(now + grace));
      continue;
    }
    if (*since + grace > now) {
      repository_.keep_garbage(g, g.unused_since, db::utc_timestamp(*since + grace));
      continue;
    }
    try {
      store_.remove_folder(g.folder);
    } catch (const std::exception& e) {  // the store away: the claim lapses and a later sweep tries again
      core::log_json(spdlog::level::warn, "replaced media not removed",
                     {{"tenant", g.tenant_id}, {"job", g.job_id}, {"folder", g.folder}, {"error", e.what()}});
      continue;
    }
    repository_.garbage_removed(g, at);
    ++removed;
    core::log_json(spdlog::level::info, "replaced media removed",
                   {{"tenant", g.tenant_id}, {"job", g.job_id}, {"folder", g.folder}});
  }
  return removed;
}

std::size_t MediaService::move_legacy_objects() {
  if (legacy_moved_) return 0;
  std::size_t moved = 0;
  try {
    moved = store_.move_legacy_objects();
    legacy_moved_ = true;
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::warn, "media store's older names not moved yet", {{"error", e.what()}});
    return 0;
  }
  if (moved > 0)
    core::log_json(spdlog::level::info, "media store's older names moved", {{"objects", moved}});
  return moved;
}

std::optional<std::string> MediaService::assemble(const Job& job, const fs::path& into) {
  const auto upload = repository_.upload(job.tenant_id, job.upload_id);
  if (!upload) return "the upload is gone";
  const auto chunks = repository_.chunks(job.tenant_id, job.upload_id);
  const int fd = ::open(into.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0) return "the upload cannot be assembled in the job's folder";
  std::int64_t at = 0;
  std::optional<std::string> refused;
  const auto bytes_text = [](const StoredChunk& c) {
    return "bytes " + std::to_string(c.first_byte) + "-" + std::to_string(c.first_byte + c.length - 1);
  };
  for (const auto& c : chunks) {
    if (c.first_byte != at) {
      refused = "the upload has a gap at byte " + std::to_string(at);
      break;
    }
    std::optional<std::string> bytes;
    try {
      bytes = store_.get(c.key);
    } catch (const std::exception& e) {
      refused = "a chunk (" + bytes_text(c) + ") could not be read from the media store: " + e.what();
      break;
    }
    if (!bytes) {
      refused = "a chunk (" + bytes_text(c) + ") is missing from the media store";
      break;
    }
    if (static_cast<std::int64_t>(bytes->size()) != c.length || store::sha256_hex(*bytes) != c.sha256) {
      refused = "a chunk (" + bytes_text(c) + ") in the media store is not the one received (its SHA-256 differs)";
      break;
    }
    std::size_t done = 0;
    while (done < bytes->size()) {
      const ssize_t n = ::write(fd, bytes->data() + done, bytes->size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    if (done != bytes->size()) {
      refused = "the upload cannot be assembled in the job's folder (disk full?)";
      break;
    }
    at += c.length;
  }
  ::close(fd);
  if (!refused && at != upload->size)
    refused = "the upload holds " + std::to_string(at) + " of its " + std::to_string(upload->size) + " bytes";
  return refused;
}

void MediaService::run_one(const Claimed& claimed) {
  const auto& due = claimed.due;
  const std::string& worker = claimed.claimant;
  auto job = repository_.job(due.tenant_id, due.id);
  if (!job) return;
  // This job's halt: its tools stop when stop() sets it (SIGTERM) or its claim was lost.
  std::atomic<bool> halt{false};
  struct Registered {
    MediaService& service;
    std::atomic<bool>* halt;
    Registered(MediaService& s, std::atomic<bool>* h) : service(s), halt(h) {
      const std::lock_guard lock(service.slots_mutex_);
      service.halts_.insert(halt);
      if (service.stopping_) *halt = true;  // stop() came between the claim and here
    }
    ~Registered() {
      const std::lock_guard lock(service.slots_mutex_);
      service.halts_.erase(halt);
    }
  } const registered(*this, &halt);
  // The job's own folder on this instance's disk: the upload assembled in it from the store's chunks, the tools
  // run in it (FolderScope) on that one input, writing into out/ (put into the store on success). Absolute: a
  // tool runs there, not here.
  std::error_code ec;
  const auto own = fs::absolute(work_root_ / (job->id + "-" + std::to_string(job->attempts)), ec);
  const auto staged = own / "upload";
  const auto work = own / "out";
  auto fail = [&](const std::string& why) {
    if (!repository_.failed(*job, worker, why, db::utc_timestamp())) {  // taken over meanwhile: not ours to fail
      fs::remove_all(own, ec);
      return;
    }
    fs::remove_all(own, ec);
    drop_chunks(job->tenant_id, job->upload_id);
    core::log_json(spdlog::level::info, "media job failed",
                   {{"tenant", job->tenant_id}, {"job", job->id}, {"article", job->article_id}, {"reason", why}});
  };
  if (job->attempts > kMaxAttempts) return fail("gave up after " + std::to_string(kMaxAttempts) + " attempts");
  fs::remove_all(own, ec);
  fs::create_directories(work, ec);
  if (ec) return fail("the job's folder cannot be made: " + ec.message());
  if (auto refused = assemble(*job, staged)) return fail(*refused);

  // The claim lives while the work does: a heartbeat renews it; a lost one (this instance stalled past the
  // lease and another took the job over) halts the tools, and the other instance's run publishes.
  const core::Heartbeat heartbeat(
      [&] { return repository_.renew(*job, worker, db::utc_timestamp(Clock::now() + kLease)); },
      [&halt] { halt = true; });
  // The tests' window for stopping an instance mid-job (--test-media-job-delay-ms, dev stage only).
  for (auto waited = std::chrono::milliseconds(0); waited < test_delay_ && !halt; waited += std::chrono::milliseconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));

  int reported = 0;
  auto last = std::chrono::steady_clock::now();
  const auto progress = [&](int percent) {
    const auto at = std::chrono::steady_clock::now();
    if (percent <= reported || (percent < 99 && at - last < std::chrono::milliseconds(500))) return;
    reported = percent;
    last = at;
    const auto now = Clock::now();
    repository_.progress(*job, worker, percent, db::utc_timestamp(now + kLease), db::utc_timestamp(now));
  };
  WorkResult result;
  const StopScope stop_scope(&halt);
  const FolderScope folder_scope(own);
  if (!halt) {
    try {
      result = run_work(job->kind, job->purpose, staged, work, limits_, progress);
    } catch (const std::exception& e) {
      result.refusal = std::string("the work failed: ") + e.what();
    }
  }
  if (heartbeat.lost()) {  // taken over: the other instance's run is the job's
    fs::remove_all(own, ec);
    core::log_json(spdlog::level::warn, "media job taken over by another instance",
                   {{"tenant", job->tenant_id}, {"job", job->id}});
    return;
  }
  if (stopping_) {  // shut down mid-way: back to the queue at once, for any instance
    fs::remove_all(own, ec);
    repository_.hand_back(*job, worker, db::utc_timestamp());
    core::log_json(spdlog::level::info, "media job handed back", {{"tenant", job->tenant_id}, {"job", job->id}});
    return;
  }
  if (!result.output) return fail(result.refusal);

  // Into the store under the attempt's own folder; the article points there only once all of it is in. Its
  // bytes count against the tenant's stored-bytes quota from the job's "done" on.
  const std::string folder = published_folder(*job);
  const std::int64_t stored_bytes = bytes_below(work);
  std::vector<std::string> published;
  try {
    published = store_.put_folder(work, folder);
  } catch (const std::exception& e) {
    return fail(std::string("the results could not be put in the media store: ") + e.what());
  }
  fs::remove_all(own, ec);
  const auto& out = *result.output;
  catalog::MediaChange change;
  std::optional<std::string> media_path = folder + out.media;
  std::optional<std::string> preview_path;
  if (!out.preview.empty()) preview_path = folder + out.preview;
  switch (job->kind) {
    case Kind::audio:
    case Kind::video:
    case Kind::game: {
      change.media = catalog::MediaPaths{std::string(media_type_of(job->kind)), *media_path, preview_path};
      change.duration_seconds = out.duration_seconds;
      break;
    }
    case Kind::artwork: change.cover_url = "/media/generated/" + *media_path; break;
  }
  bool article_found = true;
  const bool won = repository_.done(*job, worker, media_path, preview_path, stored_bytes, db::utc_timestamp(),
                                    [&](db::Session& s) {
    // What this job replaces (the same article's earlier media, cover, or the tenant's earlier logo or icon) is
    // garbage from now on: the sweep removes each folder once nothing of the tenant has named it for the grace
    // period (remove_garbage). Its first look is due at once.
    const std::string now = db::utc_timestamp(clock_.now());
    for (const auto& old : MediaRepository::replaced_jobs(s, *job))
      MediaRepository::add_garbage(s, Garbage{old.tenant_id, old.id, published_folder(old), std::nullopt, now});
    // A brand image is done here: the settings form points the logo or icon at it and saves (its own audit entry).
    if (job->purpose != Purpose::cover) return;
    const auto published = catalog::set_article_media(s, job->tenant_id, job->article_id, change);
    article_found = published.has_value();
    // The article is gone: nothing names these results, which are garbage too.
    if (!published)
      MediaRepository::add_garbage(s, Garbage{job->tenant_id, job->id, folder, std::nullopt, now});
    // The audit log: the article's media before and after, by the member who uploaded it.
    if (published)
      audit::AuditRepository::append(s, publish_entry(*job, MediaRepository::uploader(s, *job), *published));
    // Every instance drops the tenant's caches at its next poll (live configuration).
    tenants::raise_config_version(s, job->tenant_id);
  });
  if (!won) {  // another worker took it over (this one's lease had ended): its run publishes, in a folder of its own
    store_.remove(published);
    return;
  }
  drop_chunks(job->tenant_id, job->upload_id);
  core::log_json(spdlog::level::info, "media job done",
                 {{"tenant", job->tenant_id}, {"job", job->id}, {"article", job->article_id},
                  {"path", *media_path}, {"articleFound", article_found}, {"bytes", stored_bytes}});
}

}  // namespace portal::media
