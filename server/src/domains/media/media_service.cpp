#include "domains/media/media_service.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <system_error>
#include <thread>

#include "core/ids.hpp"
#include "core/lease.hpp"
#include "core/log.hpp"
#include "db/timestamp.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/catalog/catalog_media_paths.hpp"
#include "domains/media/media_process.hpp"
#include "domains/media/media_work.hpp"
#include "domains/tenants/tenants_repository.hpp"

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

// Writes bytes at an offset of the file, to the disk before it counts.
bool write_at(const fs::path& file, std::int64_t offset, std::string_view bytes) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0640);
  if (fd < 0) return false;
  std::size_t done = 0;
  bool ok = true;
  while (done < bytes.size()) {
    const ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done, offset + static_cast<off_t>(done));
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      ok = false;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  if (ok && ::fdatasync(fd) != 0) ok = false;
  ::close(fd);
  return ok;
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

MediaService::MediaService(MediaRepository& repository, fs::path media_root, Limits limits, const core::Clock& clock)
    : repository_(repository),
      root_(std::move(media_root)),
      limits_(limits),
      clock_(clock),
      worker_(host_name() + ":" + std::to_string(::getpid()) + ":" + core::random_hex(4)) {}

fs::path MediaService::staging_file(std::int64_t tenant_id, const std::string& upload_id) const {
  return root_ / "staging" / "uploads" / std::to_string(tenant_id) / (upload_id + ".part");
}

std::string MediaService::published_folder(const Job& job) {
  const std::string t = std::to_string(job.tenant_id), a = std::to_string(job.article_id);
  // Each attempt its own folder: a worker that lost its claim and finishes late never touches the winner's.
  const std::string run = job.id + "-" + std::to_string(job.attempts);
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
  const auto article = repository_.article(tenant_id, declared.article_id);
  if (!article) return Error::of(ErrorCode::article_not_found, "No article " + std::to_string(declared.article_id));
  const auto wanted = media_type_of(*kind);
  if (!wanted.empty() && !article->media_type.empty() && article->media_type != wanted)
    return Error::invalid("kind", "article " + std::to_string(declared.article_id) + " plays " + article->media_type +
                                      " media, not " + std::string(kind_name(*kind)));
  Upload u;
  u.id = core::random_hex(12);
  u.tenant_id = tenant_id;
  u.article_id = declared.article_id;
  u.kind = *kind;
  u.name = declared.name;
  u.size = declared.size;
  u.created_by = staff_id;
  u.created_at = db::utc_timestamp(clock_.now());
  std::error_code ec;
  fs::create_directories(staging_file(tenant_id, u.id).parent_path(), ec);
  if (ec) throw std::runtime_error("media staging folder: " + ec.message());
  const auto inserted = repository_.insert_upload(u, limits_.tenant_open_uploads, [&](db::Session& s) {
    if (also) also(s, u);
  });
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
  if (!write_at(staging_file(tenant_id, id), chunk.offset, chunk.bytes))
    throw std::runtime_error("media staging file not written");
  if (!repository_.advance(tenant_id, id, chunk.offset, chunk.offset + length, db::utc_timestamp(clock_.now()))) {
    auto now = repository_.upload(tenant_id, id);
    if (!now) {  // expired meanwhile: the bytes just written are nobody's
      std::error_code ec;
      fs::remove(staging_file(tenant_id, id), ec);
      return Error::of(ErrorCode::upload_not_found, "No upload " + id);
    }
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
    job.created_at = job.updated_at = db::utc_timestamp();
    if (repository_.queue(job, [&](db::Session& s) {
          if (queued) queued(s, job);
        })) {
      u->job_id = job.id;
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

int MediaService::run_due() {
  int ran = 0;
  while (!stopping_) {
    const auto now = Clock::now();
    bool claimed = false;
    for (const auto& due : repository_.due(db::utc_timestamp(now), 10)) {
      if (!repository_.claim(due, worker_, db::utc_timestamp(now + kLease), db::utc_timestamp(now))) continue;
      claimed = true;
      run_one(due);
      ++ran;
      break;  // one at a time: look again (another instance may have taken the rest)
    }
    if (!claimed) break;
  }
  return ran;
}

int MediaService::expire_abandoned() {
  const std::string cutoff =
      db::utc_timestamp(clock_.now() - std::chrono::seconds(std::max<std::int64_t>(limits_.upload_expiry_seconds, 0)));
  int removed = 0;
  for (const auto& stale : repository_.stale_uploads(cutoff, 100)) {
    if (!repository_.remove_stale_upload(stale, cutoff)) continue;  // a chunk came, or another instance took it
    std::error_code ec;
    fs::remove(staging_file(stale.tenant_id, stale.id), ec);
    ++removed;
    core::log_json(spdlog::level::info, "media upload expired", {{"tenant", stale.tenant_id}, {"upload", stale.id}});
  }
  return removed;
}

void MediaService::run_one(const MediaRepository::Due& due) {
  auto job = repository_.job(due.tenant_id, due.id);
  if (!job) return;
  const auto input = staging_file(job->tenant_id, job->upload_id);
  // The job's own folder: the tools run in it (FolderScope), on the upload linked in as its one input,
  // writing into out/ (renamed into place on success). Absolute: a tool runs there, not here.
  std::error_code ec;
  const auto own = fs::absolute(root_ / "staging" / "jobs" / job->id, ec);
  const auto staged = own / "upload";
  const auto work = own / "out";
  auto fail = [&](const std::string& why) {
    repository_.failed(*job, worker_, why, db::utc_timestamp());
    fs::remove_all(own, ec);
    fs::remove(input, ec);
    core::log_json(spdlog::level::info, "media job failed",
                   {{"tenant", job->tenant_id}, {"job", job->id}, {"article", job->article_id}, {"reason", why}});
  };
  if (job->attempts > kMaxAttempts) return fail("gave up after " + std::to_string(kMaxAttempts) + " attempts");
  if (!fs::is_regular_file(input, ec)) return fail("the uploaded file is gone from the staging folder");
  fs::remove_all(own, ec);
  fs::create_directories(work, ec);
  if (ec) return fail("the job's folder cannot be made: " + ec.message());
  fs::create_hard_link(input, staged, ec);
  if (ec) fs::copy_file(input, staged, ec);  // another file system: a copy
  if (ec) return fail("the upload cannot be put in the job's folder: " + ec.message());

  // The claim lives while the work does: a heartbeat renews it; a lost one (this instance stalled past the
  // lease and another took the job over) halts the tools, and the other instance's run publishes.
  halt_ = false;
  if (stopping_) halt_ = true;  // stop() came between the claim and here
  const core::Heartbeat heartbeat(
      [&] { return repository_.renew(*job, worker_, db::utc_timestamp(Clock::now() + kLease)); },
      [this] { halt_ = true; });
  // The tests' window for stopping an instance mid-job (--test-media-job-delay-ms, dev stage only).
  for (auto waited = std::chrono::milliseconds(0); waited < test_delay_ && !halt_; waited += std::chrono::milliseconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));

  int reported = 0;
  auto last = std::chrono::steady_clock::now();
  const auto progress = [&](int percent) {
    const auto at = std::chrono::steady_clock::now();
    if (percent <= reported || (percent < 99 && at - last < std::chrono::milliseconds(500))) return;
    reported = percent;
    last = at;
    const auto now = Clock::now();
    repository_.progress(*job, worker_, percent, db::utc_timestamp(now + kLease), db::utc_timestamp(now));
  };
  WorkResult result;
  const StopScope stop_scope(&halt_);
  const FolderScope folder_scope(own);
  if (!halt_) {
    try {
      result = run_work(job->kind, staged, work, limits_, progress);
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
    repository_.hand_back(*job, worker_, db::utc_timestamp());
    core::log_json(spdlog::level::info, "media job handed back", {{"tenant", job->tenant_id}, {"job", job->id}});
    return;
  }
  if (!result.output) return fail(result.refusal);

  // Into place in one rename: the article's path shows all of it or nothing.
  const std::string folder = published_folder(*job);
  const fs::path target = root_ / folder;
  fs::create_directories(target.parent_path(), ec);
  fs::remove_all(target, ec);
  fs::rename(work, target, ec);
  if (ec) return fail("the results could not be put in place: " + ec.message());
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
  const bool won = repository_.done(*job, worker_, media_path, preview_path, db::utc_timestamp(), [&](db::Session& s) {
    const auto published = catalog::set_article_media(s, job->tenant_id, job->article_id, change);
    article_found = published.has_value();
    // The audit log: the article's media before and after, by the member who uploaded it.
    if (published)
      audit::AuditRepository::append(s, publish_entry(*job, MediaRepository::uploader(s, *job), *published));
    // Every instance drops the tenant's caches at its next poll (live configuration).
    tenants::raise_config_version(s, job->tenant_id);
  });
  if (!won) {  // another worker took it over (this one's lease had ended): its run publishes, in a folder of its own
    fs::remove_all(target, ec);
    return;
  }
  fs::remove(input, ec);
  core::log_json(spdlog::level::info, "media job done",
                 {{"tenant", job->tenant_id}, {"job", job->id}, {"article", job->article_id},
                  {"path", *media_path}, {"articleFound", article_found}});
}

}  // namespace portal::media
