#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/content_types.hpp"
#include "core/tls_client.hpp"
#include "store/media_store.hpp"
#include "store/object_names.hpp"
#include "store/sigv4.hpp"

// The S3-compatible object store: each call one HTTP request signed with SigV4 (sigv4.hpp) in its
// Authorization header, path-style (endpoint/bucket/key) or virtual-hosted (bucket.endpoint/key); a presigned
// GET for the browser. Single-object calls (PUT, GET, a ranged GET, HEAD, DELETE), and a listing of one prefix the portal made: a
// replaced job's folder to remove it (its objects are the files the job wrote), and at start the brand images
// of an earlier version to move them (move_legacy_objects); never the whole bucket.
namespace portal::store {
namespace fs = std::filesystem;
namespace net = Poco::Net;

namespace {

// One endpoint as the requests see it: scheme, host, port and the Host header (the port only when not
// the scheme's own).
struct Endpoint {
  std::string scheme, host, host_header;
  unsigned short port = 0;
  std::string base;  // "scheme://host[:port]"
};

Endpoint endpoint_of(const std::string& url, const std::string& bucket, bool virtual_hosts) {
  const Poco::URI uri(url);
  if ((uri.getScheme() != "http" && uri.getScheme() != "https") || uri.getHost().empty())
    throw std::invalid_argument("media store: the S3 endpoint must be an http(s) URL: " + url);
  Endpoint e;
  e.scheme = uri.getScheme();
  e.host = virtual_hosts ? bucket + "." + uri.getHost() : uri.getHost();
  e.port = uri.getPort();
  const bool default_port = (e.scheme == "http" && e.port == 80) || (e.scheme == "https" && e.port == 443);
  e.host_header = default_port ? e.host : e.host + ":" + std::to_string(e.port);
  e.base = e.scheme + "://" + e.host_header;
  return e;
}

struct Answer {
  int status = 0;
  std::string body;
  std::int64_t length = -1;  // the Content-Length answered (a HEAD's object size); -1 when none
};

class S3Store final : public MediaStore {
 public:
  explicit S3Store(S3Settings s)
      : settings_(std::move(s)),
        credentials_{settings_.access_key, settings_.secret_key, settings_.region, "s3"},
        inside_(endpoint_of(settings_.endpoint, settings_.bucket, settings_.virtual_hosts)),
        outside_(endpoint_of(settings_.public_endpoint.empty() ? settings_.endpoint : settings_.public_endpoint,
                             settings_.bucket, settings_.virtual_hosts)) {
    if (settings_.bucket.empty()) throw std::invalid_argument("media store: the S3 bucket is missing");
    if (settings_.access_key.empty() || settings_.secret_key.empty())
      throw std::invalid_argument("media store: the S3 keys are missing (PORTAL_S3_ACCESS_KEY, PORTAL_S3_SECRET_KEY)");
    if (inside_.scheme == "https") tls_ = core::tls_client_context();
  }

  std::string_view kind() const override { return "s3"; }

  void put(const std::string& key, std::string_view bytes) override {
    // Stored with its media type, which the store answers a presigned GET with (a player refuses an HLS
    // playlist or a segment served as binary/octet-stream, the store's default).
    const Answer a = send("PUT", object_path(key), {}, bytes, {{"Content-Type", std::string(core::content_type_for(key))}});
    if (a.status != 200) throw failure("PUT", key, a);
  }

  std::vector<std::string> put_folder(const fs::path& folder, const std::string& prefix) override {
    std::vector<std::string> keys;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
      if (!e.is_regular_file()) continue;
      const std::string key = prefix + fs::relative(e.path(), folder).generic_string();
      put(key, read_file(e.path()));
      keys.push_back(key);
    }
    fs::remove_all(folder);
    return keys;
  }

  std::size_t copy_folder(const fs::path& folder, const std::string& prefix) override {
    std::size_t n = 0;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
      if (!e.is_regular_file()) continue;
      put(prefix + fs::relative(e.path(), folder).generic_string(), read_file(e.path()));
      ++n;
    }
    return n;
  }

  std::optional<std::string> get(const std::string& key) override {
    Answer a = call("GET", key, {});
    if (a.status == 404) return std::nullopt;
    if (a.status != 200) throw failure("GET", key, a);
    return std::move(a.body);
  }

  std::optional<std::uint64_t> size(const std::string& key) override {
    const Answer a = call("HEAD", key, {});
    if (a.status == 404) return std::nullopt;
    if (a.status != 200 || a.length < 0) throw failure("HEAD", key, a);
    return static_cast<std::uint64_t>(a.length);
  }

  std::string read(const std::string& key, std::uint64_t offset, std::size_t length) override {
    if (length == 0) return {};
    // One ranged GET (the Range header is not among the signed ones: S3 allows that).
    Answer a = send("GET", object_path(key), {}, {},
                    {{"Range", "bytes=" + std::to_string(offset) + "-" + std::to_string(offset + length - 1)}});
    if (a.status == 404 || a.status == 416) return {};
    if (a.status == 200) return a.body.size() > offset ? a.body.substr(offset, length) : std::string();  // no ranges
    if (a.status != 206) throw failure("GET", key, a);
    return std::move(a.body);
  }

  void remove(const std::vector<std::string>& keys) override {
    for (const auto& key : keys) {
      const Answer a = call("DELETE", key, {});
      if (a.status != 204 && a.status != 200 && a.status != 404) throw failure("DELETE", key, a);
    }
  }

  void remove_folder(const std::string& folder) override {
    const std::string bare = folder.ends_with('/') ? folder.substr(0, folder.size() - 1) : folder;
    if (!is_store_key(bare)) throw std::invalid_argument("media store: not a folder: " + folder);
    const std::string name = object_name(bare + "/");
    // Only a tenant's folder is ever removed: the shared (demo) media stays whatever is asked.
    if (!name.starts_with("tenants/")) throw std::invalid_argument("media store: not a tenant's folder: " + folder);
    for (const auto& object : list_names(settings_.prefix + name)) {
      const Answer a = send("DELETE", name_path(object), {}, {});
      if (a.status != 204 && a.status != 200 && a.status != 404) throw failure("DELETE", object, a);
    }
  }

  std::size_t move_legacy_objects() override {
    // Brand images were shared/brand/<tenant>/… (their key brand/<tenant>/… was no tenant's); now their name is
    // the tenant's, tenants/<tenant>/brand/… . The database keeps the keys, which did not change.
    const std::string old = settings_.prefix + "shared/";
    std::size_t moved = 0;
    for (const auto& name : list_names(old + "brand/")) {
      const std::string key = name.substr(old.size());
      if (!is_store_key(key) || !tenant_of_key(key)) continue;  // not a name the portal made
      Answer a = send("GET", name_path(name), {}, {});
      if (a.status == 404) continue;  // another instance moved it meanwhile
      if (a.status != 200) throw failure("GET", name, a);
      put(key, a.body);
      const Answer gone = send("DELETE", name_path(name), {}, {});
      if (gone.status != 204 && gone.status != 200 && gone.status != 404) throw failure("DELETE", name, gone);
      ++moved;
    }
    return moved;
  }

  std::optional<std::string> url_for(const std::string& key, const UrlOptions& o) override {
    auto at = std::chrono::system_clock::now();
    auto lifetime = o.lifetime;
    if (o.hourly) {  // media_store.hpp: from the top of the hour, kHourlyLifetime
      at = std::chrono::floor<std::chrono::hours>(at);
      lifetime = kHourlyLifetime;
    }
    const auto expires = std::clamp<std::int64_t>(lifetime.count(), 1, 604800);  // SigV4's week at most
    std::vector<std::pair<std::string, std::string>> extra;
    if (!o.content_disposition.empty()) extra.emplace_back("response-content-disposition", o.content_disposition);
    const std::string path = object_path(key);
    return outside_.base + uri_encode(path, true) + "?" +
           presigned_query(credentials_, "GET", outside_.host_header, path, amz_date(at), expires, extra);
  }

  std::optional<fs::path> folder() const override { return std::nullopt; }

 private:
  std::string object_path(const std::string& key) const {
    if (!is_store_key(key)) throw std::invalid_argument("media store: not a key: " + key);
    return name_path(settings_.prefix + object_name(key));
  }
  // The request path of an object by its whole name in the bucket (the prefix included).
  std::string name_path(const std::string& name) const {
    return (settings_.virtual_hosts ? "/" : "/" + settings_.bucket + "/") + name;
  }

  // The names of the objects under `prefix` (a whole name's start, the settings' prefix included): ListObjectsV2,
  // page by page.
  std::vector<std::string> list_names(const std::string& prefix) {
    std::vector<std::string> names;
    std::string token;
    for (int page = 0; page < 10000; ++page) {
      std::vector<std::pair<std::string, std::string>> query{{"list-type", "2"}, {"prefix", prefix}};
      if (!token.empty()) query.emplace_back("continuation-token", token);
      const Answer a = send("GET", name_path(""), query, {});
      if (a.status != 200) throw failure("LIST", prefix, a);
      for (auto& key : xml_values(a.body, "Key")) names.push_back(std::move(key));
      const auto truncated = xml_values(a.body, "IsTruncated");
      const auto next = xml_values(a.body, "NextContinuationToken");
      if (truncated.empty() || truncated[0] != "true" || next.empty() || next[0].empty()) break;
      token = next[0];
    }
    return names;
  }

  // The text of every <tag>…</tag> of an S3 answer, its five predefined entities decoded.
  static std::vector<std::string> xml_values(const std::string& xml, const std::string& tag) {
    std::vector<std::string> out;
    const std::string open = "<" + tag + ">", close = "</" + tag + ">";
    for (std::size_t at = xml.find(open); at != std::string::npos; at = xml.find(open, at)) {
      at += open.size();
      const auto end = xml.find(close, at);
      if (end == std::string::npos) break;
      std::string text;
      for (std::size_t i = at; i < end; ++i) {
        if (xml[i] == '&') {
          const auto semi = xml.find(';', i);
          const std::string entity = semi == std::string::npos ? "" : xml.substr(i, semi - i + 1);
          const char c = entity == "&amp;" ? '&' : entity == "&lt;" ? '<' : entity == "&gt;" ? '>'
                       : entity == "&quot;" ? '"' : entity == "&apos;" ? '\'' : '\0';
          if (c) {
            text += c;
            i = semi;
            continue;
          }
        }
        text += xml[i];
      }
      out.push_back(std::move(text));
      at = end + close.size();
    }
    return out;
  }

  static std::string read_file(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("media store: cannot read " + file.string());
    std::ostringstream out;
    out << in.rdbuf();
    return std::move(out).str();
  }

  std::runtime_error failure(std::string_view method, const std::string& key, const Answer& a) const {
    return std::runtime_error("media store: " + std::string(method) + " " + key + " answered " +
                              std::to_string(a.status) + ": " + a.body.substr(0, 300));
  }

  Answer call(const std::string& method, const std::string& key, std::string_view body) {
    return send(method, object_path(key), {}, body);
  }

  // One signed request: `path` as it is (encoded here), `query` not encoded.
  Answer send(const std::string& method, const std::string& path,
              const std::vector<std::pair<std::string, std::string>>& query, std::string_view body,
              const std::vector<std::pair<std::string, std::string>>& unsigned_headers = {}) {
    SigningRequest r;
    r.method = method;
    r.path = path;
    r.query = query;
    r.payload_hash = sha256_hex(body);
    const std::string date = amz_date(std::chrono::system_clock::now());
    r.headers = {{"host", inside_.host_header}, {"x-amz-content-sha256", r.payload_hash}, {"x-amz-date", date}};
    std::unique_ptr<net::HTTPClientSession> session;
    if (tls_) session = std::make_unique<net::HTTPSClientSession>(inside_.host, inside_.port, tls_);
    else session = std::make_unique<net::HTTPClientSession>(inside_.host, inside_.port);
    session->setTimeout(Poco::Timespan(settings_.timeout_seconds, 0));
    // The query as SigV4 encodes it (sorted, each name and value percent-encoded): what is sent is what is signed.
    auto sorted = query;
    for (auto& [name, value] : sorted) {
      name = uri_encode(name, false);
      value = uri_encode(value, false);
    }
    std::sort(sorted.begin(), sorted.end());
    std::string target = uri_encode(path, true);
    for (std::size_t i = 0; i < sorted.size(); ++i)
      target += (i == 0 ? "?" : "&") + sorted[i].first + "=" + sorted[i].second;
    net::HTTPRequest req(method, target, net::HTTPMessage::HTTP_1_1);
    req.set("Host", inside_.host_header);
    req.set("x-amz-date", date);
    req.set("x-amz-content-sha256", r.payload_hash);
    req.set("Authorization", authorization(credentials_, r, date));
    for (const auto& [name, value] : unsigned_headers) req.set(name, value);
    if (method == "PUT") req.setContentLength(static_cast<std::streamsize>(body.size()));
    std::ostream& os = session->sendRequest(req);
    if (!body.empty()) os.write(body.data(), static_cast<std::streamsize>(body.size()));
    net::HTTPResponse res;
    std::istream& is = session->receiveResponse(res);
    Answer a;
    a.status = static_cast<int>(res.getStatus());
    if (res.hasContentLength()) a.length = res.getContentLength64();
    if (method != "HEAD") Poco::StreamCopier::copyToString(is, a.body);
    return a;
  }

  S3Settings settings_;
  AwsCredentials credentials_;
  Endpoint inside_, outside_;
  net::Context::Ptr tls_;
};

}  // namespace

std::unique_ptr<MediaStore> s3_store(S3Settings settings) { return std::make_unique<S3Store>(std::move(settings)); }

}  // namespace portal::store
