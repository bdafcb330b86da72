#pragma once
// A game archive unpacked with libzip, checked entry by entry as it is written
// (issue 45 item 6): no entry that escapes its folder (an absolute path, a ".."
// segment, a backslash, a drive letter), no name that is not UTF-8 text (issue 71
// item 11), no entries that share compressed data (an overlapping zip bomb, issue 71
// item 4: media_zip_layout.hpp), no symbolic link, no encrypted entry,
// no method but stored and deflate, at most so many entries and so many bytes
// once unpacked, and an index.html at its top. The bytes are counted as they
// are written, whatever the archive's directory says, and the unpacking stops
// before the limit is passed; an entry that holds more than its directory says
// is refused too. The name checked is the name libzip reads and the file
// written (a Unicode-path extra field cannot show one name to the check and
// another to the writer). Files are written by this process (O_EXCL|O_NOFOLLOW),
// never by a tool. Blocking (files).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::media {

struct ZipLimits {
  std::int64_t max_files = 2000;
  std::int64_t max_bytes = 300LL << 20;  // unpacked, counted as written
};

struct ZipListing {
  std::vector<std::string> names;  // the files written (not the folders)
  std::int64_t bytes = 0;          // unpacked, as written
};

struct ZipVerdict {
  std::optional<ZipListing> listing;  // set when the archive was unpacked
  std::string refusal;                // otherwise why not, for the editor
};

// Unpacks `archive` into `out_dir` (an existing, empty folder). A refusal may leave
// part of it written (never more than limits.max_bytes): the caller removes the folder.
ZipVerdict unpack_zip(const std::filesystem::path& archive, const std::filesystem::path& out_dir,
                      const ZipLimits& limits);

// `names` (relative to `dir`, as unpack_zip listed them) packed anew into the zip at `out`, written aside and
// moved in place: a game's download package holds exactly the files that were checked and written, under those
// names (never the upload's own directory, whose names another unzip tool might read otherwise). False when it
// could not be written (nothing is left at `out` then).
bool pack_zip(const std::filesystem::path& dir, const std::vector<std::string>& names, const std::filesystem::path& out);

// The name check alone: true when `name` stays inside the folder it is unpacked into.
bool safe_entry_name(std::string_view name);

// True when `name` is text (issue 71 item 11): valid UTF-8 (no overlong form such as C0 AE for ".", no
// surrogate, no lone or missing continuation byte, nothing past U+10FFFF) without a control character (C0,
// DEL or C1: no "a\r\nb.html"). Checked on the name as the archive stores it and on the name written.
bool text_entry_name(std::string_view name);

}  // namespace portal::media
