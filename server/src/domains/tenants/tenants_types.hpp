#pragma once
// A tenant: one operator storefront with its own hosts, language, colours and
// feature flags. Rows are read once at start-up and on change; requests hold a
// shared_ptr<const Tenant> for their whole life.
#include <cstdint>

#include "core/tenant.hpp"

namespace portal::tenants {

using core::Tenant;          // core/tenant.hpp: http/ reads it too
using core::offers_language;

// A tenant's configuration version as instances poll it.
struct TenantVersion {
  std::int64_t tenant_id = 0;
  std::int64_t version = 0;
  bool operator==(const TenantVersion&) const = default;
};

using core::Reached;  // core/tenant.hpp

}  // namespace portal::tenants
