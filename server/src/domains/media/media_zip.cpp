#include "domains/media/media_zip.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <array>
#include <cerrno>
#include <memory>

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
