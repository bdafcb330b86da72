#pragma once
// The checks a game archive passes before it is unpacked, read from the zip's
// central directory (the list unzip works from): no entry that escapes its
// folder (an absolute path, a ".." segment, a backslash, a drive letter), no
// symbolic link, no encrypted entry, no method but stored and deflate, no
// ZIP64, at most so many files and so many bytes once unpacked, and an
// index.html at its top. Pure: bytes in, a verdict out.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::media {

struct ZipLimits {
  std::int64_t max_files = 2000;
  std::int64_t max_bytes = 300LL << 20;  // unpacked
};

struct ZipListing {
  std::vector<std::string> names;
  std::int64_t bytes = 0;  // unpacked, as declared
};

struct ZipVerdict {
  std::optional<ZipListing> listing;  // set when the archive may be unpacked
  std::string refusal;                // otherwise why not, for the editor
};

// `tail` is the archive's last bytes (at least the central directory and the
// end record; the whole file is fine), `file_size` the whole archive's size.
ZipVerdict check_zip(std::string_view tail, std::int64_t file_size, const ZipLimits& limits);

// The name check alone: true when `name` stays inside the folder it is unpacked into.
bool safe_entry_name(std::string_view name);

}  // namespace portal::media
