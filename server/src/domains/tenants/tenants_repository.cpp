#include "domains/tenants/tenants_repository.hpp"

#include <boost/json.hpp>
#include <unordered_map>

#include "db/json_column.hpp"
#include "db/timestamp.hpp"
#include "domains/tenants/tenant_languages.hpp"
#include "domains/tenants/tenants_sql.hpp"

namespace portal::tenants {

std::vector<TenantVersion> TenantsRepository::versions() {
  std::vector<TenantVersion> out;
  for (const db::Row& row : db_.query(sql::kSelectVersions)) out.push_back({row.integer(0), row.integer(1)});
  return out;
}

void raise_config_version(db::Session& session, std::int64_t tenant_id) {
  session.execute(sql::kRaiseVersion, {tenant_id, db::utc_timestamp()});
}

SettingsResult<std::int64_t> TenantsRepository::write_settings(
    const SettingsEdit& edit, const std::function<void(db::Session&, std::int64_t)>& also) {
  const Tenant& t = edit.tenant;
  struct Refused {
    SettingsError error;
  };
  std::int64_t version = 0;
  try {
    db_.transaction([&](db::Session& s) {
      auto rows = s.query(sql::kUpdateSettings,
                          {t.id, edit.version, t.display_name, t.default_locale, t.default_theme, t.colors,
                           t.custom_style, boost::json::serialize(t.features), boost::json::serialize(t.settings),
                           boost::json::serialize(t.backend), db::utc_timestamp(), languages_text(t.languages)});
      if (rows.empty()) {
        auto now = s.query(sql::kSelectVersion, {t.id});
        if (now.empty()) throw Refused{{SettingsErrorCode::tenant_not_found, "no such tenant", {}, {}, 0}};
        throw Refused{{SettingsErrorCode::version_conflict, "the settings changed meanwhile", "version", {},
                       now[0].integer(0)}};
      }
      version = rows[0].integer(0);
      s.execute(sql::kDeleteHosts, {t.id});
      for (const std::string& host : t.hosts) s.execute(sql::kInsertHost, {host, t.id});
      if (also) also(s, version);
    });
  } catch (const Refused& r) {
    return r.error;
  } catch (const db::ConstraintError&) {  // a host of another tenant: the transaction rolled back
    return SettingsError{SettingsErrorCode::host_taken, "a host belongs to another tenant", "hosts",
                         "belongs to another tenant", 0};
  }
  return version;
}

void TenantsRepository::raise_version(std::int64_t tenant_id) {
  db_.transaction([&](db::Session& s) { raise_config_version(s, tenant_id); });
}

std::vector<Tenant> TenantsRepository::load_all() {
  std::vector<Tenant> tenants;
  std::unordered_map<std::int64_t, std::size_t> by_id;
  for (const db::Row& row : db_.query(sql::kSelectAll)) {
    Tenant t;
    t.id = row.integer(0);
    t.name = row.text(1);
    t.display_name = row.text(2);
    t.default_locale = row.text(3);
    t.default_theme = row.text(4);
    t.colors = row.text(5);
    t.custom_style = row.text(6);
    t.features = db::json_object_column(row, 7, "tenant '" + t.name + "': column features");
    t.settings = db::json_object_column(row, 8, "tenant '" + t.name + "': column settings");
    t.backend = db::json_object_column(row, 9, "tenant '" + t.name + "': column backend");
    t.version = row.integer(10);
    t.languages = languages_from_text(row.text(11), t.default_locale);
    by_id.emplace(t.id, tenants.size());
    tenants.push_back(std::move(t));
  }
  for (const db::Row& row : db_.query(sql::kSelectAllHosts)) {
    if (auto it = by_id.find(row.integer(1)); it != by_id.end()) tenants[it->second].hosts.push_back(row.text(0));
  }
  return tenants;
}

std::int64_t TenantsRepository::upsert(const Tenant& t) {
  std::int64_t id = 0;
  db_.transaction([&](db::Session& s) {
    auto rows = s.query(sql::kUpsert, {t.name, t.display_name, t.default_locale, t.default_theme, t.colors,
                                       t.custom_style, boost::json::serialize(t.features),
                                       boost::json::serialize(t.settings), boost::json::serialize(t.backend),
                                       db::utc_timestamp(), languages_text(t.languages)});
    id = rows[0].integer(0);
    s.execute(sql::kDeleteHosts, {id});
    for (const std::string& host : t.hosts) s.execute(sql::kUpsertHost, {host, id});
  });
  return id;
}

}  // namespace portal::tenants
