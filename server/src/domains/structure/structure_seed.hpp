#pragma once
// Demo data: each tenant's page structures, data_dir/structures/<tenant>/<name>.json,
// written into the database after the tenants (tenants/tenants_seed.hpp).
// Idempotent: a tree that did not change leaves its row alone, and a structure
// published from the console is not overwritten by its file (its versions keep
// both). Every file is checked by structure_validation.hpp. Blocking; call at start-up.
#include <filesystem>
#include <vector>

#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::structure {

// Upserts the structure files of every tenant given; returns how many.
// Throws std::runtime_error naming a file that is not a JSON object or breaks a rule.
int seed_structures(db::Database& db, const std::filesystem::path& data_dir, const std::vector<tenants::Tenant>& tenants);

}  // namespace portal::structure
