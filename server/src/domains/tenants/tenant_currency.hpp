#pragma once
// A tenant's currency (docs/decisions.md "One currency per tenant"): the global setting settings.currency, read here
// once for every domain. Pure functions, no I/O.
#include <string>
#include <string_view>

#include "domains/tenants/tenants_types.hpp"

namespace portal::tenants {

// What a tenant sells in when its settings name no currency.
inline constexpr std::string_view kDefaultCurrency = "EUR";

// settings.currency as the operator set it: "" when it is absent, not a text or empty. The catalog's import and file
// and the console's plans check prices against it and check nothing when it is "".
std::string currency_setting(const Tenant& tenant);

// The currency a tenant charges in: settings.currency, else kDefaultCurrency (purchases, vouchers, the cart, staff
// care, a change of the setting).
std::string currency_of(const Tenant& tenant);

}  // namespace portal::tenants
