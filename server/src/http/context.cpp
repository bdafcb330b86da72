#include "http/context.hpp"

#include "core/error.hpp"

namespace portal::http {

std::string_view RequestContext::param(std::string_view name) const {
  for (const auto& [key, value] : params)
    if (key == name) return value;
  return {};
}

std::optional<std::string> RequestContext::query(std::string_view name) const {
  auto params = url.params();  // decoded view
  auto it = params.find(name);
  if (it == params.end()) return std::nullopt;
  return std::string((*it).value);
}

const tenants::Tenant& RequestContext::require_tenant() const {
  if (!tenant) throw core::ErrorException(core::Error::bad_request("X-Tenant-ID header is required"));
  return *tenant;
}

}  // namespace portal::http
