#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/tls_client.hpp"
#include "store/media_store.hpp"
#include "store/object_names.hpp"
#include "store/sigv4.hpp"

// The S3-compatible object store: each call one HTTP request signed with SigV4 (sigv4.hpp) in its
// Authorization header, path-style (endpoint/bucket/key) or virtual-hosted (bucket.endpoint/key); a presigned
// GET for the browser. Only single-object calls (PUT, GET, DELETE): every key the portal removes it made and
// knows, so it never lists the bucket.
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
    const Answer a = call("PUT", key, bytes);
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

  void remove(const std::vector<std::string>& keys) override {
    for (const auto& key : keys) {
      const Answer a = call("DELETE", key, {});
      if (a.status != 204 && a.status != 200 && a.status != 404) throw failure("DELETE", key, a);
    }
  }

  std::optional<std::string> url_for(const std::string& key, const UrlOptions& o) override {
    auto at = std::chrono::system_clock::now();
    auto lifetime = o.lifetime;
    if (o.hourly) {
      const auto hour = std::chrono::floor<std::chrono::hours>(at);
      lifetime += std::chrono::duration_cast<std::chrono::seconds>(at - hour) + std::chrono::hours(1);
      at = hour;
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
    return (settings_.virtual_hosts ? "/" : "/" + settings_.bucket + "/") + settings_.prefix + object_name(key);
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
    const std::string path = object_path(key);
    SigningRequest r;
    r.method = method;
    r.path = path;
    r.payload_hash = sha256_hex(body);
    const std::string date = amz_date(std::chrono::system_clock::now());
    r.headers = {{"host", inside_.host_header}, {"x-amz-content-sha256", r.payload_hash}, {"x-amz-date", date}};
    std::unique_ptr<net::HTTPClientSession> session;
    if (tls_) session = std::make_unique<net::HTTPSClientSession>(inside_.host, inside_.port, tls_);
    else session = std::make_unique<net::HTTPClientSession>(inside_.host, inside_.port);
    session->setTimeout(Poco::Timespan(settings_.timeout_seconds, 0));
    net::HTTPRequest req(method, uri_encode(path, true), net::HTTPMessage::HTTP_1_1);
    req.set("Host", inside_.host_header);
    req.set("x-amz-date", date);
    req.set("x-amz-content-sha256", r.payload_hash);
    req.set("Authorization", authorization(credentials_, r, date));
    if (method == "PUT") req.setContentLength(static_cast<std::streamsize>(body.size()));
    std::ostream& os = session->sendRequest(req);
    if (!body.empty()) os.write(body.data(), static_cast<std::streamsize>(body.size()));
    net::HTTPResponse res;
    std::istream& is = session->receiveResponse(res);
    Answer a;
    a.status = static_cast<int>(res.getStatus());
    Poco::StreamCopier::copyToString(is, a.body);
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
