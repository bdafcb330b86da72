#include "domains/apps/apps_repository.hpp"

#include <sstream>

#include "domains/apps/apps_sql.hpp"

namespace portal::apps {

namespace {

// Columns id .. updated_at from `first` on.
AppRecord to_app(const db::Row& row, std::size_t first = 0) {
  AppRecord a;
  a.id = row.text(first);
  a.owner_uuid = row.text(first + 1);
  a.name = row.text(first + 2);
  a.publisher = row.text(first + 3);
  a.description = row.text(first + 4);
  a.redirect_uri = row.text(first + 5);
  a.scopes = split_scopes(row.text(first + 6));
  a.status = row.text(first + 7);
  a.created_at = row.text(first + 8);
  a.updated_at = row.text(first + 9);
  return a;
}

ConsentRecord to_consent(const db::Row& row) {
  return {row.text(0), row.text(1), split_scopes(row.text(2)), row.text(3)};
}

// After a unique key refused a write: the name's own key taken, else its look-alike.
WriteOutcome refused_name(WriteOutcome clash) {
  return clash == WriteOutcome::name_confusable ? clash : WriteOutcome::name_taken;
}

}  // namespace

std::string join_scopes(const std::vector<std::string>& scopes) {
  std::string out;
  for (const auto& s : scopes) {
    if (!out.empty()) out += ' ';
    out += s;
  }
  return out;
}

std::vector<std::string> split_scopes(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string s; in >> s;) out.push_back(s);
  return out;
}

WriteOutcome AppsRepository::insert(std::int64_t tenant_id, const AppRecord& a, const NameKeys& name,
                                    const std::string& secret_hash, std::int64_t max_apps) {
  try {
    const auto n = db_.execute(sql::kInsertApp, {tenant_id, a.id, a.owner_uuid, a.name, name.key, a.publisher,
                                                 a.description, a.redirect_uri, join_scopes(a.scopes), secret_hash,
                                                 a.created_at, max_apps, name.skeleton});
    return n > 0 ? WriteOutcome::done : WriteOutcome::limit_reached;
  } catch (const db::ConstraintError&) {  // a unique name key is taken in the tenant (a concurrent write may have won)
    return refused_name(name_clash(tenant_id, name, a.id));
  }
}

std::optional<AppRecord> AppsRepository::app(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kApp, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_app(rows[0]);
}

WriteOutcome AppsRepository::name_clash(std::int64_t tenant_id, const NameKeys& name, const std::string& except_id) {
  auto outcome = WriteOutcome::done;
  for (const auto& row : db_.query(sql::kNameClash, {tenant_id, name.key, name.skeleton, except_id})) {
    if (row.integer(0) == 1) return WriteOutcome::name_taken;
    outcome = WriteOutcome::name_confusable;
  }
  return outcome;
}

std::vector<AppRecord> AppsRepository::owner_apps(std::int64_t tenant_id, const std::string& owner_uuid) {
  std::vector<AppRecord> out;
  for (const auto& row : db_.query(sql::kOwnerApps, {tenant_id, owner_uuid})) {
    out.push_back(to_app(row));
    out.back().granted_count = row.integer(10);
  }
  return out;
}

std::int64_t AppsRepository::granted_count(std::int64_t tenant_id, const std::string& id) {
  return db_.query(sql::kGrantedCount, {tenant_id, id})[0].integer(0);
}

WriteOutcome AppsRepository::update(std::int64_t tenant_id, const std::string& owner_uuid, const AppRecord& a,
                                    const NameKeys& name) {
  try {
    const auto n = db_.execute(sql::kUpdateApp, {tenant_id, a.id, owner_uuid, a.name, name.key, a.publisher,
                                                 a.description, a.redirect_uri, join_scopes(a.scopes), a.status,
                                                 a.updated_at, name.skeleton});
    return n > 0 ? WriteOutcome::done : WriteOutcome::not_found;
  } catch (const db::ConstraintError&) {
    return refused_name(name_clash(tenant_id, name, a.id));
  }
}

bool AppsRepository::set_secret(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id,
                                const std::string& secret_hash, const std::string& now) {
  return db_.execute(sql::kSetSecret, {tenant_id, id, owner_uuid, secret_hash, now}) > 0;
}

std::optional<std::string> AppsRepository::secret_hash(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kSecretHash, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

bool AppsRepository::remove(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id) {
  return db_.execute(sql::kDeleteApp, {tenant_id, id, owner_uuid}) > 0;
}

std::optional<ConsentRecord> AppsRepository::consent(std::int64_t tenant_id, const std::string& app_id,
                                                     const std::string& user_uuid) {
  auto rows = db_.query(sql::kConsent, {tenant_id, app_id, user_uuid});
  if (rows.empty()) return std::nullopt;
  return to_consent(rows[0]);
}

void AppsRepository::decide(std::int64_t tenant_id, const std::string& app_id, const std::string& user_uuid,
                            const std::string& decision, const std::vector<std::string>& scopes,
                            const std::string& now) {
  db_.execute(sql::kUpsertConsent, {tenant_id, app_id, user_uuid, decision, join_scopes(scopes), now});
}

bool AppsRepository::revoke(std::int64_t tenant_id, const std::string& app_id, const std::string& user_uuid,
                            const std::string& now) {
  return db_.execute(sql::kRevokeConsent, {tenant_id, app_id, user_uuid, now}) > 0;
}

std::vector<std::pair<ConsentRecord, AppRecord>> AppsRepository::granted(std::int64_t tenant_id,
                                                                        const std::string& user_uuid) {
  std::vector<std::pair<ConsentRecord, AppRecord>> out;
  for (const auto& row : db_.query(sql::kGrantedApps, {tenant_id, user_uuid}))
    out.emplace_back(to_consent(row), to_app(row, 4));
  return out;
}

std::vector<UnkeyedApp> AppsRepository::apps_without_skeleton() {
  std::vector<UnkeyedApp> out;
  for (const auto& row : db_.query(sql::kAppsWithoutSkeleton, {})) out.push_back({row.integer(0), row.text(1), row.text(2)});
  return out;
}

bool AppsRepository::set_skeleton(std::int64_t tenant_id, const std::string& id, const std::string& skeleton) {
  try {
    return db_.execute(sql::kSetSkeleton, {tenant_id, id, skeleton}) > 0;
  } catch (const db::ConstraintError&) {
    return false;
  }
}

}  // namespace portal::apps
