#include "http/static_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <regex>
#include <sstream>

#include "core/content_types.hpp"
#include "core/text.hpp"
#include "db/blocking.hpp"
#include "http/compression.hpp"

namespace portal::http {
namespace fs = std::filesystem;
namespace asio = boost::asio;

// A file as found below the root: what its answers need, and the bytes kept
// in memory (the file and its precompressed twins) when it is small and of a
// kind a page loads. Immutable once made; shared by the cache and answers.
struct KeptFile {
  struct Part {
    std::string coding;  // "" for the file itself, "br" or "gzip" for a twin
    std::string path;    // resolved, inside the root
    std::uint64_t size = 0;
    std::shared_ptr<const std::string> bytes;  // null: streamed from `path`
  };
  Part file;
  std::vector<Part> twins;  // on disk beside the file; br before gzip
  std::int64_t stat_size = 0;
  timespec mtime{};  // of the file when found, to see it unchanged
  std::string etag;
  std::string_view type;
  bool hashed = false;    // a build asset whose name changes with its bytes
  bool keepable = false;  // a kind the cache holds: not audio or video

  std::size_t weight() const {
    std::size_t bytes = 256 + file.path.size() + etag.size() + (file.bytes ? file.bytes->size() : 0);
    for (const auto& twin : twins) bytes += 64 + twin.path.size() + (twin.bytes ? twin.bytes->size() : 0);
    return bytes;
  }
};

namespace {

constexpr std::uint64_t kMaxRangeBytes = 16 * 1024 * 1024;  // longest single range answer

// Vite names build assets "name-<hash>.ext": those never change (the storefront's
// under assets/, the console's under admin/assets/).
bool is_hashed_asset(std::string_view rel) {
  static const std::regex hashed(R"(^(admin/)?assets/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$)");
  return std::regex_match(rel.begin(), rel.end(), hashed);
}

// Work that touches the disk: on the pool, or inline without one.
template <class F>
asio::awaitable<std::invoke_result_t<F>> off_io(asio::thread_pool* pool, F work) {
  if (pool) co_return co_await db::offload(*pool, std::move(work));
  co_return work();
}

class FileDescriptor {
 public:
  explicit FileDescriptor(const std::string& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }

 private:
  int fd_;
};

ssize_t read_at(int fd, char* to, std::size_t length, std::uint64_t offset) {
  ssize_t n;
  do n = ::pread(fd, to, length, static_cast<off_t>(offset));
  while (n < 0 && errno == EINTR);
  return n;
}

// The whole file; null when it cannot be read. Blocking.
std::shared_ptr<const std::string> read_all(const std::string& path) {
  FileDescriptor fd(path);
  struct stat st {};
  if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) return nullptr;
  std::string out(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = read_at(fd.get(), out.data() + done, out.size() - done, done);
    if (n < 0) return nullptr;
    if (n == 0) break;  // shrank meanwhile
    done += static_cast<std::size_t>(n);
  }
  out.resize(done);
  return std::make_shared<const std::string>(std::move(out));
}

// Bytes [offset, offset + size) of an open file, read piece by piece on the
// pool as the session asks for them.
class FileStream final : public BodyStream {
 public:
  FileStream(int fd, std::uint64_t offset, std::uint64_t size, asio::thread_pool* pool)
      : fd_(fd), offset_(offset), size_(size), pool_(pool) {}
  ~FileStream() override { ::close(fd_); }
  FileStream(const FileStream&) = delete;
  FileStream& operator=(const FileStream&) = delete;

  std::uint64_t size() const override { return size_; }

  asio::awaitable<std::size_t> read(asio::mutable_buffer into) override {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(into.size(), size_ - done_));
    if (want == 0) co_return 0;
    char* to = static_cast<char*>(into.data());
    const int fd = fd_;
    const std::uint64_t at = offset_ + done_;
    const ssize_t got = co_await off_io(pool_, [fd, to, want, at] { return read_at(fd, to, want, at); });
    if (got <= 0) co_return 0;  // failed, or the file shrank: the session closes the connection
    done_ += static_cast<std::uint64_t>(got);
    co_return static_cast<std::size_t>(got);
  }

 private:
  int fd_;
  std::uint64_t offset_, size_, done_ = 0;
  asio::thread_pool* pool_;
};

// A stream of [offset, offset + length) of the file at path; null when it is
// gone or shorter now. Blocking.
std::shared_ptr<BodyStream> open_part(const std::string& path, std::uint64_t offset, std::uint64_t length,
                                      asio::thread_pool* pool) {
  FileDescriptor fd(path);
  struct stat st {};
  if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) ||
      static_cast<std::uint64_t>(st.st_size) < offset + length)
    return nullptr;
  ::posix_fadvise(fd.get(), static_cast<off_t>(offset), static_cast<off_t>(length), POSIX_FADV_SEQUENTIAL);
  return std::make_shared<FileStream>(fd.release(), offset, length, pool);
}

// Puts [offset, offset + length) of `part` into the answer: from memory, or a
// stream opened on the pool. False when the file is gone.
asio::awaitable<bool> fill(Response& res, const KeptFile::Part& part, std::uint64_t offset, std::uint64_t length,
                           asio::thread_pool* pool) {
  if (part.bytes) {
    if (offset == 0 && length == part.bytes->size()) res.body() = *part.bytes;
    else res.body() = part.bytes->substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
    co_return true;
  }
  const std::string path = part.path;
  auto stream = co_await off_io(pool, [path, offset, length, pool] { return open_part(path, offset, length, pool); });
  if (!stream) co_return false;
  res.body().stream = std::move(stream);
  co_return true;
}

bool inside(const fs::path& root, const fs::path& real) {
  const auto [root_end, _] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
  return root_end == root.end();
}

std::string etag_for(std::uint64_t size, const timespec& mtime) {
  std::ostringstream out;
  out << "W/\"" << std::hex << size << "-"
      << static_cast<std::uint64_t>(mtime.tv_sec) * 1000000000ull + static_cast<std::uint64_t>(mtime.tv_nsec) << "\"";
  return out.str();
}

// A decimal position of a range; nullopt when it does not fit 64 bits.
std::optional<std::uint64_t> position(std::string_view digits) {
  std::uint64_t value = 0;
  for (char c : digits) {
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (value > (UINT64_MAX - d) / 10) return std::nullopt;
    value = value * 10 + d;
  }
  return value;
}

}  // namespace

// A single "bytes=a-b", "bytes=a-" or "bytes=-n" range. nullopt: no single
// byte range (the whole file is served); first > last marks "unsatisfiable".
// A position beyond 64 bits is beyond the file: a first is unsatisfiable, a
// last or a suffix reaches the end. Never throws.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_range(std::string_view header, std::uint64_t size) {
  using Range = std::pair<std::uint64_t, std::uint64_t>;
  constexpr Range unsatisfiable{1, 0};
  if (!header.starts_with("bytes=")) return std::nullopt;
  const std::string_view spec = header.substr(6);
  const auto dash = spec.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const std::string_view a = spec.substr(0, dash), b = spec.substr(dash + 1);
  const auto digits = [](std::string_view s) { return s.find_first_not_of("0123456789") == std::string_view::npos; };
  if (!digits(a) || !digits(b) || (a.empty() && b.empty())) return std::nullopt;
  if (size == 0) return unsatisfiable;
  if (a.empty()) {  // suffix: the last n bytes
    const std::uint64_t n = std::min(position(b).value_or(UINT64_MAX), size);
    if (n == 0) return unsatisfiable;
    return Range{size - n, size - 1};
  }
  const auto first = position(a);
  if (!first || *first >= size) return unsatisfiable;
  std::uint64_t last = b.empty() ? size - 1 : std::min(position(b).value_or(UINT64_MAX), size - 1);
  if (*first > last) return unsatisfiable;
  last = std::min(last, *first + kMaxRangeBytes - 1);
  return Range{*first, last};
}

bool is_safe_path(std::string_view p) {
  if (p.find('\0') != std::string_view::npos || p.find('\\') != std::string_view::npos) return false;
  if (p.starts_with("//")) return false;
  std::size_t i = 0;
  while (i <= p.size()) {
    std::size_t j = p.find('/', i);
    if (j == std::string_view::npos) j = p.size();
    const std::string_view seg = p.substr(i, j - i);
    if (seg == ".." || seg == ".") return false;
    if (!seg.empty() && seg.front() == '.' && seg != ".well-known") return false;  // no dotfiles
    i = j + 1;
  }
  return true;
}

bool is_source_map(std::string_view p) {
  std::string name = core::lower(p.substr(p.empty() ? 0 : p.rfind('/') + 1));
  for (std::string_view twin : {".br", ".gz"})
    if (name.ends_with(twin)) name.resize(name.size() - twin.size());
  return name.ends_with(".map");
}

StaticFiles::StaticFiles(fs::path root, std::shared_ptr<FileCache> cache, asio::thread_pool* pool)
    // As given (made absolute), resolved again at each look-up: a root replaced (a volume remounted, a symlink
    // moved to a new folder) serves its new files at once, not after a restart.
    : root_(fs::absolute(std::move(root))),
      cache_(cache ? std::move(cache) : std::make_shared<FileCache>(kFileCacheBytes)),
      pool_(pool) {}

StaticFiles::StaticFiles(fs::path root) : StaticFiles(std::move(root), nullptr, nullptr) {}

std::string StaticFiles::key_for(std::string_view rel) const {
  return (root_ / fs::path(std::string(rel)).relative_path()).string();
}

std::shared_ptr<const KeptFile> StaticFiles::kept(const std::string& key) const {
  auto file = cache_->get(key);
  if (!file || file->hashed) return file;
  // Unchanged since it was read? One stat of a file just served: its inode is in memory.
  struct stat st {};
  if (::stat(key.c_str(), &st) != 0 || st.st_size != file->stat_size || st.st_mtim.tv_sec != file->mtime.tv_sec ||
      st.st_mtim.tv_nsec != file->mtime.tv_nsec)
    return nullptr;
  return file;
}

void StaticFiles::keep(const std::string& key, const std::shared_ptr<const KeptFile>& file) const {
  if (!file->keepable || (file->file.bytes && file->file.bytes->size() > kKeptFileBytes)) return;
  cache_->put(key, file, file->weight());
}

std::shared_ptr<const KeptFile> StaticFiles::probe(std::string_view rel, bool whole) const {
  std::error_code ec;
  // Symlinks could point outside the root: resolve both and check the prefix.
  const fs::path root = fs::weakly_canonical(root_, ec);
  if (ec) return nullptr;
  const fs::path real = fs::weakly_canonical(root_ / fs::path(std::string(rel)).relative_path(), ec);
  if (ec || !inside(root, real)) return nullptr;
  struct stat st {};
  if (::stat(real.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return nullptr;

  auto found = std::make_shared<KeptFile>();
  found->type = core::content_type_for(real);
  found->hashed = is_hashed_asset(rel);
  found->keepable = !found->type.starts_with("audio/") && !found->type.starts_with("video/");
  found->stat_size = st.st_size;
  found->mtime = st.st_mtim;
  found->file = {"", real.string(), static_cast<std::uint64_t>(st.st_size), nullptr};
  const auto in_memory = [&](std::uint64_t size) { return found->keepable && size <= kKeptFileBytes; };
  if (whole || in_memory(found->file.size)) {
    found->file.bytes = read_all(found->file.path);
    if (!found->file.bytes) return nullptr;
    found->file.size = found->file.bytes->size();
  }
  found->etag = etag_for(found->file.size, found->mtime);
  // A precompressed twin written at build time beats compressing per request.
  if (is_compressible(found->type))
    for (const auto& [coding, suffix] : {std::pair{"br", ".br"}, std::pair{"gzip", ".gz"}}) {
      const fs::path twin = fs::weakly_canonical(fs::path(found->file.path + suffix), ec);
      struct stat twin_st {};
      if (ec || !inside(root, twin) || ::stat(twin.c_str(), &twin_st) != 0 || !S_ISREG(twin_st.st_mode)) continue;
      KeptFile::Part part{coding, twin.string(), static_cast<std::uint64_t>(twin_st.st_size), nullptr};
      if (in_memory(part.size)) {
        part.bytes = read_all(part.path);
        if (!part.bytes) continue;
        part.size = part.bytes->size();
      }
      found->twins.push_back(std::move(part));
    }
  return found;
}

std::shared_ptr<const std::string> StaticFiles::read(std::string_view rel) {
  if (!is_safe_path(rel)) return nullptr;
  const std::string key = key_for(rel);
  if (auto file = kept(key); file && file->file.bytes) return file->file.bytes;
  auto file = probe(rel, true);
  if (!file) return nullptr;
  keep(key, file);
  return file->file.bytes;
}

asio::awaitable<std::shared_ptr<const std::string>> StaticFiles::read_async(std::string_view rel) {
  if (!is_safe_path(rel)) co_return nullptr;
  const std::string key = key_for(rel);
  if (auto file = kept(key); file && file->file.bytes) co_return file->file.bytes;
  const std::string relative(rel);
  auto file = co_await off_io(pool_, [this, relative] { return probe(relative, true); });
  if (!file) co_return nullptr;
  keep(key, file);
  co_return file->file.bytes;
}

asio::awaitable<std::optional<Response>> StaticFiles::serve(const Request& req, std::string_view rel) {
  if (!is_safe_path(rel) || (!source_maps_ && is_source_map(rel))) co_return std::nullopt;
  const std::string key = key_for(rel);
  auto file = kept(key);
  if (!file) {
    const std::string relative(rel);
    file = co_await off_io(pool_, [this, relative] { return probe(relative, false); });
    if (!file) co_return std::nullopt;
    keep(key, file);
  }

  Response res{Status::ok, req.version()};
  res.set(bhttp::field::content_type, file->type);
  res.set(bhttp::field::etag, file->etag);
  res.set(bhttp::field::accept_ranges, "bytes");
  res.set(bhttp::field::cache_control,
          file->hashed ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate");

  if (auto inm = req.find(bhttp::field::if_none_match); inm != req.end() && inm->value() == file->etag) {
    res.result(Status::not_modified);
    res.prepare_payload();
    co_return res;
  }

  if (auto range = req.find(bhttp::field::range); range != req.end()) {
    if (auto r = parse_range(range->value(), file->file.size)) {
      if (r->first > r->second) {
        res.result(Status::range_not_satisfiable);
        res.set(bhttp::field::content_range, "bytes */" + std::to_string(file->file.size));
        res.set(bhttp::field::content_type, "application/json");
        res.body() = R"({"status":416,"error":"RANGE_NOT_SATISFIABLE","message":"The range is outside the file","data":null})";
        res.prepare_payload();
        co_return res;
      }
      res.result(Status::partial_content);
      res.set(bhttp::field::content_range, "bytes " + std::to_string(r->first) + "-" + std::to_string(r->second) + "/" +
                                               std::to_string(file->file.size));
      if (!co_await fill(res, file->file, r->first, r->second - r->first + 1, pool_)) co_return std::nullopt;
      res.prepare_payload();
      co_return res;
    }
  }

  add_vary(res, "Accept-Encoding");
  for (const auto& twin : file->twins) {
    if (!accepts_encoding(req, twin.coding)) continue;
    if (!co_await fill(res, twin, 0, twin.size, pool_)) break;  // gone: the file itself
    res.set(bhttp::field::content_encoding, twin.coding);
    res.prepare_payload();
    co_return res;
  }
  if (!co_await fill(res, file->file, 0, file->file.size, pool_)) co_return std::nullopt;
  res.prepare_payload();
  co_return res;
}

}  // namespace portal::http
