#include <fcntl.h>
#include <unistd.h>

#include <stdexcept>
#include <system_error>

#include "core/ids.hpp"
#include "store/media_store.hpp"

// The folder store: each key a file below the root. A put writes a file of its own beside the target and
// renames it into place, so a reader sees the whole object or none; a folder put is one rename when the
// folder is on the root's file system. The root is resolved on every call, never once at start: a root
// replaced (a volume remounted, a symlink moved to a new folder) serves its new files at once.
namespace portal::store {
namespace fs = std::filesystem;

bool is_store_key(std::string_view key) {
  if (key.empty() || key.size() > 1024 || key.front() == '/') return false;
  std::size_t start = 0;
  while (start <= key.size()) {
    const auto end = std::min(key.find('/', start), key.size());
    const auto seg = key.substr(start, end - start);
    if (seg.empty() || seg == "." || seg == "..") return false;
    for (const char c : seg) {
      const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-' || c == '~';
      if (!ok) return false;
    }
    start = end + 1;
  }
  return true;
}

namespace {

void write_file(const fs::path& file, std::string_view bytes) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0) throw std::runtime_error("media store: cannot write " + file.string());
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      throw std::runtime_error("media store: cannot write " + file.string());
    }
    done += static_cast<std::size_t>(n);
  }
  const bool synced = ::fdatasync(fd) == 0;
  ::close(fd);
  if (!synced) throw std::runtime_error("media store: cannot sync " + file.string());
}

std::vector<std::string> files_below(const fs::path& folder) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(folder))
    if (e.is_regular_file()) out.push_back(fs::relative(e.path(), folder).generic_string());
  return out;
}

class FolderStore final : public MediaStore {
 public:
  explicit FolderStore(fs::path root) : root_(std::move(root)) { fs::create_directories(root_); }

  std::string_view kind() const override { return "folder"; }

  void put(const std::string& key, std::string_view bytes) override {
    const fs::path target = at(key);
    fs::create_directories(target.parent_path());
    const fs::path part = target.string() + "." + core::random_hex(6) + ".part";
    try {
      write_file(part, bytes);
      fs::rename(part, target);
    } catch (...) {
      std::error_code ec;
      fs::remove(part, ec);
      throw;
    }
  }

  std::vector<std::string> put_folder(const fs::path& folder, const std::string& prefix) override {
    std::vector<std::string> keys;
    for (const auto& file : files_below(folder)) keys.push_back(prefix + file);
    const fs::path target = at(prefix.ends_with('/') ? prefix.substr(0, prefix.size() - 1) : prefix);
    fs::create_directories(target.parent_path());
    std::error_code ec;
    fs::remove_all(target, ec);
    fs::rename(folder, target, ec);
    if (ec) {  // another file system: copied, then the folder removed
      fs::copy(folder, target, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
      fs::remove_all(folder);
    }
    return keys;
  }

  std::size_t copy_folder(const fs::path& folder, const std::string& prefix) override {
    std::size_t n = 0;
    for (const auto& file : files_below(folder)) {
      const fs::path target = at(prefix + file);
      fs::create_directories(target.parent_path());
      fs::copy_file(folder / file, target, fs::copy_options::overwrite_existing);
      ++n;
    }
    return n;
  }

  std::optional<std::string> get(const std::string& key) override {
    const fs::path file = at(key);
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (ec) return std::nullopt;
    std::string bytes(size, '\0');
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
    if (done != bytes.size()) return std::nullopt;  // shortened meanwhile
    return bytes;
  }

  std::optional<std::uint64_t> size(const std::string& key) override {
    std::error_code ec;
    const fs::path file = at(key);
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    const auto n = fs::file_size(file, ec);
    if (ec) return std::nullopt;
    return n;
  }

  std::string read(const std::string& key, std::uint64_t offset, std::size_t length) override {
    const fs::path file = at(key);
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    std::string bytes(length, '\0');
    std::size_t done = 0;
    while (done < length) {
      const ssize_t n = ::pread(fd, bytes.data() + done, length - done, static_cast<off_t>(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
    bytes.resize(done);
    return bytes;
  }

  void remove(const std::vector<std::string>& keys) override {
    std::error_code ec;
    for (const auto& key : keys) {
      fs::path file = at(key);
      fs::remove(file, ec);
      // The folders the key leaves empty go too, up to the root.
      for (fs::path dir = file.parent_path(); dir != root_ && dir.string().size() > root_.string().size();
           dir = dir.parent_path())
        if (!fs::remove(dir, ec)) break;  // not empty (or gone): stop
    }
  }

  void remove_folder(const std::string& folder) override {
    const fs::path target = at(folder.ends_with('/') ? folder.substr(0, folder.size() - 1) : folder);
    std::error_code ec;
    fs::remove_all(target, ec);
    for (fs::path dir = target.parent_path(); dir != root_ && dir.string().size() > root_.string().size();
         dir = dir.parent_path())
      if (!fs::remove(dir, ec)) break;  // not empty (or gone): stop
  }

  std::size_t move_legacy_objects() override { return 0; }

  std::optional<std::string> url_for(const std::string&, const UrlOptions&) override { return std::nullopt; }
  std::optional<fs::path> folder() const override { return root_; }

 private:
  fs::path at(const std::string& key) const {
    if (!is_store_key(key)) throw std::invalid_argument("media store: not a key: " + key);
    return root_ / key;
  }

  fs::path root_;
};

}  // namespace

std::unique_ptr<MediaStore> folder_store(fs::path root) { return std::make_unique<FolderStore>(std::move(root)); }

}  // namespace portal::store
