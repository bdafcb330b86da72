#include "domains/subscriptions/subscriptions_seed.hpp"

#include <boost/json.hpp>

#include "core/json_file.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::subscriptions {
namespace json = boost::json;

core::Result<json::object> import_plans_file(db::Database& db, SubscriptionsService& service,
                                             const std::filesystem::path& file, const std::string& tenant) {
  tenants::TenantsRepository tenants(db);
  for (const auto& t : tenants.load_all()) {
    if (t.name != tenant) continue;
    auto value = core::read_json_file(file);
    if (!value) return value.error();
    auto result = service.import_plans(t.id, *value);
    if (!result) {
      auto e = result.error();
      e.message = file.string() + ": " + e.message;
      return e;
    }
    return result;
  }
  return core::Error::not_found("TENANT_NOT_FOUND", "no tenant named '" + tenant + "'");
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
