#pragma once
// Demo info services (--seed demo): the services of
// data/info-services/demo.json in each of the demo's tenants, validated once here. An
// upsert by id: running it again updates texts and adds new services.
// Blocking.
#include <filesystem>

#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::info_services {

// Returns how many services were written (tenants times services). Throws
// std::runtime_error naming the field of an invalid document.
int seed_info_services(db::Database& db, const std::filesystem::path& file, const std::vector<tenants::Tenant>& tenants);

}  // namespace portal::info_services
