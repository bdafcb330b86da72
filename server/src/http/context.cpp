#include "http/context.hpp"

#include "core/error.hpp"
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

const tenants::Tenant& RequestContext::require_tenant() const {
  if (!tenant) throw core::ErrorException(core::Error::bad_request("X-Tenant-ID header is required"));
  return *tenant;
}

}  // namespace portal::http
