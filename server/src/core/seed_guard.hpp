#pragma once
// The demo seed never undoes an operator's work (`--seed demo`, docs/decisions.md "The demo seed never undoes an
// operator's work"). A tenant's part that a demo file writes (its settings, its plans, its catalog) is written when
// the tenant does not have it yet, and again only when the file changed since the seed last wrote it and no staff
// member changed that part in between (the audit log says so). The seeds of the domains ask a SeedGuard before
// they write a tenant's part and tell it after; app/demo_seed_guard.hpp keeps the marks and reads the audit log.
// The seed writes into the tenants it made only (a tenant's "settings" mark says the seed made it): an operator's
// tenant is never touched, whatever its name (issue 74 item 3).
#include <cstdint>
#include <filesystem>
#include <string_view>

namespace portal::core {

class SeedGuard {
 public:
  virtual ~SeedGuard() = default;
  // Whether the seed may write `part` ("settings", "plans", "catalog") of the tenant from `file`; tenant_id 0 is a
  // tenant the database does not have yet (always written).
  virtual bool may_write(std::int64_t tenant_id, std::string_view part, const std::filesystem::path& file) = 0;
  // The seed wrote `part` of the tenant from `file`.
  virtual void wrote(std::int64_t tenant_id, std::string_view part, const std::filesystem::path& file) = 0;
  // Whether the seed made the tenant (issue 74 item 3): the demo seed writes only into the tenants it made, never
  // into an operator's, whatever its name.
  virtual bool made_by_seed(std::int64_t tenant_id) = 0;
};

}  // namespace portal::core
