#pragma once
// Reads and writes tenant rows. Blocking: call from the database pool.
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "domains/tenants/tenant_settings.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

// Raises the tenant's configuration version inside the caller's transaction: every
// domain whose change an instance must see (plans, structures, catalog) calls it in
// the transaction that writes the change, so the version never runs ahead of the data.
void raise_config_version(db::Session& session, std::int64_t tenant_id);

class TenantsRepository {
 public:
  explicit TenantsRepository(db::Database& db) : db_(db) {}

  // Every tenant with its hosts, ordered by id. Throws db::Error on a row
  // whose JSON columns do not parse (a broken row must not go unnoticed).
  std::vector<Tenant> load_all();


  // Inserts or updates the tenant by name and replaces its host list, in one
  // transaction. Returns the tenant id.
  std::int64_t upsert(const Tenant& tenant);

  // Every tenant's configuration version, ordered by id (what instances poll).
  std::vector<TenantVersion> versions();
  // raise_config_version in a transaction of its own.
  void raise_version(std::int64_t tenant_id);

  // Writes an operator's settings edit and its hosts in one transaction, only over the
  // version it was based on; returns the new version. version_conflict (with the current
  // version), host_taken, or tenant_not_found write nothing.
  // `also` runs in the same transaction after the write (the audit entry of the change), with
  // the new version: the change and its record commit or roll back together.
  SettingsResult<std::int64_t> write_settings(const SettingsEdit& edit,
                                              const std::function<void(db::Session&, std::int64_t)>& also = {});

 private:
  db::Database& db_;
};

}  // namespace portal::tenants
