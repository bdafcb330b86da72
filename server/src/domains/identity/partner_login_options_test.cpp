// Partner sign-in options (issue 72 item 7): the address asked, what of the partner's answer is passed on, and the
// service's keeping of answers and refusals, with a stand-in for the partner.
#include "domains/identity/partner_login_options.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <stdexcept>
#include <variant>

#include "domains/identity/partner_login_service.hpp"
#include "domains/tenants/tenant_settings.hpp"

namespace portal::identity {
namespace {
namespace json = boost::json;

tenants::Tenant partner_tenant(std::string url = "https://id.vela.example/portal/login-options?client=7") {
  tenants::Tenant t;
  t.id = 3;
  t.name = "vela";
  t.version = 1;
  t.features = {{"isPartner", true}, {"partnerLoginFlow", true}, {"autoLogin", {{"providerCookieName", ""}}}};
  t.backend = {{"partner", {{"name", "vela"}, {"loginOptionsUrl", url}}}};
  return t;
}

ServableWays all_ways() { return {true, true}; }

PartnerLoginOptions read_ok(std::string_view body, ServableWays ways = all_ways()) {
  auto read = read_partner_answer(200, "application/json; charset=utf-8", body, ways);
  if (auto* why = std::get_if<std::string>(&read)) ADD_FAILURE() << *why << " for " << body;
  return std::holds_alternative<PartnerLoginOptions>(read) ? std::get<PartnerLoginOptions>(read) : PartnerLoginOptions{};
}

std::string refused(int status, std::string_view type, std::string_view body, ServableWays ways = all_ways()) {
  auto read = read_partner_answer(status, type, body, ways);
  return std::holds_alternative<std::string>(read) ? std::get<std::string>(read) : std::string("(accepted)");
}

TEST(PartnerLoginOptions, TheAddressCarriesTheLocaleAndTheTenant) {
  EXPECT_EQ(partner_request_url("https://id.vela.example/portal/login-options?client=7", "de", "vela"),
            "https://id.vela.example/portal/login-options?client=7&lang=de&tenant=vela");
  // Set, not added twice: an address that names them already gets the request's.
  EXPECT_EQ(partner_request_url("http://127.0.0.1:9/x?lang=en&tenant=other", "ar", "vela"), "http://127.0.0.1:9/x?lang=ar&tenant=vela");
  EXPECT_EQ(partner_login_options_url(partner_tenant()), "https://id.vela.example/portal/login-options?client=7");
  tenants::Tenant none;
  EXPECT_EQ(partner_login_options_url(none), std::nullopt);
}

TEST(PartnerLoginOptions, OnlyPlainHttpAddressesAreKept) {
  for (std::string_view ok : {"https://id.vela.example/login-options", "http://127.0.0.1:8091/x?a=1", "https://[::1]:8443/o"})
    EXPECT_TRUE(tenants::valid_partner_address(ok)) << ok;
  for (std::string_view bad : {"", "ftp://id.vela.example/", "javascript:alert(1)", "/backend/dev/partner", "https://a@b.example/",
                               "https://id.vela.example/x#frag", "https://id.vela.example/a b", "https://id.vela.example/\"x",
                               "https://host:8080.evil.example/"})
    EXPECT_FALSE(tenants::valid_partner_address(bad)) << bad;
}

TEST(PartnerLoginOptions, TheAnswerIsALoginOptionsObjectInThePartnersOrder) {
  const auto options = read_ok(R"({"partner": {"label": " Mit Vela-ID anmelden "}, "email": true, "operator": false,
                                  "extra": {"kept": "no"}})");
  ASSERT_EQ(options.options.size(), 2u);
  EXPECT_EQ(options.options[0].id, "partner");
  EXPECT_EQ(options.options[0].label, std::optional<std::string>("Mit Vela-ID anmelden"));
  EXPECT_EQ(options.options[1].id, "email");
  EXPECT_EQ(options.options[1].label, std::nullopt);
  // A label in any script, up to 60 characters.
  const auto arabic = read_ok(R"({"operator": {"label": "الدخول برقم الهاتف"}})");
  EXPECT_EQ(arabic.options.at(0).label, std::optional<std::string>("الدخول برقم الهاتف"));
  EXPECT_EQ(read_ok(R"({"email": {}})").options.at(0).label, std::nullopt);
}

TEST(PartnerLoginOptions, WaysTheTenantCannotServeAreLeftOut) {
  ServableWays email_only{false, false};
  const auto options = read_ok(R"({"operator": true, "partner": true, "email": true})", email_only);
  ASSERT_EQ(options.options.size(), 1u);
  EXPECT_EQ(options.options[0].id, "email");
  EXPECT_NE(refused(200, "application/json", R"({"operator": true})", email_only).find("cannot serve (operator)"), std::string::npos);
  const auto ways = servable_ways(partner_tenant());
  EXPECT_FALSE(ways.operator_network);  // no provider cookie: no mobile network sign-in
  EXPECT_TRUE(ways.partner);
}

TEST(PartnerLoginOptions, AnAnswerOutsideTheContractIsRefusedWithItsReason) {
  EXPECT_EQ(refused(503, "application/json", "{}"), "the partner answered HTTP 503");
  EXPECT_EQ(refused(302, "text/html", ""), "the partner answered HTTP 302");  // a redirect is not followed
  EXPECT_EQ(refused(200, "text/html", "<html>"), "the partner answered text/html, not application/json");
  EXPECT_EQ(refused(200, "", "{}"), "the partner answered no Content-Type, not application/json");
  EXPECT_EQ(refused(200, "application/json", "[true]"), "the partner's answer is not a JSON object");
  EXPECT_EQ(refused(200, "application/json", "{\"email\": tru"), "the partner's answer is not a JSON object");
  EXPECT_EQ(refused(200, "application/json", std::string(kMaxPartnerAnswerBytes + 1, ' ')), "the partner's answer is larger than 16 KB");
  EXPECT_EQ(refused(200, "application/json", "{}"), "the partner offers no sign-in way");
  EXPECT_EQ(refused(200, "application/json", R"({"email": false, "sms": true})"), "the partner offers no sign-in way");
  EXPECT_EQ(refused(200, "application/json", R"({"email": "yes"})"), "email must be true, false or {\"label\": …}");
  EXPECT_EQ(refused(200, "application/json", R"({"email": {"label": 7}})"), "email.label must be a string");
  EXPECT_EQ(refused(200, "application/json", R"({"email": {"label": "  "}})"), "email.label is empty");
  EXPECT_EQ(refused(200, "application/json", R"({"email": {"label": "a\nb"}})"), "email.label holds a control character");
  EXPECT_EQ(refused(200, "application/json", "{\"email\": {\"label\": \"\xE2\x80\xAEnigol\"}}"), "email.label holds a control character");
  EXPECT_EQ(refused(200, "application/json", R"({"email": {"label": ")" + std::string(61, 'x') + R"("}})"),
            "email.label is longer than 60 characters");
  // A key given twice counts once, as its last value (Boost.JSON keeps the last).
  EXPECT_EQ(read_ok(R"({"email": false, "email": true})").options.size(), 1u);
}

TEST(PartnerLoginService, AsksOncePerLanguageAndKeepsARefusalBriefly) {
  std::vector<std::string> asked;
  int status = 200;
  bool reachable = true;
  PartnerLoginService service([&](const std::string& url) {
    asked.push_back(url);
    if (!reachable) throw std::runtime_error("the partner could not be reached: connection refused");
    return PartnerAnswer{status, "application/json", R"({"partner": {"label": "Vela-ID"}, "email": true})"};
  });
  const auto tenant = partner_tenant();
  auto de = service.options(tenant, "de");
  ASSERT_TRUE(de);
  EXPECT_EQ(de->options.size(), 2u);
  ASSERT_TRUE(service.options(tenant, "de"));
  EXPECT_EQ(asked.size(), 1u);  // kept
  ASSERT_TRUE(service.options(tenant, "en"));
  EXPECT_EQ(asked.size(), 2u);  // each language its own
  EXPECT_EQ(asked.back(), "https://id.vela.example/portal/login-options?client=7&lang=en&tenant=vela");
  // A new configuration version asks again; a partner that fails is refused with the reason, and not asked again at once.
  auto changed = tenant;
  changed.version = 2;
  reachable = false;
  auto down = service.options(changed, "de");
  ASSERT_FALSE(down);
  EXPECT_EQ(down.error().code, ErrorCode::partner_unavailable);
  EXPECT_NE(down.error().message.find("connection refused"), std::string::npos);
  ASSERT_FALSE(service.options(changed, "de"));
  EXPECT_EQ(asked.size(), 3u);
  // No address: nothing is asked.
  tenants::Tenant plain = partner_tenant();
  plain.backend = json::object{};
  auto none = service.options(plain, "de");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::partner_not_set);
  auto hand_written = partner_tenant("javascript:alert(1)");
  hand_written.id = 9;
  auto bad = service.options(hand_written, "de");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::partner_unavailable);
  EXPECT_EQ(asked.size(), 3u);
}

}  // namespace
}  // namespace portal::identity
