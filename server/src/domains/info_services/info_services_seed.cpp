#include "domains/info_services/info_services_seed.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "domains/info_services/info_services_repository.hpp"
#include "domains/info_services/info_services_service.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::info_services {

int seed_info_services(db::Database& db, const std::filesystem::path& file, const std::vector<tenants::Tenant>& tenants) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("info services: cannot read " + file.string());
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  auto doc = boost::json::parse(text.str(), ec);
  const auto* list = !ec && doc.is_object() ? doc.as_object().if_contains("services") : nullptr;
  if (!list || !list->is_array()) throw std::runtime_error("info services: " + file.string() + " holds no services list");
  std::vector<ServiceRecord> services;
  std::set<std::int64_t> ids;
  std::set<std::string> names;
  for (const auto& item : list->as_array()) {
    const auto position = static_cast<std::int64_t>(services.size());
    if (!item.is_object()) throw std::runtime_error("info services: services[" + std::to_string(position) + "] is no object");
    auto s = validate_service(item.as_object(), position);
    if (!s) throw std::runtime_error("info services: " + s.error().message);
    if (!ids.insert(s->id).second || !names.insert(s->name).second)
      throw std::runtime_error("info services: services[" + std::to_string(position) + "] repeats an id or a name");
    services.push_back(std::move(*s));
  }
  InfoServicesRepository repository(db);
  int written = 0;
  for (const auto& tenant : tenants)
    for (const auto& s : services) {
      repository.upsert_service(tenant.id, s);
      ++written;
    }
  return written;
}

}  // namespace portal::info_services
