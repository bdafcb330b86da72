#include "domains/tenants/tenant_currency.hpp"

namespace portal::tenants {

std::string currency_setting(const Tenant& tenant) {
  const auto* c = tenant.settings.if_contains("currency");
  return c && c->is_string() ? std::string(c->as_string()) : std::string();
}

std::string currency_of(const Tenant& tenant) {
  auto set = currency_setting(tenant);
  return set.empty() ? std::string(kDefaultCurrency) : set;
}

}  // namespace portal::tenants
