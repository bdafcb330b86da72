#include "domains/catalog/catalog_seed.hpp"

#include <boost/json.hpp>

#include "core/json_file.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::catalog {
namespace json = boost::json;

core::Result<json::object> import_catalog_file(db::Database& db, CatalogService& service,
                                               const std::filesystem::path& file, const std::string& tenant,
                                               bool prune) {
  tenants::TenantsRepository tenants(db);
  for (const auto& t : tenants.load_all()) {
    if (t.name != tenant) continue;
    auto value = core::read_json_file(file);
    if (!value) return value.error();
    auto result = service.import(t.id, *value, prune);
    if (!result) {
      auto e = result.error();
      e.message = file.string() + ": " + e.message;
      return e;
    }
    return result;
  }
  return core::Error::not_found("TENANT_NOT_FOUND", "no tenant named '" + tenant + "'");
}

int seed_catalog(db::Database& db, CatalogService& service, const std::filesystem::path& file) {
  if (!std::filesystem::exists(file)) return 0;
  auto value = core::read_json_file(file);
  if (!value) throw std::runtime_error(value.error().message);
  tenants::TenantsRepository tenants(db);
  int count = 0;
  for (const auto& t : tenants.load_all()) {
    auto result = service.import(t.id, *value);
    if (!result) throw std::runtime_error(file.string() + ": " + result.error().message);
    ++count;
  }
  return count;
}

}  // namespace portal::catalog
