#pragma once
// Where each entry of a zip archive lies (issue 71 item 4): the one fact libzip (1.7)
// does not tell. An "overlap" zip bomb points many directory entries at the same
// compressed bytes (1,999 entries sharing one deflated block: 110 KB that writes
// 298 MB), so the archive inflates far past deflate's ratio of its real size. Here the
// central directory is read a second time, strictly (the end record at the very end,
// no spanning of disks, ZIP64 as libzip reads it, every length checked), with each
// entry's local header, and media_zip.cpp checks that libzip's reading agrees entry by
// entry (name, sizes, CRC, method) before it trusts these offsets. Each entry's bytes
// run from its local header to the end of its compressed data (and its data
// descriptor); no two may overlap, and none may reach into the directory. Blocking (reads
// the file).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace portal::media {

struct ZipEntrySpan {
  std::string name;  // as libzip reads it: the central directory's bytes, or an Info-ZIP Unicode-path field's
  std::string header_name;  // the central directory's bytes
  std::string local_name;   // the local header's (an archiver writes the same)
  std::uint16_t method = 0;
  std::uint32_t crc = 0;
  std::uint64_t comp_size = 0;
  std::uint64_t size = 0;
  std::uint64_t begin = 0;  // the local header's offset
  std::uint64_t end = 0;    // one past its compressed data (and data descriptor)
};

struct ZipLayout {
  std::vector<ZipEntrySpan> entries;  // in directory order
  std::uint64_t directory = 0;        // the central directory's offset
  std::string refusal;                // set when the archive's structure cannot be read strictly
};

ZipLayout read_zip_layout(const std::filesystem::path& archive);

// Why the entries' bytes are not each their own (two overlap, or one reaches into the directory), or an entry's
// local header names another file than the directory: the reason naming them, for the editor; nullopt when each
// entry's bytes are its own under its own name.
std::optional<std::string> shared_zip_data(const ZipLayout& layout);

}  // namespace portal::media
