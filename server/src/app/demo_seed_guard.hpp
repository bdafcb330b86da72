#pragma once
// The demo seed's guard (core/seed_guard.hpp) on the database: the marks of migration 0051 and the audit log.
// A part counts as the operator's once an audit entry of its actions names the tenant at or after the seed's
// last write (or at any time, for a database the seed wrote before the marks existed):
//   settings  settings.*            plans  plans.*            catalog  catalog.*, media.publish
// Blocking (SQL): the start-up's seeding.
#include <map>
#include <string>

#include "core/clock.hpp"
#include "core/seed_guard.hpp"
#include "db/database.hpp"

namespace portal::app {

class DemoSeedGuard final : public core::SeedGuard {
 public:
  DemoSeedGuard(db::Database& database, const core::Clock& clock) : db_(database), clock_(clock) {}
  bool may_write(std::int64_t tenant_id, std::string_view part, const std::filesystem::path& file) override;
  void wrote(std::int64_t tenant_id, std::string_view part, const std::filesystem::path& file) override;
  bool made_by_seed(std::int64_t tenant_id) override;

 private:
  // A file's digest, read once per start (the catalog file serves every tenant).
  const std::string& digest(const std::filesystem::path& file);

  db::Database& db_;
  const core::Clock& clock_;
  std::map<std::filesystem::path, std::string> digests_;
};

}  // namespace portal::app
