#include "domains/tenants/tenant_currency.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace portal::tenants {
namespace {

Tenant with_settings(boost::json::object settings) {
  Tenant t;
  t.settings = std::move(settings);
  return t;
}

TEST(TenantCurrency, TheSettingAsSet) {
  const auto noor = with_settings({{"currency", "SAR"}});
  EXPECT_EQ(currency_setting(noor), "SAR");
  EXPECT_EQ(currency_of(noor), "SAR");
}

TEST(TenantCurrency, NoneSetChecksNothingAndChargesInEuro) {
  for (const auto& t : {with_settings({}), with_settings({{"currency", ""}}), with_settings({{"currency", 978}}),
                        with_settings({{"currency", nullptr}})}) {
    EXPECT_EQ(currency_setting(t), "");
    EXPECT_EQ(currency_of(t), "EUR");
  }
}

}  // namespace
}  // namespace portal::tenants
