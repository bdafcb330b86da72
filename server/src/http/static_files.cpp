#include "http/static_files.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "http/compression.hpp"

namespace portal::http {
namespace fs = std::filesystem;
namespace {

constexpr std::uintmax_t kCacheLimit = 512 * 1024;        // files kept in memory
constexpr std::uintmax_t kMaxRangeBytes = 16 * 1024 * 1024;  // longest single range answer

// Vite names build assets "name-<hash>.ext": those never change.
bool is_hashed_asset(std::string_view rel) {
  static const std::regex hashed(R"(^assets/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$)");
  return std::regex_match(rel.begin(), rel.end(), hashed);
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

std::string read_range(const fs::path& file, std::uintmax_t from, std::uintmax_t length) {
  std::ifstream in(file, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(from));
  std::string out(length, '\0');
  in.read(out.data(), static_cast<std::streamsize>(length));
  out.resize(static_cast<std::size_t>(in.gcount()));
  return out;
}

std::string etag_for(std::uintmax_t size, fs::file_time_type mtime) {
  const auto ticks = mtime.time_since_epoch().count();
  std::ostringstream out;
  out << "W/\"" << std::hex << size << "-" << ticks << "\"";
  return out.str();
}

struct ByteRange {
  std::uintmax_t first, last;
};
// Parses one "bytes=a-b" range. nullopt: not a single byte range (serve whole);
// a range with first > last marks "unsatisfiable".
std::optional<ByteRange> parse_range(std::string_view header, std::uintmax_t size) {
  static const std::regex one(R"(^bytes=(\d*)-(\d*)$)");
  std::match_results<std::string_view::const_iterator> m;
  if (!std::regex_match(header.begin(), header.end(), m, one)) return std::nullopt;
  const std::string a = m[1], b = m[2];
  if (a.empty() && b.empty()) return std::nullopt;
  if (size == 0) return ByteRange{1, 0};
  if (a.empty()) {  // suffix: the last N bytes
    const auto n = std::min<std::uintmax_t>(std::stoull(b), size);
    if (n == 0) return ByteRange{1, 0};
    return ByteRange{size - n, size - 1};
  }
  const auto first = std::stoull(a);
  auto last = b.empty() ? size - 1 : std::min<std::uintmax_t>(std::stoull(b), size - 1);
  if (first >= size || first > last) return ByteRange{1, 0};
  last = std::min<std::uintmax_t>(last, first + kMaxRangeBytes - 1);
  return ByteRange{first, last};
}

}  // namespace

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

std::string_view content_type_for(const fs::path& file) {
  static const std::unordered_map<std::string, std::string_view> types{
      {".html", "text/html; charset=utf-8"},   {".js", "application/javascript; charset=utf-8"},
      {".mjs", "application/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},           {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},               {".png", "image/png"},
      {".jpg", "image/jpeg"},                  {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},                   {".webp", "image/webp"},
      {".avif", "image/avif"},                 {".ico", "image/x-icon"},
      {".woff", "font/woff"},                  {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},                    {".txt", "text/plain; charset=utf-8"},
      {".xml", "application/xml"},             {".mp3", "audio/mpeg"},
      {".ogg", "audio/ogg"},                   {".opus", "audio/ogg"},
      {".m4a", "audio/mp4"},                   {".wav", "audio/wav"},
      {".mp4", "video/mp4"},                   {".webm", "video/webm"},
      {".m3u8", "application/vnd.apple.mpegurl"}, {".ts", "video/mp2t"},
      {".m4s", "video/iso.segment"},           {".vtt", "text/vtt; charset=utf-8"},
      {".wasm", "application/wasm"},           {".map", "application/json"},
  };
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  auto it = types.find(ext);
  return it == types.end() ? std::string_view("application/octet-stream") : it->second;
}

StaticFiles::StaticFiles(fs::path root) : root_(fs::weakly_canonical(std::move(root))) {}

std::shared_ptr<const std::string> StaticFiles::load(const fs::path& file, fs::file_time_type mtime,
                                                     std::uintmax_t size) {
  if (size > kCacheLimit) return std::make_shared<const std::string>(read_file(file));
  std::lock_guard lock(mutex_);
  auto& entry = cache_[file.string()];
  if (!entry.body || entry.mtime != mtime) entry = {mtime, std::make_shared<const std::string>(read_file(file))};
  return entry.body;
}

std::optional<std::string> StaticFiles::read(std::string_view rel) {
  if (!is_safe_path(rel)) return std::nullopt;
  const fs::path file = root_ / fs::path(std::string(rel)).relative_path();
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  return *load(file, fs::last_write_time(file, ec), fs::file_size(file, ec));
}

std::optional<Response> StaticFiles::serve(const Request& req, std::string_view rel) {
  if (!is_safe_path(rel)) return std::nullopt;
  const fs::path file = root_ / fs::path(std::string(rel)).relative_path();
  std::error_code ec;
  // Symlinks could point outside the root: resolve and check the prefix.
  const fs::path real = fs::weakly_canonical(file, ec);
  if (ec || !fs::is_regular_file(real, ec)) return std::nullopt;
  const auto [root_end, _] = std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
  if (root_end != root_.end()) return std::nullopt;

  const auto size = fs::file_size(real, ec);
  const auto mtime = fs::last_write_time(real, ec);
  if (ec) return std::nullopt;
  const std::string etag = etag_for(size, mtime);

  Response res{Status::ok, req.version()};
  res.set(bhttp::field::content_type, content_type_for(real));
  res.set(bhttp::field::etag, etag);
  res.set(bhttp::field::accept_ranges, "bytes");
  res.set(bhttp::field::cache_control,
          is_hashed_asset(rel) ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate");

  if (auto inm = req.find(bhttp::field::if_none_match); inm != req.end() && inm->value() == etag) {
    res.result(Status::not_modified);
    res.prepare_payload();
    return res;
  }

  if (auto range = req.find(bhttp::field::range); range != req.end()) {
    if (auto r = parse_range(range->value(), size)) {
      if (r->first > r->last) {
        res.result(Status::range_not_satisfiable);
        res.set(bhttp::field::content_range, "bytes */" + std::to_string(size));
        res.set(bhttp::field::content_type, "application/json");
        res.body() = R"({"status":416,"error":"RANGE_NOT_SATISFIABLE","message":"The range is outside the file","data":null})";
        res.prepare_payload();
        return res;
      }
      res.result(Status::partial_content);
      res.set(bhttp::field::content_range, "bytes " + std::to_string(r->first) + "-" + std::to_string(r->last) +
                                               "/" + std::to_string(size));
      res.body() = read_range(real, r->first, r->last - r->first + 1);
      res.prepare_payload();
      return res;
    }
  }

  // A precompressed twin written at build time beats compressing per request.
  add_vary(res, "Accept-Encoding");
  for (std::string_view coding : {std::string_view("br"), std::string_view("gzip")}) {
    if (!accepts_encoding(req, coding)) continue;
    fs::path twin = real;
    twin += coding == "br" ? ".br" : ".gz";
    if (fs::is_regular_file(twin, ec)) {
      res.set(bhttp::field::content_encoding, coding);
      res.body() = *load(twin, fs::last_write_time(twin, ec), fs::file_size(twin, ec));
      res.prepare_payload();
      return res;
    }
  }
  res.body() = *load(real, mtime, size);
  res.prepare_payload();
  return res;
}

}  // namespace portal::http
