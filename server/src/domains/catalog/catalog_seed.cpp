#include "domains/catalog/catalog_seed.hpp"

#include <boost/json.hpp>  // free-form: the demo catalog files, passed whole to the import

#include "core/json_file.hpp"
#include "core/log.hpp"
#include "domains/catalog/catalog_import.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

// Whether any article of the file has a price in `currency`.
bool priced_in(const json::value& file, std::string_view currency) {
  const auto* articles = file.is_object() ? file.as_object().if_contains("articles") : nullptr;
  if (!articles || !articles->is_array()) return false;
  for (const auto& a : articles->as_array()) {
    const auto* prices = a.is_object() ? a.as_object().if_contains("prices") : nullptr;
    if (prices && prices->is_array())
      for (const auto& p : prices->as_array())
        if (const auto* c = p.is_object() ? p.as_object().if_contains("currency") : nullptr; c && c->is_string() && c->as_string() == currency)
          return true;
  }
  return false;
}

// The file for one tenant: its prices in the tenant's currency, then imported.
// `lenient` (the seed, which loads one file into every tenant): a file without
// any price in the tenant's currency is a one-currency file and loads as given.
Result<ImportCounts> import_for(CatalogService& service, const tenants::Tenant& t, const json::value& file,
                                bool prune, bool lenient = false) {
  std::string currency = tenants::currency_setting(t);
  if (lenient && !currency.empty() && !priced_in(file, currency)) {
    core::log_json(spdlog::level::warn, "catalog seed has no price in the tenant's currency; loaded as given",
                   {{"tenant", t.name}, {"currency", currency}});
    currency.clear();
  }
  auto priced = prices_in_currency(file, currency);
  if (!priced) return priced.error();
  return service.import(t.id, *priced, prune);
}

}  // namespace

boost::system::result<ImportCounts, std::string> import_catalog_file(db::Database& db, CatalogService& service,
                                                                     const std::filesystem::path& file,
                                                                     const std::string& tenant, bool prune) {
  auto value = core::read_json_file(file);
  if (!value) return value.error().message;
  tenants::TenantsRepository tenants(db);
  for (const auto& t : tenants.load_all()) {
    if (t.name != tenant) continue;
    auto imported = import_for(service, t, *value, prune);
    if (!imported) return file.string() + ": " + imported.error().message;
    return *imported;
  }
  return "no tenant named '" + tenant + "'";
}

int seed_catalog(db::Database& db, CatalogService& service, const std::filesystem::path& file,
                 const std::vector<tenants::Tenant>& tenants, core::SeedGuard* guard) {
  if (!std::filesystem::exists(file)) return 0;
  auto value = core::read_json_file(file);
  if (!value) throw std::runtime_error(value.error().message);
  int count = 0;
  for (const auto& t : tenants) {
    if (guard && !guard->may_write(t.id, "catalog", file)) continue;
    auto result = import_for(service, t, *value, false, true);
    if (!result) throw std::runtime_error(file.string() + ": " + result.error().message);
    if (guard) guard->wrote(t.id, "catalog", file);
    ++count;
  }
  return count;
}

}  // namespace portal::catalog
