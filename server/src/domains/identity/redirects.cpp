#include "domains/identity/redirects.hpp"

#include <algorithm>
#include <boost/url.hpp>

#include "core/text.hpp"
#include "core/url.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::identity {
namespace urls = boost::urls;

std::optional<std::string> canonical_redirect(std::string_view text) {
  auto parsed = urls::parse_uri(text);
  if (!parsed) return std::nullopt;
  urls::url u = *parsed;
  if (u.scheme_id() != urls::scheme::http && u.scheme_id() != urls::scheme::https) return std::nullopt;
  if (!u.has_authority() || u.host().empty() || u.has_userinfo()) return std::nullopt;
  if (!core::strict_origin(text)) return std::nullopt;  // look-alike hosts and ports (core/url.hpp)
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
  origin = core::lower(origin);
  return origin;
}

std::optional<std::string> allowed_redirect(std::string_view url, const std::vector<std::string>& origins) {
  auto canonical = canonical_redirect(url);
  if (!canonical) return std::nullopt;
  const auto origin = tenants::browser_origin(origin_of(*canonical));
  if (!origin || std::find(origins.begin(), origins.end(), *origin) == origins.end()) return std::nullopt;
  return canonical;
}

std::string with_code(const std::string& canonical, std::string_view code) {
  urls::url u(canonical);
  u.params().set("code", code);
  return std::string(u.buffer());
}

}  // namespace portal::identity
