#pragma once
// Reading and writing a tenant's settings (docs/tenants.md "Settings"): the current
// settings with their version, and an edit written only over the version it was based on.
// After a write the instance that made it refreshes at once (`changed`); every other
// instance follows within its poll (tenants.config_version). Blocking: call on the pool.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include <boost/json/value.hpp>  // free-form: the settings document the operator edits whole

#include "db/database.hpp"
#include "domains/tenants/tenant_settings.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

class TenantsRepository;

struct SettingsChange {
  Tenant before;
  Tenant after;  // with its new version
};

class SettingsService {
 public:
  SettingsService(TenantsRepository& repository, std::function<void()> changed)
      : repository_(repository), changed_(std::move(changed)) {}

  // The tenant as stored now (not as this instance's snapshot holds it).
  SettingsResult<Tenant> current(std::int64_t tenant_id);
  // `record` runs in the writing transaction with the change (the staff audit entry).
  using Record = std::function<void(db::Session&, const SettingsChange&)>;
  // A change of settings.currency (3 capital letters) is refused (currency_in_use, naming the plans
  // and articles) while anything is priced in the old currency (docs/decisions.md "One currency per tenant").
  SettingsResult<SettingsChange> update(std::int64_t tenant_id, const boost::json::value& document,
                                        const Record& record = {});

  // What the tenant prices in a currency: plan ids and article ids (the composition root asks the
  // plans and the catalog). Set at start-up; unset: nothing is asked.
  struct Priced {
    std::vector<std::int64_t> plans;
    std::vector<std::int64_t> articles;
  };
  using PricedIn = std::function<Priced(std::int64_t tenant_id, const std::string& currency)>;
  void set_priced_in(PricedIn priced_in) { priced_in_ = std::move(priced_in); }

  // Whether the tenant has a structure of that name (the composition root asks the structures): settings.header.structure
  // and settings.footer.structure must name one (invalid_field naming the member). Unset: not asked.
  using StructureExists = std::function<bool(std::int64_t tenant_id, const std::string& name)>;
  void set_structure_exists(StructureExists exists) { structure_exists_ = std::move(exists); }

 private:
  TenantsRepository& repository_;
  std::function<void()> changed_;
  PricedIn priced_in_;
  StructureExists structure_exists_;
};

}  // namespace portal::tenants
