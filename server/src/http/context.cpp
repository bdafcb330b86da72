#include "http/context.hpp"

#include "core/error.hpp"

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
    for (auto p : url.params()) query_params->emplace_back(std::move(p.key), std::move(p.value));  // decoded
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
