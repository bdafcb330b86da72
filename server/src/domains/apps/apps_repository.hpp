#pragma once
// Apps and consents storage. Every call takes the tenant id first and blocks:
// run it on the database pool. The owner's writes carry the owner in their
// WHERE clause; the primary keys make an app's id and a user's consent per app
// unique, the unique name key makes a name unique in a tenant.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "domains/apps/apps_types.hpp"

namespace portal::apps {

// "a b" <-> {"a", "b"}.
std::string join_scopes(const std::vector<std::string>& scopes);
std::vector<std::string> split_scopes(const std::string& text);

enum class WriteOutcome { done, not_found, name_taken, limit_reached };

class AppsRepository {
 public:
  explicit AppsRepository(db::Database& db) : db_(db) {}

  // Inserts unless the name is taken in the tenant or the owner holds max_apps already.
  WriteOutcome insert(std::int64_t tenant_id, const AppRecord& app, const std::string& name_key,
                      const std::string& secret_hash, std::int64_t max_apps);
  std::optional<AppRecord> app(std::int64_t tenant_id, const std::string& id);
  bool name_taken(std::int64_t tenant_id, const std::string& name_key, const std::string& except_id);
  std::vector<AppRecord> owner_apps(std::int64_t tenant_id, const std::string& owner_uuid);
  std::int64_t granted_count(std::int64_t tenant_id, const std::string& id);
  // Writes the app's editable fields (and updated_at) when owner_uuid owns it.
  WriteOutcome update(std::int64_t tenant_id, const std::string& owner_uuid, const AppRecord& app,
                      const std::string& name_key);
  bool set_secret(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id,
                  const std::string& secret_hash, const std::string& now);
  std::optional<std::string> secret_hash(std::int64_t tenant_id, const std::string& id);
  // Removes the app and, by cascade, every consent to it.
  bool remove(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id);

  std::optional<ConsentRecord> consent(std::int64_t tenant_id, const std::string& app_id, const std::string& user_uuid);
  void decide(std::int64_t tenant_id, const std::string& app_id, const std::string& user_uuid,
              const std::string& decision, const std::vector<std::string>& scopes, const std::string& now);
  // True when a granted consent was revoked.
  bool revoke(std::int64_t tenant_id, const std::string& app_id, const std::string& user_uuid, const std::string& now);
  std::vector<std::pair<ConsentRecord, AppRecord>> granted(std::int64_t tenant_id, const std::string& user_uuid);

 private:
  db::Database& db_;
};

}  // namespace portal::apps
