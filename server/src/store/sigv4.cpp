#include "store/sigv4.hpp"

#include <sodium.h>

#include <algorithm>
#include <stdexcept>

#include "core/text.hpp"

namespace portal::store {

namespace {

std::string hex(const unsigned char* bytes, std::size_t n) {
  std::string out(2 * n + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), bytes, n);
  out.pop_back();
  return out;
}

// Raw HMAC-SHA256 (the signing key's steps chain raw digests, not hex).
std::string hmac(std::string_view key, std::string_view message) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  std::string mac(crypto_auth_hmacsha256_BYTES, '\0');
  crypto_auth_hmacsha256_final(&state, reinterpret_cast<unsigned char*>(mac.data()));
  return mac;
}

// A header value as SigV4 canonicalises it: trimmed, and runs of spaces inside it as one.
std::string canonical_value(std::string_view v) {
  std::string out;
  bool space = false;
  for (char c : core::trim(v)) {
    if (c == ' ' || c == '\t') {
      if (!space) out += ' ';
      space = true;
    } else {
      out += c;
      space = false;
    }
  }
  return out;
}

std::string canonical_query(std::vector<std::pair<std::string, std::string>> query) {
  for (auto& [name, value] : query) {
    name = uri_encode(name, false);
    value = uri_encode(value, false);
  }
  std::sort(query.begin(), query.end());
  std::string out;
  for (const auto& [name, value] : query) {
    if (!out.empty()) out += '&';
    out += name + "=" + value;
  }
  return out;
}

struct Canonical {
  std::string request;
  std::string signed_headers;
};

Canonical canonical(const SigningRequest& r, const std::string& query) {
  Canonical c;
  std::string headers;
  for (const auto& [name, value] : r.headers) {  // std::map: sorted by the lower-case name
    headers += name + ":" + canonical_value(value) + "\n";
    if (!c.signed_headers.empty()) c.signed_headers += ';';
    c.signed_headers += name;
  }
  c.request = r.method + "\n" + uri_encode(r.path.empty() ? "/" : r.path, true) + "\n" + query + "\n" + headers +
              "\n" + c.signed_headers + "\n" + r.payload_hash;
  return c;
}

std::string scope_of(const AwsCredentials& k, std::string_view date) {
  return std::string(date.substr(0, 8)) + "/" + k.region + "/" + k.service + "/aws4_request";
}

std::string signature(const AwsCredentials& k, std::string_view date, const std::string& canonical_request) {
  const std::string to_sign =
      "AWS4-HMAC-SHA256\n" + std::string(date) + "\n" + scope_of(k, date) + "\n" + sha256_hex(canonical_request);
  const std::string key =
      hmac(hmac(hmac(hmac("AWS4" + k.secret_key, date.substr(0, 8)), k.region), k.service), "aws4_request");
  const std::string mac = hmac(key, to_sign);
  return hex(reinterpret_cast<const unsigned char*>(mac.data()), mac.size());
}

}  // namespace

std::string amz_date(std::chrono::system_clock::time_point t) {
  const std::time_t secs = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[17];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return buf;
}

std::string sha256_hex(std::string_view bytes) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  return hex(digest, sizeof digest);
}

std::string uri_encode(std::string_view text, bool keep_slash) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                            c == '_' || c == '.' || c == '~';
    if (unreserved || (keep_slash && c == '/')) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string authorization(const AwsCredentials& k, const SigningRequest& r, std::string_view date) {
  const Canonical c = canonical(r, canonical_query(r.query));
  return "AWS4-HMAC-SHA256 Credential=" + k.access_key + "/" + scope_of(k, date) +
         ",SignedHeaders=" + c.signed_headers + ",Signature=" + signature(k, date, c.request);
}

std::string presigned_query(const AwsCredentials& k, std::string_view method, std::string_view host,
                            std::string_view path, std::string_view date, std::int64_t expires,
                            const std::vector<std::pair<std::string, std::string>>& extra) {
  SigningRequest r;
  r.method = std::string(method);
  r.path = std::string(path);
  r.headers["host"] = std::string(host);
  r.payload_hash = "UNSIGNED-PAYLOAD";
  r.query = {{"X-Amz-Algorithm", "AWS4-HMAC-SHA256"},
             {"X-Amz-Credential", k.access_key + "/" + scope_of(k, date)},
             {"X-Amz-Date", std::string(date)},
             {"X-Amz-Expires", std::to_string(expires)},
             {"X-Amz-SignedHeaders", "host"}};
  r.query.insert(r.query.end(), extra.begin(), extra.end());
  const std::string query = canonical_query(r.query);
  return query + "&X-Amz-Signature=" + signature(k, date, canonical(r, query).request);
}

}  // namespace portal::store
