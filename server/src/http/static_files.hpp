#pragma once
// Files under one root directory, served safely: no directory listing, no
// escape from the root (.., encoded dots, backslashes, NUL, symlinks out),
// correct content types, long immutable caching for hashed build assets,
// precompressed .br/.gz twins when the client accepts them, ETag/304 and
// single byte ranges (media).
//
// Memory: the small files a page loads (scripts, styles, images, playlists;
// up to kKeptFileBytes each, with their twins) are kept in a FileCache that the
// instances share, bounded by bytes, least recently used out first. Audio,
// video (HLS segments) and larger files are never held whole: the answer is a
// stream of the file (http/response_body.hpp) the session sends piece by piece.
// Threads: opening, stat and reading a file that is not in the cache run on
// `pool`, never on an I/O thread; a kept file costs one stat on the I/O thread
// to see it unchanged, a hashed build asset (its name changes with its bytes) none.
#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "http/context.hpp"
#include "http/file_cache.hpp"

namespace portal::http {

// True when a decoded URL path is safe to map onto a directory.
bool is_safe_path(std::string_view decoded_path);

// A build's source map ("x.js.map"), or a precompressed twin of one ("x.js.map.br", "x.js.map.gz"), in any case.
bool is_source_map(std::string_view relative_path);

// One "bytes=a-b", "bytes=a-" or "bytes=-n" range of a file of `size` bytes as
// (first, last). nullopt: not a single byte range (the whole file is served);
// first > last: unsatisfiable (416). Positions past 64 bits never throw: a
// first is beyond the file, a last or a suffix reaches its end.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_range(std::string_view header, std::uint64_t size);

struct KeptFile;  // a file as the cache keeps it (static_files.cpp)
using FileCache = LruBytes<KeptFile>;

inline constexpr std::size_t kFileCacheBytes = 32 * 1024 * 1024;  // the whole cache
inline constexpr std::size_t kKeptFileBytes = 512 * 1024;         // the largest file kept

class StaticFiles {
 public:
  // pool: where files not in the cache are opened, stat-ed and read; nullptr
  // runs that work inline (start-up, unit tests).
  StaticFiles(std::filesystem::path root, std::shared_ptr<FileCache> cache, boost::asio::thread_pool* pool);
  // Its own cache of kFileCacheBytes, work inline.
  explicit StaticFiles(std::filesystem::path root);

  // relative_path is the decoded path below the root ("assets/app.js").
  // nullopt when there is no such regular file (the caller decides 404).
  boost::asio::awaitable<std::optional<Response>> serve(const Request& req, std::string_view relative_path);

  // A whole file below the root (the shell template, the build descriptor),
  // from the cache when kept there; null when absent. read_async opens and
  // reads off the I/O thread; read blocks (start-up).
  boost::asio::awaitable<std::shared_ptr<const std::string>> read_async(std::string_view relative_path);
  std::shared_ptr<const std::string> read(std::string_view relative_path);

  // Whether serve() answers source maps (is_source_map; on by default). The client build's are for the dev stage
  // only (issue 71 item 12: they hand out the client's original sources); off, serve() finds no such file.
  void serve_source_maps(bool served) { source_maps_ = served; }

  const std::filesystem::path& root() const { return root_; }
  const std::shared_ptr<FileCache>& cache() const { return cache_; }

 private:
  std::string key_for(std::string_view relative_path) const;
  std::shared_ptr<const KeptFile> kept(const std::string& key) const;
  std::shared_ptr<const KeptFile> probe(std::string_view relative_path, bool whole) const;  // blocking
  void keep(const std::string& key, const std::shared_ptr<const KeptFile>& file) const;

  std::filesystem::path root_;
  std::shared_ptr<FileCache> cache_;
  boost::asio::thread_pool* pool_;
  bool source_maps_ = true;
};

}  // namespace portal::http
