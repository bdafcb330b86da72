#pragma once
// Media ingest (issue 33 item 3): uploads received in chunks to a staging
// file, and the jobs that turn a complete upload into an article's media
// (docs/decisions.md "Media ingest"). Plain values; no HTTP, no SQL.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>


namespace portal::media {

// What an upload holds; each kind has its own work and its own size cap.
enum class Kind { audio, video, artwork, game };
std::string_view kind_name(Kind k);
std::optional<Kind> kind_of(std::string_view name);

// What an artwork upload is for: an article's cover, or the tenant's brand (its logo, its app icon), which
// belongs to no article (article_id 0) and is made into the sizes of its own (docs/decisions.md "Brand images"),
// or an image of a page structure (a banner's slide, a grid's tile: issue 73), the tenant's too, which
// replaces no other image.
enum class Purpose { cover, logo, icon, structure };
std::string_view purpose_name(Purpose p);
std::optional<Purpose> purpose_of(std::string_view name);

enum class JobState { queued, running, done, failed };
std::string_view state_name(JobState s);
JobState state_of(std::string_view name);  // unknown: failed

// Size caps per kind (bytes) and the largest chunk one request may carry; the bytes a
// tenant's open uploads may declare together, and how long an unfinished upload may
// stand still before it is removed (config mediaSizeLimits, --media-upload-expiry).
struct Limits {
  std::int64_t audio = 200LL << 20;
  std::int64_t video = 2048LL << 20;
  std::int64_t artwork = 20LL << 20;
  std::int64_t game = 100LL << 20;
  std::int64_t chunk = 1LL << 20;  // never more than the server's body limit
  // A game archive once unpacked.
  std::int64_t game_files = 2000;
  std::int64_t game_unpacked = 300LL << 20;
  // Declared bytes of a tenant's open (unfinished) uploads, together.
  std::int64_t tenant_open_uploads = 4LL << 30;
  // Seconds an unfinished upload may go without a chunk before it is removed with its staged bytes.
  std::int64_t upload_expiry_seconds = 24 * 3600;
  // Bytes of a tenant's finished media kept in the store (its done jobs' results, replaced ones until the sweep
  // removes them): a new upload that would pass it is refused (issue 71 item 4).
  std::int64_t tenant_stored_bytes = 50LL << 30;
  // Seconds media that no article (nor the tenant's settings) uses any more stays in the store before the sweep
  // removes it: a page or a player opened before the replace keeps working meanwhile.
  std::int64_t removal_grace_seconds = 24 * 3600;
  // An artwork's pixels (width × height) as its header declares them, read before anything decodes it
  // (media_image.hpp): a PNG of a few hundred bytes may declare 90000 × 90000 (24 GB decoded). 50 megapixels
  // is a 8660 × 5773 photograph; a cover or a logo needs far fewer.
  std::int64_t image_pixels = 50'000'000;
  // The address space each media tool (ffmpeg, ffprobe, cwebp) may map, set on the child before exec
  // (RLIMIT_AS, media_process.hpp): a hostile file fails its own job, not the machine.
  std::int64_t tool_memory = 2LL << 30;
  std::int64_t of(Kind k) const;
};

// How many jobs run at once (issue 71 item 3): on this instance (its slots), and of one tenant across every
// instance (the database counts the tenant's running jobs in the claim).
struct Workers {
  int per_instance = 1;
  int per_tenant = 2;
};
// The default of --media-workers: half the machine's cores, at least one.
int default_media_workers();

struct Upload {
  std::string id;
  std::int64_t tenant_id = 0;
  std::int64_t article_id = 0;
  Kind kind = Kind::audio;
  std::string name;  // the file name the editor chose (shown, never used as a path)
  std::int64_t size = 0;
  std::int64_t received = 0;
  std::optional<std::string> job_id;  // set once complete
  std::string created_by;
  std::string created_at;
  Purpose purpose = Purpose::cover;
};

struct Job {
  std::string id;
  std::int64_t tenant_id = 0;
  std::int64_t article_id = 0;
  std::string upload_id;
  Kind kind = Kind::audio;
  std::string name;  // the upload's file name
  JobState state = JobState::queued;
  int progress = 0;  // 0-100
  std::optional<std::string> error;  // failed: why, for the editor
  int attempts = 0;
  std::optional<std::string> claimed_by;
  std::optional<std::string> claimed_until;
  std::string created_at;
  std::string updated_at;
  std::optional<std::string> media_path;    // done: the article's new media (or artwork) path
  std::optional<std::string> preview_path;  // done: its preview, when the kind has one
  Purpose purpose = Purpose::cover;
};

// What a new upload declares.
struct NewUpload {
  std::int64_t article_id = 0;  // 0 for a brand image (it is the tenant's)
  std::string kind;
  std::string name;
  std::int64_t size = 0;
  std::string purpose;  // cover, logo or icon; "" is cover
};

// One chunk: its first byte's offset and its bytes.
struct Chunk {
  std::int64_t offset = 0;
  std::int64_t total = 0;  // the whole size the client says (Content-Range's /N)
  std::string_view bytes;
  std::string sha256;  // the digest the client says (Content-Digest sha-256, hex), or "" when it sent none
};

// A received chunk as the media store holds it: its place in the file, its SHA-256 (hex) and its object's key.
struct StoredChunk {
  std::int64_t first_byte = 0;
  std::int64_t length = 0;
  std::string sha256;
  std::string key;
};

enum class ErrorCode {
  invalid_field,
  article_not_found,
  upload_not_found,
  job_not_found,
  too_large,        // the declared size or a chunk is over its cap
  offset_mismatch,  // a chunk that does not start where the upload stands: field offset = the received bytes
  upload_complete,  // a chunk after the last byte
  quota_exceeded,   // the tenant's open uploads and this one would pass its quota: limit, open
  storage_quota_exceeded,  // the tenant's finished media and this upload would pass its stored-bytes quota: limit, used
  digest_mismatch,  // the chunk's bytes are not the ones its Content-Digest names (changed on the way)
};
struct Error {
  ErrorCode code = ErrorCode::invalid_field;
  std::string message;  // English, for developers
  std::string field;    // invalid_field: which input
  std::string reason;   // invalid_field: what is wrong with it
  std::optional<std::int64_t> offset;  // offset_mismatch, upload_complete: the bytes received so far
  std::optional<std::int64_t> limit;   // too_large: the cap in bytes; quota_exceeded, storage_quota_exceeded: the quota
  std::optional<std::int64_t> open;    // quota_exceeded: the bytes the tenant's open uploads declare
  std::optional<std::int64_t> used;    // storage_quota_exceeded: the bytes of the tenant's finished media in the store

  static Error of(ErrorCode code, std::string message) {
    Error e;
    e.code = code;
    e.message = std::move(message);
    return e;
  }
  static Error invalid(std::string field, std::string reason) {
    Error e = of(ErrorCode::invalid_field, field + ": " + reason);
    e.field = std::move(field);
    e.reason = std::move(reason);
    return e;
  }
};
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location&);
template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::media
