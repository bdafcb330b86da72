#include "domains/media/media_zip.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <array>
#include <cerrno>
#include <memory>

#include "domains/media/media_zip_layout.hpp"

namespace portal::media {
namespace fs = std::filesystem;

namespace {

constexpr std::uint8_t kUnix = 3, kMacOs = 19;  // the "made by" hosts whose attributes carry a Unix mode

ZipVerdict refuse_zip(std::string why) { return {std::nullopt, std::move(why)}; }

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct FileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// A refused name as the editor can read it: bytes outside printable ASCII as \xNN.
std::string shown_entry_name(std::string_view name) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : name.substr(0, 200)) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    }
  }
  return out;
}

}  // namespace

bool text_entry_name(std::string_view name) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(name[i]); };
  for (std::size_t i = 0; i < name.size();) {
    const unsigned char c = byte(i);
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7F) return false;  // C0, DEL
      ++i;
      continue;
    }
    // The lead byte says the length and the range of the second byte (RFC 3629 section 4): C0, C1 and
    // F5-FF never lead, E0 and F0 would be overlong below A0 and 90, ED a surrogate from A0, F4 past U+10FFFF.
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) length = 2;
    else if (c >= 0xE0 && c <= 0xEF) length = 3, low = c == 0xE0 ? 0xA0 : 0x80, high = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) length = 4, low = c == 0xF0 ? 0x90 : 0x80, high = c == 0xF4 ? 0x8F : 0xBF;
    else return false;
    if (name.size() - i < length) return false;
    if (byte(i + 1) < low || byte(i + 1) > high) return false;
    for (std::size_t k = 2; k < length; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return false;
    if (c == 0xC2 && byte(i + 1) <= 0x9F) return false;  // C1: U+0080-U+009F
    i += length;
  }
  return true;
}

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

ZipVerdict unpack_zip(const fs::path& archive, const fs::path& out_dir, const ZipLimits& limits) {
  int error = 0;
  std::unique_ptr<zip_t, ZipCloser> za(zip_open(archive.c_str(), ZIP_RDONLY, &error));
  if (!za) {
    zip_error_t e;
    zip_error_init_with_code(&e, error);
    std::string why = "not a zip archive (or a damaged one): ";
    why += zip_error_strerror(&e);
    zip_error_fini(&e);
    return refuse_zip(why);
  }
  const zip_int64_t entries = zip_get_num_entries(za.get(), 0);
  if (entries < 0) return refuse_zip("a damaged zip archive");
  if (entries > limits.max_files)
    return refuse_zip("too many files: " + std::to_string(entries) + " (at most " + std::to_string(limits.max_files) + ")");
  const std::string too_many_bytes = "too many bytes once unpacked (at most " + std::to_string(limits.max_bytes) + ")";

  // First every entry's name and kind, from the directory: nothing is written for an archive refused by them.
  std::int64_t declared = 0;
  for (zip_int64_t i = 0; i < entries; ++i) {
    zip_stat_t st;
    if (zip_stat_index(za.get(), static_cast<zip_uint64_t>(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME))
      return refuse_zip("a damaged zip archive: an entry cannot be read");
    const std::string name = st.name;
    // The name as stored (libzip would turn bytes that are not UTF-8 into CP437's characters) and as written.
    const char* stored = zip_get_name(za.get(), static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
    if (!stored || !text_entry_name(stored) || !text_entry_name(name))
      return refuse_zip("an entry's name is not UTF-8 text (invalid UTF-8 or a control character): " +
                        shown_entry_name(stored ? stored : name));
    if (!safe_entry_name(name)) return refuse_zip("an entry escapes the game's folder: " + name);
    zip_uint8_t host = 0;
    zip_uint32_t attributes = 0;
    if (zip_file_get_external_attributes(za.get(), static_cast<zip_uint64_t>(i), 0, &host, &attributes) == 0 &&
        (host == kUnix || host == kMacOs) && ((attributes >> 16) & S_IFMT) == S_IFLNK)
      return refuse_zip("a symbolic link is not accepted: " + name);
    if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
      return refuse_zip("an encrypted entry is not accepted: " + name);
    if ((st.valid & ZIP_STAT_COMP_METHOD) && st.comp_method != ZIP_CM_STORE && st.comp_method != ZIP_CM_DEFLATE)
      return refuse_zip("an entry is compressed with a method other than deflate: " + name);
    if (st.valid & ZIP_STAT_SIZE) {
      declared += static_cast<std::int64_t>(std::min<zip_uint64_t>(st.size, 1ULL << 62));
      if (declared > limits.max_bytes) return refuse_zip(too_many_bytes);
    }
  }

  // No two entries may share compressed bytes (an overlapping bomb inflates one block once per entry): where each
  // entry lies, from the portal's own strict reading of the directory (libzip does not tell), trusted only where it
  // reads every entry as libzip does.
  const auto layout = read_zip_layout(archive);
  if (!layout.refusal.empty()) return refuse_zip(layout.refusal);
  if (static_cast<zip_int64_t>(layout.entries.size()) != entries)
    return refuse_zip("a damaged zip archive: its directory reads two ways");
  for (zip_int64_t i = 0; i < entries; ++i) {
    const auto& e = layout.entries[static_cast<std::size_t>(i)];
    zip_stat_t st;
    const char* stored = zip_get_name(za.get(), static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
    if (zip_stat_index(za.get(), static_cast<zip_uint64_t>(i), 0, &st) != 0 || !stored || e.name != stored ||
        !(st.valid & ZIP_STAT_COMP_SIZE) || st.comp_size != e.comp_size || !(st.valid & ZIP_STAT_SIZE) ||
        st.size != e.size || !(st.valid & ZIP_STAT_CRC) || st.crc != e.crc || !(st.valid & ZIP_STAT_COMP_METHOD) ||
        st.comp_method != e.method)
      return refuse_zip("a damaged zip archive: its directory reads two ways");
  }
  if (auto shared = shared_zip_data(layout)) return refuse_zip(*shared);

  // Then the bytes, counted as they are written: the directory's sizes are the archive's word, not a fact.
  ZipListing listing;
  bool index = false;
  std::array<char, 64 * 1024> buf{};
  for (zip_int64_t i = 0; i < entries; ++i) {
    zip_stat_t st;
    if (zip_stat_index(za.get(), static_cast<zip_uint64_t>(i), 0, &st) != 0)
      return refuse_zip("a damaged zip archive: an entry cannot be read");
    const std::string name = st.name;
    const fs::path target = out_dir / name;
    std::error_code ec;
    if (name.ends_with('/')) {
      fs::create_directories(target, ec);
      if (ec) return refuse_zip("an entry clashes with another: " + name);
      continue;
    }
    fs::create_directories(target.parent_path(), ec);
    if (ec) return refuse_zip("an entry clashes with another: " + name);
    Fd out{::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644)};
    if (out.fd < 0) return refuse_zip("an entry is in the archive twice or clashes with a folder: " + name);
    std::unique_ptr<zip_file_t, FileCloser> in(zip_fopen_index(za.get(), static_cast<zip_uint64_t>(i), 0));
    if (!in) return refuse_zip(std::string("a damaged zip archive: ") + zip_strerror(za.get()) + ": " + name);
    const std::int64_t said = (st.valid & ZIP_STAT_SIZE) ? static_cast<std::int64_t>(st.size) : -1;
    std::int64_t written = 0;
    for (;;) {
      const zip_int64_t got = zip_fread(in.get(), buf.data(), buf.size());
      if (got < 0) return refuse_zip(std::string("a damaged zip archive: ") + zip_file_strerror(in.get()) + ": " + name);
      if (got == 0) break;
      if (said >= 0 && written + got > said) return refuse_zip("an entry holds more than the archive's directory says: " + name);
      if (listing.bytes + got > limits.max_bytes) return refuse_zip(too_many_bytes);
      if (!write_all(out.fd, buf.data(), static_cast<std::size_t>(got)))
        return refuse_zip("the archive could not be unpacked: a file was not written");
      written += got;
      listing.bytes += got;
    }
    if (name == "index.html") index = true;
    listing.names.push_back(name);
  }
  if (!index) return refuse_zip("the archive has no index.html at its top");
  return {std::move(listing), {}};
}

bool pack_zip(const fs::path& dir, const std::vector<std::string>& names, const fs::path& out) {
  const fs::path aside = out.string() + ".part";
  std::error_code ignored;
  fs::remove(aside, ignored);
  int error = 0;
  zip_t* za = zip_open(aside.c_str(), ZIP_CREATE | ZIP_EXCL, &error);
  if (!za) return false;
  for (const auto& name : names) {
    zip_source_t* source = zip_source_file(za, (dir / name).c_str(), 0, -1);  // -1: the whole file
    if (!source || zip_file_add(za, name.c_str(), source, ZIP_FL_ENC_UTF_8) < 0) {
      if (source) zip_source_free(source);
      zip_discard(za);
      return false;
    }
  }
  if (zip_close(za) != 0) {  // the files are read and the archive written here
    zip_discard(za);
    fs::remove(aside, ignored);
    return false;
  }
  std::error_code moved;
  fs::rename(aside, out, moved);
  if (moved) fs::remove(aside, ignored);
  return !moved;
}

}  // namespace portal::media
