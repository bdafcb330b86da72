#include "domains/apps/apps_repository.hpp"

#include <array>
#include <boost/describe/class.hpp>
#include <sstream>

#include "db/row_reads.hpp"
#include "domains/apps/apps_sql.hpp"

namespace portal::apps {

// An app's and a consent's scopes are stored as one text, separated by spaces.
static void read_column(const db::Row& r, std::size_t i, std::vector<std::string>& out, const AppRecord*) {
  out = split_scopes(r.text(i));
}
static void read_column(const db::Row& r, std::size_t i, std::vector<std::string>& out, const ConsentRecord*) {
  out = split_scopes(r.text(i));
}

BOOST_DESCRIBE_STRUCT(AppRecord, (), (id, owner_uuid, name, publisher, description, redirect_uri, scopes, status,
                                      created_at, updated_at, granted_count))
// granted_count: only the owner's list reads it, after the app's columns.
constexpr std::array<std::string_view, 1> not_columns(const AppRecord*) { return {"granted_count"}; }
static_assert(db::columns_match<AppRecord>(PORTAL_APP_COLUMNS));
BOOST_DESCRIBE_STRUCT(ConsentRecord, (), (app_id, decision, scopes, decided_at))
static_assert(db::columns_match<ConsentRecord>(PORTAL_CONSENT_COLUMNS));
BOOST_DESCRIBE_STRUCT(UnkeyedApp, (), (tenant_id, id, name))

namespace {

// The count sql::kOwnerApps reads after an app's columns (AppRecord::granted_count).
struct GrantedCount {
  std::int64_t granted_count = 0;
};
BOOST_DESCRIBE_STRUCT(GrantedCount, (), (granted_count))

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
  return db::read_first<AppRecord>(db_.query(sql::kApp, {tenant_id, id}));
}

WriteOutcome AppsRepository::name_clash(std::int64_t tenant_id, const NameKeys& name, const std::string& except_id) {
  auto outcome = WriteOutcome::done;
  const auto rows = db_.query(sql::kNameClash, {tenant_id, name.key, name.skeleton, except_id});
  for (auto same_name : db::read_values<std::int64_t>(rows)) {
    if (same_name == 1) return WriteOutcome::name_taken;
    outcome = WriteOutcome::name_confusable;
  }
  return outcome;
}

std::vector<AppRecord> AppsRepository::owner_apps(std::int64_t tenant_id, const std::string& owner_uuid) {
  std::vector<AppRecord> out;
  for (const auto& row : db_.query(sql::kOwnerApps, {tenant_id, owner_uuid})) {
    auto& a = out.emplace_back(db::read_row<AppRecord>(row));
    a.granted_count = db::read_row<GrantedCount>(row, db::column_count<AppRecord>).granted_count;
  }
  return out;
}

std::int64_t AppsRepository::granted_count(std::int64_t tenant_id, const std::string& id) {
  return db::read_value<std::int64_t>(db_.query(sql::kGrantedCount, {tenant_id, id})).value_or(0);
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
  return db::read_value<std::string>(db_.query(sql::kSecretHash, {tenant_id, id}));
}

bool AppsRepository::remove(std::int64_t tenant_id, const std::string& owner_uuid, const std::string& id) {
  return db_.execute(sql::kDeleteApp, {tenant_id, id, owner_uuid}) > 0;
}

std::optional<ConsentRecord> AppsRepository::consent(std::int64_t tenant_id, const std::string& app_id,
                                                     const std::string& user_uuid) {
  return db::read_first<ConsentRecord>(db_.query(sql::kConsent, {tenant_id, app_id, user_uuid}));
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
    out.emplace_back(db::read_row<ConsentRecord>(row), db::read_row<AppRecord>(row, db::column_count<ConsentRecord>));
  return out;
}

std::vector<UnkeyedApp> AppsRepository::apps_without_skeleton() {
  return db::read_rows<UnkeyedApp>(db_.query(sql::kAppsWithoutSkeleton, {}));
}

bool AppsRepository::set_skeleton(std::int64_t tenant_id, const std::string& id, const std::string& skeleton) {
  try {
    return db_.execute(sql::kSetSkeleton, {tenant_id, id, skeleton}) > 0;
  } catch (const db::ConstraintError&) {
    return false;
  }
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(AppRecord, sql::kApp);
PORTAL_ROW_READS(ConsentRecord, sql::kConsent);
PORTAL_ROW_READS(UnkeyedApp, sql::kAppsWithoutSkeleton);
PORTAL_ROW_READS(AppRecord, sql::kOwnerApps);
PORTAL_ROW_READS(GrantedCount, sql::kOwnerApps);
PORTAL_ROW_READS(ConsentRecord, sql::kGrantedApps);
PORTAL_ROW_READS(AppRecord, sql::kGrantedApps);
}  // namespace portal::apps
