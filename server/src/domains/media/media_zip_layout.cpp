#include "domains/media/media_zip_layout.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>

namespace portal::media {

namespace {

constexpr std::uint32_t kLocalMagic = 0x04034b50, kCentralMagic = 0x02014b50, kEndMagic = 0x06054b50,
                        kEnd64Magic = 0x06064b50, kEnd64LocatorMagic = 0x07064b50;
constexpr std::uint64_t kEndSize = 22, kEnd64LocatorSize = 20, kEnd64Size = 56, kCentralSize = 46, kLocalSize = 30;

ZipLayout layout_refused(std::string why) {
  ZipLayout layout;
  layout.refusal = std::move(why);
  return layout;
}

// Little-endian fields of bytes already read; the caller checked the length.
std::uint64_t zip_le(const std::string& b, std::uint64_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::uint64_t>(i)]);
  return v;
}

struct ZipFile {
  int fd = -1;
  std::uint64_t size = 0;
  ~ZipFile() {
    if (fd >= 0) ::close(fd);
  }
  // [at, at + n) of the file, or false when it is not all there.
  bool read(std::uint64_t at, std::uint64_t n, std::string& out) const {
    if (at > size || n > size - at) return false;
    out.resize(static_cast<std::size_t>(n));
    std::size_t done = 0;
    while (done < n) {
      const ssize_t got = ::pread(fd, out.data() + done, out.size() - done, static_cast<off_t>(at + done));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return false;
      done += static_cast<std::size_t>(got);
    }
    return true;
  }
};

}  // namespace

ZipLayout read_zip_layout(const std::filesystem::path& archive) {
  ZipFile file;
  file.fd = ::open(archive.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st{};
  if (file.fd < 0 || ::fstat(file.fd, &st) != 0) return layout_refused("the archive cannot be read");
  file.size = static_cast<std::uint64_t>(st.st_size);

  // The end record, at the very end: followed by exactly its comment.
  const std::uint64_t tail_size = std::min<std::uint64_t>(file.size, kEndSize + 0xFFFF);
  std::string tail;
  if (tail_size < kEndSize || !file.read(file.size - tail_size, tail_size, tail))
    return layout_refused("not a zip archive: no end record");
  std::optional<std::uint64_t> end_at;  // within tail
  for (std::uint64_t i = tail_size - kEndSize + 1; i-- > 0;)
    if (zip_le(tail, i, 4) == kEndMagic && zip_le(tail, i + 20, 2) == tail_size - i - kEndSize) {
      end_at = i;
      break;
    }
  if (!end_at) return layout_refused("the archive's end record is not at its end");
  const std::uint64_t end_offset = file.size - tail_size + *end_at;
  std::uint64_t disk = zip_le(tail, *end_at + 4, 2), directory_disk = zip_le(tail, *end_at + 6, 2);
  std::uint64_t here = zip_le(tail, *end_at + 8, 2), count = zip_le(tail, *end_at + 10, 2);
  std::uint64_t directory_size = zip_le(tail, *end_at + 12, 4), directory = zip_le(tail, *end_at + 16, 4);
  std::uint64_t directory_end = end_offset;  // where the directory must end

  // ZIP64: libzip reads the ZIP64 end record whenever its locator stands right before the end record.
  std::string locator;
  if (end_offset >= kEnd64LocatorSize && file.read(end_offset - kEnd64LocatorSize, kEnd64LocatorSize, locator) &&
      zip_le(locator, 0, 4) == kEnd64LocatorMagic) {
    const std::uint64_t record_at = zip_le(locator, 8, 8);
    std::string record;
    if (zip_le(locator, 4, 4) != 0 || zip_le(locator, 16, 4) != 1)
      return layout_refused("an archive that spans several disks is not accepted");
    if (!file.read(record_at, kEnd64Size, record) || zip_le(record, 0, 4) != kEnd64Magic ||
        record_at + kEnd64Size > end_offset - kEnd64LocatorSize)
      return layout_refused("a damaged zip archive: its ZIP64 end record is not where its locator says");
    disk = zip_le(record, 16, 4);
    directory_disk = zip_le(record, 20, 4);
    here = zip_le(record, 24, 8);
    count = zip_le(record, 32, 8);
    directory_size = zip_le(record, 40, 8);
    directory = zip_le(record, 48, 8);
    directory_end = record_at;
  }
  if (disk != 0 || directory_disk != 0 || here != count)
    return layout_refused("an archive that spans several disks is not accepted");
  if (directory > directory_end || directory_size != directory_end - directory)
    return layout_refused("a damaged zip archive: its directory is not where its end record says");

  std::string dir;
  if (!file.read(directory, directory_size, dir)) return layout_refused("a damaged zip archive: its directory is cut off");
  ZipLayout layout;
  layout.directory = directory;
  std::uint64_t at = 0;
  while (at < dir.size()) {
    if (layout.entries.size() >= count || dir.size() - at < kCentralSize || zip_le(dir, at, 4) != kCentralMagic)
      return layout_refused("a damaged zip archive: its directory holds other than its entries");
    const std::uint64_t name_size = zip_le(dir, at + 28, 2), extra_size = zip_le(dir, at + 30, 2),
                        comment_size = zip_le(dir, at + 32, 2);
    if (dir.size() - at - kCentralSize < name_size + extra_size + comment_size)
      return layout_refused("a damaged zip archive: a directory entry is cut off");
    ZipEntrySpan e;
    e.method = static_cast<std::uint16_t>(zip_le(dir, at + 10, 2));
    e.crc = static_cast<std::uint32_t>(zip_le(dir, at + 16, 4));
    e.comp_size = zip_le(dir, at + 20, 4);
    e.size = zip_le(dir, at + 24, 4);
    std::uint64_t entry_disk = zip_le(dir, at + 34, 2);
    e.begin = zip_le(dir, at + 42, 4);
    e.header_name = dir.substr(at + kCentralSize, name_size);
    e.name = e.header_name;
    bool unicode_seen = false;
    // The ZIP64 extra field (0x0001) holds, in this order, each 32-bit field that is all ones.
    for (std::uint64_t x = at + kCentralSize + name_size, x_end = x + extra_size; x + 4 <= x_end;) {
      const std::uint64_t id = zip_le(dir, x, 2), size = zip_le(dir, x + 2, 2);
      if (size > x_end - x - 4) return layout_refused("a damaged zip archive: an extra field is cut off");
      if (id == 0x0001) {
        std::uint64_t v = x + 4;
        const std::uint64_t v_end = v + size;
        for (auto* field : {&e.size, &e.comp_size, &e.begin}) {
          if (*field != 0xFFFFFFFFu) continue;
          if (v_end - v < 8) return layout_refused("a damaged zip archive: its ZIP64 field is cut off");
          *field = zip_le(dir, v, 8);
          v += 8;
        }
        if (entry_disk == 0xFFFF && v_end - v >= 4) entry_disk = zip_le(dir, v, 4);
      }
      // Info-ZIP's Unicode Path (0x7075), its first one, version 1: the name libzip reads when the field's CRC-32
      // is the header name's.
      if (id == 0x7075 && !unicode_seen) {
        unicode_seen = true;
        if (size >= 5 && static_cast<unsigned char>(dir[x + 4]) == 1 &&
            zip_le(dir, x + 5, 4) == crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(e.header_name.data()),
                                           static_cast<uInt>(e.header_name.size())))
          e.name = dir.substr(x + 9, size - 5);
      }
      x += 4 + size;
    }
    if (entry_disk != 0) return layout_refused("an archive that spans several disks is not accepted");
    if (e.begin > directory || e.comp_size > directory - e.begin)
      return layout_refused("a damaged zip archive: an entry lies outside the archive's data");
    layout.entries.push_back(std::move(e));
    at += kCentralSize + name_size + extra_size + comment_size;
  }
  if (layout.entries.size() != count)
    return layout_refused("a damaged zip archive: its directory holds another number of entries than it says");

  // Each entry's local header: its name the directory's, its data after its name and extra field.
  for (auto& e : layout.entries) {
    std::string local;
    if (!file.read(e.begin, kLocalSize, local) || zip_le(local, 0, 4) != kLocalMagic)
      return layout_refused("a damaged zip archive: an entry's local header is not where the directory says");
    const std::uint64_t flags = zip_le(local, 6, 2), name_size = zip_le(local, 26, 2), extra_size = zip_le(local, 28, 2);
    if (!file.read(e.begin + kLocalSize, name_size, e.local_name))
      return layout_refused("a damaged zip archive: an entry's local header is cut off");
    // A data descriptor follows the data when bit 3 says so: 12 bytes at least.
    e.end = e.begin + kLocalSize + name_size + extra_size + e.comp_size + ((flags & 0x08) ? 12 : 0);
  }
  return layout;
}

std::optional<std::string> shared_zip_data(const ZipLayout& layout) {
  std::vector<const ZipEntrySpan*> order;
  for (const auto& e : layout.entries) order.push_back(&e);
  std::sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->begin < b->begin; });
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i]->end > layout.directory)
      return "the archive's entries share data: " + order[i]->name + " reaches into the archive's directory";
    if (i + 1 < order.size() && order[i]->end > order[i + 1]->begin)
      return "the archive's entries share data: " + order[i]->name + " and " + order[i + 1]->name +
             " overlap (an overlapping zip bomb)";
  }
  // Checked after the overlaps: many directory entries pointing at one local header is the bomb, and says so.
  for (const auto& e : layout.entries)
    if (e.local_name != e.header_name)
      return "a damaged zip archive: the local header of " + e.name + " names another file than the directory";
  return std::nullopt;
}

}  // namespace portal::media
