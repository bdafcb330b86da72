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
  auto tenant_id = tenants::TenantsRepository(db).id_by_name(tenant);
  if (!tenant_id) return tenant_id.error();
  auto value = core::read_json_file(file);
  if (!value) return value.error();
  auto result = service.import(*tenant_id, *value, prune);
  if (!result) return result.error().prefixed(file.string() + ": ");
  return result;
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
