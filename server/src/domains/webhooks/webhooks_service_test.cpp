// Webhooks out (issue 78 item 1): the Standard Webhooks signature against the specification's example, the secret's
// form, the addresses a delivery may reach, the console's input rules and the retry schedule.
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "domains/webhooks/webhooks_address.hpp"
#include "domains/webhooks/webhooks_delivery.hpp"
#include "domains/webhooks/webhooks_events.hpp"
#include "domains/webhooks/webhooks_service.hpp"
#include "domains/webhooks/webhooks_signature.hpp"

namespace portal::webhooks {
namespace {

TEST(WebhookSignature, MatchesTheSpecificationsExample) {
  // The example of the Standard Webhooks reference libraries.
  EXPECT_EQ(sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330",
                 R"({"test": 2432232314})"),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
}

TEST(WebhookSignature, ARotationSignsWithBothSecretsSpaceSeparated) {
  const auto a = new_secret(), b = new_secret();
  const auto header = signature_header({a, b}, "msg_1", "1700000000", "{}");
  EXPECT_EQ(header, sign(a, "msg_1", "1700000000", "{}") + " " + sign(b, "msg_1", "1700000000", "{}"));
}

TEST(WebhookSignature, SecretsAreWhsecAndThirtyTwoBytes) {
  const auto s = new_secret();
  ASSERT_TRUE(s.starts_with("whsec_"));
  ASSERT_TRUE(secret_bytes(s));
  EXPECT_EQ(secret_bytes(s)->size(), 32u);
  EXPECT_NE(new_secret(), s);
  EXPECT_FALSE(secret_bytes("sk_live_abc"));
  EXPECT_FALSE(secret_bytes("whsec_"));
  EXPECT_FALSE(secret_bytes("whsec_!!!"));
}

TEST(WebhookAddress, RefusesEveryNonPublicAddress) {
  for (const char* refused :
       {"127.0.0.1", "127.8.9.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
        "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "192.0.2.10", "198.18.0.1", "::1", "::",
        "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254",
        "64:ff9b::a9fe:a9fe", "2001:db8::1", "not an address"})
    EXPECT_FALSE(public_address(refused)) << refused;
  for (const char* allowed : {"93.184.216.34", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111",
                              "::ffff:8.8.8.8"})
    EXPECT_TRUE(public_address(allowed)) << allowed;
}

class NoDatabase final : public db::Database {
 public:
  std::string_view dialect() const override { return "none"; }
  db::Rows query(std::string_view, const db::Params&) override { throw std::logic_error("no database"); }
  std::int64_t execute(std::string_view, const db::Params&) override { throw std::logic_error("no database"); }
  void transaction(const std::function<void(db::Session&)>&) override { throw std::logic_error("no database"); }
  bool ping() noexcept override { return false; }
};

TEST(WebhookEndpoints, TheLinkRuleHttpsOutsideDevKnownEventsAndPrivateOnlyInDev) {
  NoDatabase db;
  WebhooksRepository repository(db);
  core::SystemClock clock;
  WebhooksService prod(repository, clock, std::string(40, 'k'), false);
  WebhooksService dev(repository, clock, std::string(40, 'k'), true);
  auto in = [](std::string url, std::vector<std::string> events = {"customer.created"}, bool allow_private = false) {
    return EndpointInput{std::move(url), "", std::move(events), true, allow_private};
  };
  EXPECT_TRUE(prod.validate(in("https://crm.example/hooks")));
  for (const char* bad : {"javascript:alert(1)", "/relative", "ftp://crm.example/", "https://crm.example/a b",
                          "https://user@crm.example/", "https://crm.example/\"x"}) {
    const auto r = prod.validate(in(bad));
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().field, "url") << bad;
  }
  EXPECT_EQ(prod.validate(in("http://crm.example/hooks")).error().field, "url");
  EXPECT_TRUE(dev.validate(in("http://127.0.0.1:9000/hooks")));
  EXPECT_EQ(prod.validate(in("https://crm.example/", {})).error().field, "events");
  EXPECT_EQ(prod.validate(in("https://crm.example/", {"customer.eaten"})).error().field, "events");
  EXPECT_EQ(prod.validate(in("https://crm.example/", {"customer.created"}, true)).error().field, "allowPrivate");
  EXPECT_TRUE(dev.validate(in("https://crm.example/", {"customer.created"}, true)));
  // Deduplicated, in the list's order.
  const auto ordered = prod.validate(in("https://crm.example/", {"payment.failed", "customer.created", "payment.failed"}));
  ASSERT_TRUE(ordered);
  EXPECT_EQ(ordered->events, (std::vector<std::string>{"payment.failed", "customer.created"}));
}

TEST(WebhookDelivery, RetriesDoubleFromTheFirstDelayUpToTheLongest) {
  DeliveryPolicy p;
  p.first_retry = std::chrono::seconds(30);
  auto near = [](std::chrono::seconds got, std::int64_t want) { return got.count() >= want && got.count() <= want + want / 10; };
  EXPECT_TRUE(near(retry_delay(p, 1), 30));
  EXPECT_TRUE(near(retry_delay(p, 2), 60));
  EXPECT_TRUE(near(retry_delay(p, 5), 480));
  EXPECT_TRUE(near(retry_delay(p, 40), 8 * 3600));
  EXPECT_EQ(kEventTypes.size(), 15u);
  EXPECT_TRUE(known_event("media.job.failed"));
  EXPECT_FALSE(known_event("webhook.test"));
}

}  // namespace
}  // namespace portal::webhooks
