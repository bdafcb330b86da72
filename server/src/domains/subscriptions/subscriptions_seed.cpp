#include "domains/subscriptions/subscriptions_seed.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::subscriptions {
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

core::Result<json::object> import_plans_file(db::Database& db, SubscriptionsService& service,
                                             const std::filesystem::path& file, const std::string& tenant) {
  tenants::TenantsRepository tenants(db);
  for (const auto& t : tenants.load_all()) {
    if (t.name != tenant) continue;
    auto value = read_json(file);
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
    auto value = read_json(file);
    if (!value) throw std::runtime_error(value.error().message);
    auto result = service.import_plans(t.id, *value);
    if (!result) throw std::runtime_error(file.string() + ": " + result.error().message);
    ++count;
  }
  return count;
}

}  // namespace portal::subscriptions
