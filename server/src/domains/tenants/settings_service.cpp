#include "domains/tenants/settings_service.hpp"

#include "domains/tenants/tenants_repository.hpp"

namespace portal::tenants {

SettingsResult<Tenant> SettingsService::current(std::int64_t tenant_id) {
  for (Tenant& t : repository_.load_all())
    if (t.id == tenant_id) return std::move(t);
  return SettingsError{SettingsErrorCode::tenant_not_found, "no such tenant", {}, {}, 0};
}

SettingsResult<SettingsChange> SettingsService::update(std::int64_t tenant_id, const boost::json::value& document,
                                                       const Record& record) {
  auto before = current(tenant_id);
  if (!before) return before.error();
  auto edit = read_settings_edit(document, *before);
  if (!edit) return edit.error();
  SettingsChange change{std::move(*before), edit->tenant};
  auto version = repository_.write_settings(*edit, [&](db::Session& s, std::int64_t v) {
    change.after.version = v;
    if (record) record(s, change);
  });
  if (!version) return version.error();
  if (changed_) changed_();
  return change;
}

}  // namespace portal::tenants
