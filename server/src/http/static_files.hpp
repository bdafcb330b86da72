#pragma once
// Files under one root directory, served safely: no directory listing, no
// escape from the root (.., encoded dots, backslashes, NUL), correct content
// types, long immutable caching for hashed build assets, precompressed .br/.gz
// twins when the client accepts them, ETag/304 and single byte ranges (media).
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "http/context.hpp"

namespace portal::http {

// True when a decoded URL path is safe to map onto a directory.
bool is_safe_path(std::string_view decoded_path);

std::string_view content_type_for(const std::filesystem::path& file);

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);

  // relative_path is the decoded path below the root ("assets/app.js").
  // nullopt when there is no such regular file (the caller decides 404).
  std::optional<Response> serve(const Request& req, std::string_view relative_path);

  // Reads a whole file below the root (for the shell template); nullopt if absent.
  std::optional<std::string> read(std::string_view relative_path);

  const std::filesystem::path& root() const { return root_; }

 private:
  struct Cached {
    std::filesystem::file_time_type mtime;
    std::shared_ptr<const std::string> body;
  };
  std::shared_ptr<const std::string> load(const std::filesystem::path& file, std::filesystem::file_time_type mtime,
                                          std::uintmax_t size);

  std::filesystem::path root_;
  std::mutex mutex_;
  std::unordered_map<std::string, Cached> cache_;
};

}  // namespace portal::http
