#include "domains/subscriptions/subscriptions_seed.hpp"

#include <boost/json.hpp>

#include "core/json_file.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

core::Result<json::object> import_plans_file(db::Database& db, SubscriptionsService& service,
                                             const std::filesystem::path& file, const std::string& tenant) {
  auto tenant_id = tenants::TenantsRepository(db).id_by_name(tenant);
  if (!tenant_id) return tenant_id.error();
  auto value = core::read_json_file(file);
  if (!value) return value.error();
  auto result = service.import_plans(*tenant_id, *value);
  if (!result) return result.error().prefixed(file.string() + ": ");
  return result;
}

int seed_plans(db::Database& db, SubscriptionsService& service, const std::filesystem::path& dir) {
  tenants::TenantsRepository tenants(db);
  int count = 0;
  for (const auto& t : tenants.load_all()) {
    const auto file = dir / (t.name + ".json");
    if (!std::filesystem::exists(file)) continue;
    auto value = core::read_json_file(file);
    if (!value) throw std::runtime_error(value.error().message);
    auto result = service.import_plans(t.id, *value);
    if (!result) throw std::runtime_error(file.string() + ": " + result.error().message);
    ++count;
  }
  return count;
}

}  // namespace portal::subscriptions
