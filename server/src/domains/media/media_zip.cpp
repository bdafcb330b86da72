#include "domains/media/media_zip.hpp"

namespace portal::media {

namespace {

constexpr std::uint32_t kEndRecord = 0x06054b50;
constexpr std::uint32_t kCentralEntry = 0x02014b50;
constexpr std::size_t kEndRecordSize = 22;
constexpr std::size_t kCentralEntrySize = 46;

std::uint32_t u16(std::string_view b, std::size_t at) {
  return static_cast<std::uint8_t>(b[at]) | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(b[at + 1])) << 8);
}
std::uint32_t u32(std::string_view b, std::size_t at) { return u16(b, at) | (u16(b, at + 2) << 16); }

ZipVerdict refuse(std::string why) { return {std::nullopt, std::move(why)}; }

}  // namespace

bool safe_entry_name(std::string_view name) {
  if (name.empty() || name.front() == '/' || name.find('\\') != std::string_view::npos ||
      name.find('\0') != std::string_view::npos)
    return false;
  if (name.size() >= 2 && name[1] == ':') return false;  // C:...
  for (std::size_t i = 0; i <= name.size();) {
    const auto j = std::min(name.find('/', i), name.size());
    if (name.substr(i, j - i) == "..") return false;
    i = j + 1;
  }
  return true;
}

ZipVerdict check_zip(std::string_view tail, std::int64_t file_size, const ZipLimits& limits) {
  if (tail.size() < kEndRecordSize || file_size < static_cast<std::int64_t>(tail.size()))
    return refuse("not a zip archive");
  // The end record: the last one in the file (a comment of up to 64 KiB may follow it).
  std::size_t end = std::string_view::npos;
  for (std::size_t at = tail.size() - kEndRecordSize + 1; at-- > 0;) {
    if (u32(tail, at) == kEndRecord) {
      end = at;
      break;
    }
    if (tail.size() - at > kEndRecordSize + 0xFFFF) break;
  }
  if (end == std::string_view::npos) return refuse("not a zip archive (or a truncated one): no end record");
  const std::uint32_t entries = u16(tail, end + 10);
  const std::uint32_t dir_size = u32(tail, end + 12);
  const std::uint32_t dir_offset = u32(tail, end + 16);
  if (entries == 0xFFFF || dir_size == 0xFFFFFFFF || dir_offset == 0xFFFFFFFF)
    return refuse("ZIP64 archives are not accepted");
  // Where the directory is in `tail`.
  const std::int64_t tail_start = file_size - static_cast<std::int64_t>(tail.size());
  const std::int64_t end_in_file = tail_start + static_cast<std::int64_t>(end);
  if (static_cast<std::int64_t>(dir_offset) + dir_size > end_in_file)
    return refuse("a truncated or damaged zip archive: its directory lies past its end");
  if (static_cast<std::int64_t>(dir_offset) < tail_start) return refuse("the zip archive's directory is too large");
  if (static_cast<std::int64_t>(entries) > limits.max_files)
    return refuse("too many files: " + std::to_string(entries) + " (at most " + std::to_string(limits.max_files) + ")");

  ZipListing listing;
  bool index = false;
  std::size_t at = static_cast<std::size_t>(dir_offset - tail_start);
  const std::size_t dir_end = at + dir_size;
  for (std::uint32_t i = 0; i < entries; ++i) {
    if (at + kCentralEntrySize > dir_end || u32(tail, at) != kCentralEntry)
      return refuse("a damaged zip archive: its directory is cut short");
    const std::uint32_t made_by = u16(tail, at + 4);
    const std::uint32_t flags = u16(tail, at + 8);
    const std::uint32_t method = u16(tail, at + 10);
    const std::uint32_t packed = u32(tail, at + 20);
    const std::uint32_t unpacked = u32(tail, at + 24);
    const std::uint32_t name_len = u16(tail, at + 28);
    const std::uint32_t extra_len = u16(tail, at + 30);
    const std::uint32_t comment_len = u16(tail, at + 32);
    const std::uint32_t external = u32(tail, at + 38);
    if (at + kCentralEntrySize + name_len > dir_end) return refuse("a damaged zip archive: a name is cut short");
    const std::string name(tail.substr(at + kCentralEntrySize, name_len));
    at += kCentralEntrySize + name_len + extra_len + comment_len;
    if (!safe_entry_name(name)) return refuse("an entry escapes the game's folder: " + name);
    const std::uint32_t host = made_by >> 8;
    const std::uint32_t mode = external >> 16;
    if ((host == 3 || host == 19) && (mode & 0170000) == 0120000) return refuse("a symbolic link is not accepted: " + name);
    if (flags & 1) return refuse("an encrypted entry is not accepted: " + name);
    if (packed == 0xFFFFFFFF || unpacked == 0xFFFFFFFF) return refuse("ZIP64 archives are not accepted");
    if (method != 0 && method != 8) return refuse("an entry is compressed with a method other than deflate: " + name);
    listing.bytes += unpacked;
    if (listing.bytes > limits.max_bytes)
      return refuse("too many bytes once unpacked (at most " + std::to_string(limits.max_bytes) + ")");
    if (name == "index.html") index = true;
    listing.names.push_back(name);
  }
  if (!index) return refuse("the archive has no index.html at its top");
  return {std::move(listing), {}};
}

}  // namespace portal::media
