#include "core/tenant_origins.hpp"

#include <algorithm>
#include <boost/url/parse.hpp>

#include "core/text.hpp"
#include "core/url.hpp"

namespace portal::core {

std::optional<std::string> browser_origin(std::string_view text) {
  auto origin = core::strict_origin(text);
  if (!origin) return std::nullopt;
  auto url = boost::urls::parse_absolute_uri(text);
  if (!url || (!url->encoded_path().empty() && url->encoded_path() != "/")) return std::nullopt;
  if (url->has_query() || url->has_fragment()) return std::nullopt;
  const bool https = origin->starts_with("https://");
  if (const std::string_view default_port = https ? ":443" : ":80"; origin->ends_with(default_port))
    origin->resize(origin->size() - default_port.size());
  return origin;
}

std::vector<std::string> tenant_origins(const Tenant& tenant, const Reached& reached) {
  std::vector<std::string> out;
  const auto add = [&out](std::string_view text) {
    if (auto origin = browser_origin(text); origin && std::find(out.begin(), out.end(), *origin) == out.end())
      out.push_back(std::move(*origin));
  };
  if (const auto* configured = tenant.backend.if_contains("publicOrigin"); configured && configured->is_string())
    add(configured->as_string());
  for (const auto& allowed : allowed_origins(tenant)) add(allowed);
  const std::string scheme = reached.https ? "https://" : "http://";
  for (const auto& host : tenant.hosts) {
    if (reached.port != 0) add(scheme + host + ":" + std::to_string(reached.port));
    if (reached.proxied) add(scheme + host);
  }
  return out;
}

bool origin_belongs_to(const Tenant& tenant, std::string_view origin, const Reached& reached) {
  const auto exact = browser_origin(origin);
  if (!exact) return false;
  const auto own = tenant_origins(tenant, reached);
  return std::find(own.begin(), own.end(), *exact) != own.end();
}

std::vector<std::string> allowed_origins(const Tenant& tenant) {
  std::vector<std::string> out;
  if (const auto* list = tenant.backend.if_contains("allowedOrigins"); list && list->is_array())
    for (const auto& o : list->as_array()) {
      if (!o.is_string()) continue;
      std::string allowed(o.as_string());
      allowed = core::lower(allowed);
      while (!allowed.empty() && allowed.back() == '/') allowed.pop_back();
      out.push_back(std::move(allowed));
    }
  return out;
}

}  // namespace portal::core
