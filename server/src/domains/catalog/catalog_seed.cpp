#include "domains/catalog/catalog_seed.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "domains/catalog/catalog_service.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

core::Result<json::value> read_json(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return core::Error::bad_request("cannot read " + file.string());
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  json::value v = json::parse(text.str(), ec);
  if (ec) return core::Error::bad_request(file.string() + " is not valid JSON: " + ec.message());
  return v;
}

}  // namespace

core::Result<json::object> import_catalog_file(db::Database& db, CatalogService& service,
                                               const std::filesystem::path& file, const std::string& tenant,
                                               bool prune) {
  tenants::TenantsRepository tenants(db);
  for (const auto& t : tenants.load_all()) {
    if (t.name != tenant) continue;
    auto value = read_json(file);
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
  auto value = read_json(file);
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
