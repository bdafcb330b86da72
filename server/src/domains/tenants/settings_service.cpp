#include "domains/tenants/settings_service.hpp"

#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenant_currency.hpp"
#include "domains/tenants/tenants_repository.hpp"

#include <algorithm>

namespace portal::tenants {

SettingsResult<Tenant> SettingsService::current(std::int64_t tenant_id) {
  for (Tenant& t : repository_.load_all())
    if (t.id == tenant_id) return std::move(t);
  return SettingsError{SettingsErrorCode::tenant_not_found, "no such tenant", {}, {}, 0, {}, {}};
}

SettingsResult<SettingsChange> SettingsService::update(std::int64_t tenant_id, const boost::json::value& document,
                                                       const Record& record) {
  auto before = current(tenant_id);
  if (!before) return before.error();
  auto edit = read_settings_edit(document, *before);
  if (!edit) return edit.error();
  // One currency per tenant: what is priced keeps its currency, so the currency moves only when
  // nothing is priced in the old one (or the operator reprices it first).
  const std::string from = currency_of(*before), to = currency_of(edit->tenant);
  if (from != to) {
    if (to.size() != 3 || !std::all_of(to.begin(), to.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
      return SettingsError::invalid("settings.currency", "must be an ISO 4217 code such as EUR");
    if (priced_in_) {
      auto priced = priced_in_(tenant_id, from);
      if (!priced.plans.empty() || !priced.articles.empty()) {
        SettingsError e;
        e.code = SettingsErrorCode::currency_in_use;
        e.message = "settings.currency: " + std::to_string(priced.plans.size()) + " plan(s) and " +
                    std::to_string(priced.articles.size()) + " article(s) are priced in " + from +
                    "; reprice them first";
        e.field = "settings.currency";
        e.reason = from;
        e.plans = std::move(priced.plans);
        e.articles = std::move(priced.articles);
        return e;
      }
    }
  }
  // The header's and footer's structures: one the tenant has (the storefront would show no links otherwise).
  if (structure_exists_)
    for (std::string_view area : {"header", "footer"}) {
      const std::string name = chrome_structure(edit->tenant, area);
      if (name != area && !structure_exists_(tenant_id, name))
        return SettingsError::invalid("settings." + std::string(area) + ".structure", "names no structure of this tenant: " + name);
    }
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
