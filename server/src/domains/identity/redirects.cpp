#include "domains/identity/redirects.hpp"

#include <boost/algorithm/string/case_conv.hpp>
#include <boost/url.hpp>

#include "domains/tenants/tenants_service.hpp"

namespace portal::identity {
namespace urls = boost::urls;

namespace {

// The parser is lenient where a browser is not ("host:8080.evil.example/" is
// port 8080 and path ".evil.example/" to it, a browser's host is
// "host:8080.evil.example"): only a plain host name of DNS labels or an
// IP literal, and a numeric port of 1 to 65535, are compared at all.
bool strict_authority(const urls::url& u) {
  if (u.has_port()) {
    const std::string_view port = u.port();
    if (port.empty() || port.size() > 5) return false;
    for (char c : port)
      if (c < '0' || c > '9') return false;
    if (const int n = std::stoi(std::string(port)); n < 1 || n > 65535) return false;
  }
  // After an authority the path starts with "/" (the parser takes
  // "host:8080.evil.example/" as port 8080 and path ".evil.example/").
  if (const std::string_view path = u.encoded_path(); !path.empty() && path.front() != '/') return false;
  if (u.host_type() == urls::host_type::ipv4 || u.host_type() == urls::host_type::ipv6) return true;
  if (u.host_type() != urls::host_type::name) return false;
  const std::string_view host = u.encoded_host();
  std::size_t label = 0;
  for (char c : host) {
    if (c == '.') {
      if (label == 0) return false;  // empty label, leading dot or ".."
      label = 0;
      continue;
    }
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || ++label > 63) return false;
  }
  return label > 0;  // no trailing dot
}

}  // namespace

std::optional<std::string> canonical_redirect(std::string_view text) {
  auto parsed = urls::parse_uri(text);
  if (!parsed) return std::nullopt;
  urls::url u = *parsed;
  if (u.scheme_id() != urls::scheme::http && u.scheme_id() != urls::scheme::https) return std::nullopt;
  if (!u.has_authority() || u.host().empty() || u.has_userinfo()) return std::nullopt;
  if (!strict_authority(u)) return std::nullopt;
  u.remove_fragment();
  u.params().erase("code");
  if (u.params().empty()) u.remove_query();
  if (u.path().empty()) u.set_path("/");
  u.normalize();
  return std::string(u.buffer());
}

std::string origin_of(std::string_view text) {
  auto parsed = urls::parse_uri(text);
  if (!parsed || !parsed->has_authority() || parsed->host().empty()) return {};
  std::string origin = std::string(parsed->scheme()) + "://" + std::string(parsed->encoded_host_and_port());
  boost::algorithm::to_lower(origin);
  return origin;
}

std::optional<std::string> allowed_redirect(const tenants::Tenant& tenant, std::string_view url,
                                            std::string_view request_origin) {
  auto canonical = canonical_redirect(url);
  if (!canonical) return std::nullopt;
  const std::string origin = origin_of(*canonical);
  std::string own(request_origin);
  boost::algorithm::to_lower(own);
  if (!own.empty() && origin == own) return canonical;
  if (tenants::origin_belongs_to(tenant, origin)) return canonical;
  return std::nullopt;
}

std::string with_code(const std::string& canonical, std::string_view code) {
  urls::url u(canonical);
  u.params().set("code", code);
  return std::string(u.buffer());
}

}  // namespace portal::identity
