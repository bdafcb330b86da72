#pragma once
// The tenants as the composition root assembles them (app/app.cpp): the registry every request resolves its
// tenant through, the one lookup by id the other domains take, and the settings service of the console.
#include <cstdint>
#include <functional>
#include <memory>

#include "db/database.hpp"
#include "domains/tenants/settings_service.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::tenants {

// A tenant by id from the registry's snapshot (nullptr when none): what services take as their tenant lookup.
using TenantById = std::function<std::shared_ptr<const Tenant>(std::int64_t id)>;
TenantById tenant_by_id(const TenantRegistry& registry);

// Reloads the registry after a write of this instance (settings, structures, plans); a failure is logged and left
// to the configuration watch's next tick (the write is committed).
std::function<void()> refresh_after_write(TenantRegistry& registry);

struct Tenants {
  struct Deps {
    db::Database& database;
  };
  explicit Tenants(Deps deps);  // reads the tenants: throws when it cannot

  TenantsRepository repository;
  std::unique_ptr<TenantRegistry> registry;
  TenantById by_id;
  std::function<void()> refresh;  // refresh_after_write(*registry)
  SettingsService settings;
};

std::unique_ptr<Tenants> make_tenants(Tenants::Deps deps);

}  // namespace portal::tenants
