#include "domains/apps/redirect_uri.hpp"

#include <algorithm>
#include <boost/url.hpp>

#include "core/url.hpp"
#include "domains/apps/apps_types.hpp"

namespace portal::apps {

namespace urls = boost::urls;

namespace {

Error refused(std::string reason) { return Error::invalid("redirectUri", std::move(reason)); }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX decoded once (Boost.URL has checked that every % is followed by two hex digits).
std::string decoded(std::string_view encoded) {
  std::string out;
  out.reserve(encoded.size());
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    if (encoded[i] == '%' && i + 2 < encoded.size() && hex_value(encoded[i + 1]) >= 0 && hex_value(encoded[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(encoded[i + 1]) * 16 + hex_value(encoded[i + 2]));
      i += 2;
    } else {
      out += encoded[i];
    }
  }
  return out;
}

bool has_control(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return c < 0x20 || c == 0x7f;
  });
}

// Whether text holds a percent-encoded slash, backslash or dot.
bool holds_encoded_separator(std::string_view text) {
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    if (text[i] != '%') continue;
    const int hi = hex_value(text[i + 1]);
    const int lo = hex_value(text[i + 2]);
    if (hi < 0 || lo < 0) continue;
    const char c = static_cast<char>(hi * 16 + lo);
    if (c == '/' || c == '\\' || c == '.') return true;
  }
  return false;
}

// The path's rules, segment by segment on the path as written (percent-encoded)
// and once decoded: what a server that decodes before resolving would see.
std::optional<Error> path_refusal(std::string_view path) {
  std::size_t start = 0;
  while (start <= path.size()) {
    const auto end = std::min(path.find('/', start), path.size());
    const std::string_view segment = path.substr(start, end - start);
    const std::string plain = decoded(segment);
    if (has_control(plain)) return refused("must not contain control characters");
    if (holds_encoded_separator(segment) || holds_encoded_separator(plain))
      return refused("must not contain encoded slashes, backslashes or dots in its path");
    if (plain == "." || plain == "..") return refused("must not contain . or .. segments in its path");
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace

Result<std::string> redirect_uri(std::string_view text) {
  if (text.empty()) return refused("is required");
  if (text.size() > kRedirectUriMax)
    return refused("must be at most " + std::to_string(kRedirectUriMax) + " characters");
  if (std::any_of(text.begin(), text.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c <= 0x20 || c >= 0x7f;
      }))
    return refused("must not contain spaces, control characters or unencoded non-ASCII characters");
  auto parsed = urls::parse_uri(text);
  if (!parsed) return refused("must be an absolute URL");
  const urls::url_view u = *parsed;
  if (u.scheme_id() != urls::scheme::https) return refused("must use https");
  if (!u.has_authority() || u.encoded_host().empty()) return refused("must name a host");
  if (u.has_userinfo()) return refused("must not contain a user name or password");
  if (u.has_port()) {
    const std::string_view port = u.port();
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos ||
        std::stoi(std::string(port)) < 1 || std::stoi(std::string(port)) > 65535)
      return refused("must have a port from 1 to 65535");
  }
  if (const auto type = u.host_type(); type != urls::host_type::ipv4 && type != urls::host_type::ipv6 &&
                                       type != urls::host_type::name)
    return refused("must name a host of DNS labels or an IP address");
  // The same strict reading of the origin as the tenants' redirect allow-lists (core/url.hpp).
  if (!core::strict_origin(text)) return refused("must name a host of DNS labels or an IP address");
  if (u.has_fragment()) return refused("must not contain a fragment (#)");
  if (auto refusal = path_refusal(u.encoded_path())) return *refusal;
  if (u.has_query() && has_control(decoded(u.encoded_query()))) return refused("must not contain control characters");

  urls::url stored = u;
  if (stored.encoded_path().empty()) stored.set_path("/");
  stored.normalize();
  std::string out(stored.buffer());
  // Normalising only decodes unreserved characters and lowers case; the result must pass the same rules.
  if (out != text) {
    auto again = urls::parse_uri(out);
    if (!again || path_refusal(again->encoded_path()) || !core::strict_origin(out))
      return refused("must be an absolute URL");
  }
  return out;
}

}  // namespace portal::apps
