#include "http/context.hpp"

#include "http/error.hpp"
#include "http/utf8.hpp"

namespace portal::http {

std::string_view RequestContext::param(std::string_view name) const {
  for (const auto& [key, value] : params)
    if (key == name) return value;
  return {};
}

std::optional<std::string> RequestContext::query(std::string_view name) const {
  if (!url.has_query()) return std::nullopt;
  if (!query_params) {
    query_params.emplace();
    // Decoded, and valid UTF-8 whatever the escapes held (%FF): a value may be echoed or stored.
    for (auto p : url.params()) {
      std::string key = is_valid_utf8(p.key) ? std::move(p.key) : valid_utf8(p.key);
      std::string value = is_valid_utf8(p.value) ? std::move(p.value) : valid_utf8(p.value);
      query_params->emplace_back(std::move(key), std::move(value));
    }
  }
  for (const auto& [key, value] : *query_params)
    if (key == name) return value;
  return std::nullopt;
}

const core::Tenant& RequestContext::require_tenant() const {
  if (!tenant) throw http::ErrorException(http::Error::bad_request("X-Tenant-ID header is required"));
  return *tenant;
}

bool staff_role_allows(StaffRole held, StaffRole needed) {
  if (needed == StaffRole::any || held == StaffRole::platform) return true;
  if (needed == StaffRole::platform) return false;
  if (held == StaffRole::owner) return true;
  if (held == StaffRole::admin) return needed != StaffRole::owner;
  if (needed == StaffRole::care) return held == StaffRole::support || held == StaffRole::finance;
  if (needed == StaffRole::plans || needed == StaffRole::prices)
    return held == StaffRole::editor || held == StaffRole::finance;
  return held == needed;  // editor, support, finance: their own routes only
}

std::string_view staff_role_name(StaffRole role) {
  switch (role) {
    case StaffRole::any: return "any";
    case StaffRole::editor: return "editor";
    case StaffRole::support: return "support";
    case StaffRole::finance: return "finance";
    case StaffRole::admin: return "admin";
    case StaffRole::owner: return "owner";
    case StaffRole::platform: return "platform_admin";
    case StaffRole::care: return "care";
    case StaffRole::plans: return "plans";
    case StaffRole::prices: return "prices";
  }
  return "any";
}

}  // namespace portal::http
