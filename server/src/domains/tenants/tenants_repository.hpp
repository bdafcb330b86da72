#pragma once
// Reads and writes tenant rows. Blocking: call from the database pool.
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

class TenantsRepository {
 public:
  explicit TenantsRepository(db::Database& db) : db_(db) {}

  // Every tenant with its hosts, ordered by id. Throws db::Error on a row
  // whose JSON columns do not parse (a broken row must not go unnoticed).
  std::vector<Tenant> load_all();

  // The id of the tenant named `name`, for the import commands; 404
  // TENANT_NOT_FOUND when there is none.
  core::Result<std::int64_t> id_by_name(std::string_view name);

  // Inserts or updates the tenant by name and replaces its host list, in one
  // transaction. Returns the tenant id.
  std::int64_t upsert(const Tenant& tenant);

 private:
  db::Database& db_;
};

}  // namespace portal::tenants
