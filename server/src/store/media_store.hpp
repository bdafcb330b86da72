#pragma once
// Where media lives (DESIGN.md "Media belongs to its tenant", docs/operations.md "Media store"): one store for
// every instance, chosen by configuration. A local folder (the embedded default; instances on several machines
// must share it) or an S3-compatible object store (AWS S3, MinIO, Ceph RGW, Cloudflare R2, Garage), signed with
// AWS Signature Version 4. Objects are addressed by keys the server derives (an upload's chunk from its tenant
// and upload, a job's results from tenant, article and job, the demo's shared media by its path), never by a
// path a client sent. Blocking: call on a pool or a worker's thread, never on an I/O thread.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::store {

inline constexpr std::chrono::seconds kHourlyLifetime{7200};

struct UrlOptions {
  std::chrono::seconds lifetime{3600};
  // Signed at the start of the hour and valid kHourlyLifetime from then (lifetime is not used): the same URL
  // all hour, so browsers cache what it answers (public media), valid at least an hour and at most two after
  // it is handed out; otherwise signed now for lifetime (a grant's media: it ends with the grant).
  bool hourly = false;
  // The answer's Content-Disposition (a download saves the file under this header), when set.
  std::string content_disposition;
};

class MediaStore {
 public:
  virtual ~MediaStore() = default;
  // "folder" or "s3" (logs, /readyz, the docs).
  virtual std::string_view kind() const = 0;

  // The object `key` holds `bytes`, whole (written to the store before this returns).
  virtual void put(const std::string& key, std::string_view bytes) = 0;
  // Every file below `folder` becomes the object `prefix` + its path below the folder; answers the keys
  // written. The folder is consumed: moved into place (the folder store, one rename) or removed after.
  virtual std::vector<std::string> put_folder(const std::filesystem::path& folder, const std::string& prefix) = 0;
  // Every file below `folder` copied to `prefix` + its path (the demo's generated media); the folder stays.
  virtual std::size_t copy_folder(const std::filesystem::path& folder, const std::string& prefix) = 0;
  // The object's bytes, whole (chunks, playlists, a game's files); nullopt when there is none.
  virtual std::optional<std::string> get(const std::string& key) = 0;
  // The object's length in bytes; nullopt when there is none (an album's zip is laid out before it is read).
  virtual std::optional<std::uint64_t> size(const std::string& key) = 0;
  // Up to `length` bytes of the object from `offset` (fewer only where it ends; "" past its end or when it is
  // gone): an object read piece by piece, never whole (store/object_zip.hpp).
  virtual std::string read(const std::string& key, std::uint64_t offset, std::size_t length) = 0;
  // Removes the objects, and for the folder store the folders they leave empty; an absent one is no error.
  virtual void remove(const std::vector<std::string>& keys) = 0;
  // Removes every object under `folder` (a key prefix the server made, ending in "/": a job's published
  // folder), and for the folder store the folders it leaves empty; none there is no error, so a second removal
  // (another instance's, a takeover's) is harmless. The object store lists that prefix, and only that.
  virtual void remove_folder(const std::string& folder) = 0;
  // Objects an earlier version named otherwise moved to their present names, once (each call finds what is
  // left): the object store's brand images under shared/brand/<tenant>/ before issue 71 go to
  // tenants/<tenant>/brand/ (object_names.hpp). Copied, then the old one removed: two instances doing it at
  // once write the same bytes. Answers how many it moved; the folder store has none (its names are the keys).
  virtual std::size_t move_legacy_objects() = 0;
  // A URL the browser may GET the object from for options.lifetime (the object store's presigned URL), or
  // nullopt when the portal serves the object itself (the folder store). A signature computed here, never a request
  // to the store: an I/O thread may call it.
  virtual std::optional<std::string> url_for(const std::string& key, const UrlOptions& options) = 0;
  // The folder store's root, which the portal streams files from; nullopt for the object store.
  virtual std::optional<std::filesystem::path> folder() const = 0;
};

// The folder store on `root` (created when missing).
std::unique_ptr<MediaStore> folder_store(std::filesystem::path root);

// An S3-compatible object store's settings (config "mediaStore", docs/operations.md "Media store"); the keys
// come from the environment (PORTAL_S3_ACCESS_KEY, PORTAL_S3_SECRET_KEY), never from a file in the tree.
struct S3Settings {
  std::string endpoint;         // how the portal reaches the store: "https://s3.eu-west-1.amazonaws.com", "http://minio:9000"
  std::string public_endpoint;  // how browsers reach it (presigned URLs sign this host); "" = endpoint
  std::string bucket;
  std::string prefix;           // every key under it ("portal/"), or ""
  bool virtual_hosts = false;   // bucket.host/key (AWS's default) instead of host/bucket/key (MinIO, Garage, Ceph)
  std::string region = "us-east-1";
  std::string access_key;
  std::string secret_key;
  int timeout_seconds = 30;
};

// The object store; throws when the settings are incomplete (no endpoint, bucket or keys).
std::unique_ptr<MediaStore> s3_store(S3Settings settings);

// Whether a key is one the server could have made: relative, segments of letters, digits, ".", "_", "-" and
// "~", no empty, "." or ".." segment. Every store refuses any other (a bug, never a client's path).
bool is_store_key(std::string_view key);

}  // namespace portal::store
