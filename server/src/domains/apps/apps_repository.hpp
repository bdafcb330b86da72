#pragma once
// Apps and consents storage. Every call takes the tenant id first and blocks:
// run it on the database pool. The owner's writes carry the owner in their
// WHERE clause; the primary keys make an app's id and a user's consent per app
// unique, the unique name key makes a name unique in a tenant whatever its
// case, the unique name skeleton (migration 0026) whatever look-alike letters it uses.
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

enum class WriteOutcome { done, not_found, name_taken, name_confusable, limit_reached };

// An app's name as the unique keys see it.
struct NameKeys {
  std::string key;       // ASCII letters in lower case
  std::string skeleton;  // app_names.hpp name_skeleton
};

// A row written before names had a skeleton.
struct UnkeyedApp {
  std::int64_t tenant_id = 0;
  std::string id;
  std::string name;
};

class AppsRepository {
 public:
  explicit AppsRepository(db::Database& db) : db_(db) {}

  // Inserts unless the name (or a look-alike) is taken in the tenant or the owner holds max_apps already.
  WriteOutcome insert(std::int64_t tenant_id, const AppRecord& app, const NameKeys& name,
                      const std::string& secret_hash, std::int64_t max_apps);
  std::optional<AppRecord> app(std::int64_t tenant_id, const std::string& id);
  // Whether another app than except_id holds the name: name_taken (the same key),
  // name_confusable (only the look-alike key) or done (neither), read in one statement.
  WriteOutcome name_clash(std::int64_t tenant_id, const NameKeys& name, const std::string& except_id);
  std::vector<AppRecord> owner_apps(std::int64_t tenant_id, const std::string& owner_uuid);
  std::int64_t granted_count(std::int64_t tenant_id, const std::string& id);
  // Writes the app's editable fields (and updated_at) when owner_uuid owns it.
  WriteOutcome update(std::int64_t tenant_id, const std::string& owner_uuid, const AppRecord& app,
                      const NameKeys& name);
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

  // Start-up upkeep, across tenants: the rows without a name skeleton, and
  // writing one (false when another app of the tenant holds it, or it was set meanwhile).
  std::vector<UnkeyedApp> apps_without_skeleton();
  bool set_skeleton(std::int64_t tenant_id, const std::string& id, const std::string& skeleton);

 private:
  db::Database& db_;
};

}  // namespace portal::apps
