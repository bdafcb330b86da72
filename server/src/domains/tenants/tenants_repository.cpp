#include "domains/tenants/tenants_repository.hpp"

#include <array>
#include <boost/describe/class.hpp>
#include <boost/json.hpp>  // free-form: a tenant's features, settings and backend areas, stored as given
#include <unordered_map>

#include "db/json_column.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/tenants/tenant_languages.hpp"
#include "domains/tenants/tenants_sql.hpp"

// The tenant's row: core::Tenant (core/tenant.hpp) is described in its own namespace, where db/row_struct.hpp
// finds the description and not_columns.
namespace portal::core {
BOOST_DESCRIBE_STRUCT(Tenant, (), (id, name, display_name, hosts, default_locale, languages, default_theme, colors,
                                   custom_style, features, settings, backend, version))
// sql::kSelectAll reads a tenant's columns, then the texts below; its hosts come from sql::kSelectAllHosts.
constexpr std::array<std::string_view, 5> not_columns(const Tenant*) {
  return {"hosts", "languages", "features", "settings", "backend"};
}
}  // namespace portal::core

namespace portal::tenants {

BOOST_DESCRIBE_STRUCT(TenantVersion, (), (tenant_id, version))

namespace {

// The columns sql::kSelectAll reads after a Tenant's: its JSON objects and its languages ("en,ar").
struct StoredTexts {
  std::string features;
  std::string settings;
  std::string backend;
  std::string languages;
};
BOOST_DESCRIBE_STRUCT(StoredTexts, (), (features, settings, backend, languages))

struct HostRow {
  std::string host;
  std::int64_t tenant_id = 0;
};
BOOST_DESCRIBE_STRUCT(HostRow, (), (host, tenant_id))

}  // namespace

std::vector<TenantVersion> TenantsRepository::versions() {
  return db::read_rows<TenantVersion>(db_.query(sql::kSelectVersions));
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
                       db::read_value<std::int64_t>(now).value_or(0)}};
      }
      version = db::read_value<std::int64_t>(rows).value_or(0);
      s.execute(sql::kDeleteHosts, {t.id});
      for (const std::string& host : t.hosts) s.execute(sql::kInsertHost, {host, t.id});
      if (also) also(s, version);
    });
  } catch (const Refused& r) {
    return r.error;
  } catch (const db::ConstraintError&) {  // a host of another tenant: the transaction rolled back
    return SettingsError{SettingsErrorCode::host_taken, "a host belongs to another tenant", "hosts",
                         "belongs to another tenant", 0, {}, {}};
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
    auto t = db::read_row<Tenant>(row);
    const auto texts = db::read_row<StoredTexts>(row, db::column_count<Tenant>);
    t.features = db::json_object_text(texts.features, "tenant '" + t.name + "': column features");
    t.settings = db::json_object_text(texts.settings, "tenant '" + t.name + "': column settings");
    t.backend = db::json_object_text(texts.backend, "tenant '" + t.name + "': column backend");
    t.languages = languages_from_text(texts.languages, t.default_locale);
    by_id.emplace(t.id, tenants.size());
    tenants.push_back(std::move(t));
  }
  for (auto& h : db::read_rows<HostRow>(db_.query(sql::kSelectAllHosts))) {
    if (auto it = by_id.find(h.tenant_id); it != by_id.end()) tenants[it->second].hosts.push_back(std::move(h.host));
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
    id = db::read_value<std::int64_t>(rows).value_or(0);
    s.execute(sql::kDeleteHosts, {id});
    for (const std::string& host : t.hosts) s.execute(sql::kUpsertHost, {host, id});
  });
  return id;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(TenantVersion, sql::kSelectVersions);
PORTAL_ROW_READS(HostRow, sql::kSelectAllHosts);
PORTAL_ROW_READS(Tenant, sql::kSelectAll);
PORTAL_ROW_READS(StoredTexts, sql::kSelectAll);
}  // namespace portal::tenants
