#include "domains/tenants/tenants_module.hpp"

#include "core/log.hpp"

namespace portal::tenants {

TenantById tenant_by_id(const TenantRegistry& registry) {
  return [&registry](std::int64_t id) -> std::shared_ptr<const Tenant> {
    for (const auto& t : registry.all())
      if (t->id == id) return t;
    return nullptr;
  };
}

std::function<void()> refresh_after_write(TenantRegistry& registry) {
  return [&registry] {
    try {
      registry.refresh();
    } catch (const std::exception& e) {  // written and committed: the watch's next tick reloads
      core::log_json(spdlog::level::warn, "tenant configuration not refreshed", {{"error", e.what()}});
    }
  };
}

Tenants::Tenants(Deps deps)
    : repository(deps.database),
      registry(std::make_unique<TenantRegistry>(repository)),
      by_id(tenant_by_id(*registry)),
      refresh(refresh_after_write(*registry)),
      settings(repository, refresh) {}

std::unique_ptr<Tenants> make_tenants(Tenants::Deps deps) { return std::make_unique<Tenants>(deps); }

}  // namespace portal::tenants
