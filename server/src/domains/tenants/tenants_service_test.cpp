#include "domains/tenants/tenants_service.hpp"

#include <gtest/gtest.h>

#include <boost/json/array.hpp>

#include <stdexcept>

namespace portal::tenants {
namespace {

Tenant make(std::int64_t id, std::string name, std::vector<std::string> hosts) {
  Tenant t;
  t.id = id;
  t.name = std::move(name);
  t.display_name = t.name;
  t.hosts = std::move(hosts);
  return t;
}

TEST(TenantRegistry, ResolvesByNameAndCaseInsensitiveHost) {
  TenantRegistry registry([] {
    return std::vector<Tenant>{make(1, "aurora", {"localhost", "aurora.localhost"}), make(2, "noor", {"Noor.Localhost"})};
  });
  ASSERT_TRUE(registry.by_name("noor"));
  EXPECT_EQ(registry.by_name("noor")->id, 2);
  EXPECT_FALSE(registry.by_name("NOOR"));  // names are exact: they are API identifiers
  EXPECT_EQ(registry.by_host("NOOR.localhost")->name, "noor");
  EXPECT_EQ(registry.by_host("noor.localhost.")->name, "noor");
  EXPECT_FALSE(registry.by_host("unknown.example"));
  EXPECT_EQ(registry.by_host_or_default("unknown.example")->name, "aurora");
  EXPECT_EQ(registry.all().size(), 2u);
}

TEST(TenantRegistry, DefaultIsConfiguredOrLocalhostOrFirst) {
  auto load = [] { return std::vector<Tenant>{make(1, "a", {"a.test"}), make(2, "b", {"localhost"})}; };
  EXPECT_EQ(TenantRegistry(load).default_tenant()->name, "b");
  EXPECT_EQ(TenantRegistry(load, "a").default_tenant()->name, "a");
  EXPECT_THROW(TenantRegistry(load, "zzz"), std::runtime_error);
  TenantRegistry first([] { return std::vector<Tenant>{make(7, "x", {}), make(8, "y", {})}; });
  EXPECT_EQ(first.default_tenant()->name, "x");
  TenantRegistry empty([] { return std::vector<Tenant>{}; });
  EXPECT_FALSE(empty.default_tenant());
}

TEST(TenantRegistry, RefreshReloadsOnlyWhenAVersionMoved) {
  std::vector<TenantVersion> versions{{1, 1}, {2, 1}};
  std::string title = "Old";
  int loads = 0;
  TenantRegistry registry(
      [&] {
        ++loads;
        Tenant a = make(1, "aurora", {"localhost"});
        a.display_name = title;
        a.version = versions[0].version;
        Tenant n = make(2, "noor", {"noor.localhost"});
        n.version = versions[1].version;
        std::vector<Tenant> out{a, n};
        if (versions.size() > 2) {
          out.push_back(make(3, "vela", {"vela.localhost"}));
          out.back().version = versions[2].version;
        }
        return out;
      },
      {}, [&] { return versions; });
  EXPECT_EQ(loads, 1);
  EXPECT_TRUE(registry.refresh().empty());  // nothing moved: one cheap read, no reload
  EXPECT_EQ(loads, 1);

  title = "New";  // an operator's edit through another instance
  versions[0].version = 2;
  EXPECT_EQ(registry.refresh(), std::vector<std::int64_t>{1});
  EXPECT_EQ(registry.by_name("aurora")->display_name, "New");
  EXPECT_EQ(registry.by_name("aurora")->version, 2);
  EXPECT_EQ(loads, 2);

  versions.push_back({3, 1});  // a tenant created by `portal tenant create`
  EXPECT_EQ(registry.refresh(), std::vector<std::int64_t>{3});
  EXPECT_TRUE(registry.by_name("vela"));
  EXPECT_TRUE(registry.refresh().empty());
}

TEST(TenantRegistry, ReloadSwapsSnapshotAndKeepsOldOnFailure) {
  int calls = 0;
  TenantRegistry registry([&] {
    ++calls;
    if (calls == 3) throw std::runtime_error("database down");
    Tenant t = make(1, "aurora", {"localhost"});
    t.display_name = calls == 1 ? "Old" : "New";
    return std::vector<Tenant>{t};
  });
  auto held = registry.by_name("aurora");  // a request in flight
  registry.reload();
  EXPECT_EQ(held->display_name, "Old");
  EXPECT_EQ(registry.by_name("aurora")->display_name, "New");
  EXPECT_THROW(registry.reload(), std::runtime_error);
  EXPECT_EQ(registry.by_name("aurora")->display_name, "New");
}

// Issue 72 item 3: a mail's links start at the tenant's public origin: its backend.publicOrigin, else the portal's public
// URL on the tenant's own host; never its first allowed origin (the dunning mail linked to localhost:8080 whatever the
// portal's address), and nothing when neither is configured.
TEST(PublicOrigin, ThePublicOriginElseThePortalsUrlOnTheTenantsHost) {
  Tenant t = make(1, "noor", {"noor.localhost", "127.0.0.1"});
  t.backend["allowedOrigins"] = boost::json::array{"http://noor.localhost:8080"};
  EXPECT_EQ(public_origin(t, "", false), "") << "no guess from the allowed origins";
  EXPECT_EQ(public_origin(t, "http://localhost:18082", false), "http://noor.localhost:18082");
  EXPECT_EQ(public_origin(t, "https://play.example", true), "https://play.example");
  t.backend["publicOrigin"] = "https://noor.example/";
  EXPECT_EQ(public_origin(t, "http://localhost:18082", false), "https://noor.example");
  EXPECT_EQ(origin_host("http://noor.localhost:8080"), "noor.localhost");
}

TEST(TenantRegistry, EachTenantsPublicOriginFromThePortalsUrl) {
  TenantRegistry registry([] {
    Tenant vela = make(3, "vela", {"vela.localhost"});
    vela.backend["publicOrigin"] = "https://vela.example";
    return std::vector<Tenant>{make(1, "aurora", {"localhost", "aurora.localhost"}), make(2, "noor", {"noor.localhost"}),
                               vela};
  });
  EXPECT_EQ(registry.by_name("aurora")->public_origin, "");
  EXPECT_EQ(registry.by_name("vela")->public_origin, "https://vela.example");
  registry.set_public_url("http://localhost:18082");
  EXPECT_EQ(registry.by_name("aurora")->public_origin, "http://localhost:18082");  // localhost is aurora's
  EXPECT_EQ(registry.by_name("noor")->public_origin, "http://noor.localhost:18082");
  EXPECT_EQ(registry.by_name("vela")->public_origin, "https://vela.example");
  // An address no tenant names reaches the default tenant (aurora holds localhost), as it is.
  registry.set_public_url("https://shop.example");
  EXPECT_EQ(registry.by_name("aurora")->public_origin, "https://shop.example");
  EXPECT_EQ(registry.by_name("noor")->public_origin, "https://noor.localhost");
  registry.reload();  // kept across reloads
  EXPECT_EQ(registry.by_name("noor")->public_origin, "https://noor.localhost");
}

TEST(NormalizeHost, LowersAndDropsTrailingDot) {
  EXPECT_EQ(normalize_host("Aurora.LocalHost."), "aurora.localhost");
  EXPECT_EQ(normalize_host(""), "");
}

TEST(OriginBelongsTo, TenantHostsWhereTheServerWasReachedAndListedOrigins) {
  Tenant t;
  t.hosts = {"noor.localhost", "127.0.0.1"};
  t.backend = {{"allowedOrigins", boost::json::array{"https://partner.example/"}}};
  const Reached direct{false, 8080, false};  // http on port 8080
  EXPECT_TRUE(origin_belongs_to(t, "http://noor.localhost:8080", direct));
  EXPECT_TRUE(origin_belongs_to(t, "http://NOOR.localhost:8080", direct));
  EXPECT_TRUE(origin_belongs_to(t, "http://127.0.0.1:8080", direct));
  EXPECT_TRUE(origin_belongs_to(t, "https://partner.example", direct));
  // Another port of a tenant host is anyone's (issue: localhost:1 was accepted).
  EXPECT_FALSE(origin_belongs_to(t, "http://noor.localhost:1", direct));
  EXPECT_FALSE(origin_belongs_to(t, "http://noor.localhost", direct));
  EXPECT_FALSE(origin_belongs_to(t, "https://noor.localhost:8080", direct));
  EXPECT_FALSE(origin_belongs_to(t, "http://partner.example", direct));
  EXPECT_FALSE(origin_belongs_to(t, "https://partner.example:8443", direct));
  EXPECT_FALSE(origin_belongs_to(t, "https://evil.example", direct));
  EXPECT_FALSE(origin_belongs_to(t, "https://noor.localhost.evil.example", direct));
  EXPECT_FALSE(origin_belongs_to(t, "http://noor.localhost:8080.evil.example", direct));
  EXPECT_FALSE(origin_belongs_to(t, "http://noor.localhost:99999", direct));
  EXPECT_FALSE(origin_belongs_to(t, "http://x@noor.localhost", direct));
  EXPECT_FALSE(origin_belongs_to(t, "javascript:alert(1)", direct));
  EXPECT_FALSE(origin_belongs_to(t, "not a url", direct));
  EXPECT_EQ(allowed_origins(t), std::vector<std::string>{"https://partner.example"});
  // Through a trusted proxy that spoke TLS: the hosts on https's default port too.
  const Reached proxied{true, 8080, true};
  EXPECT_TRUE(origin_belongs_to(t, "https://noor.localhost", proxied));
  EXPECT_TRUE(origin_belongs_to(t, "https://noor.localhost:443", proxied));
  EXPECT_FALSE(origin_belongs_to(t, "http://noor.localhost", proxied));
  EXPECT_FALSE(origin_belongs_to(t, "https://noor.localhost:8443", proxied));
}

TEST(TenantOrigins, ConfiguredOriginsThenHostsExactly) {
  Tenant t;
  t.hosts = {"aurora.example", "localhost"};
  t.backend = {{"publicOrigin", "https://play.aurora.example/"},
               {"allowedOrigins", boost::json::array{"http://localhost:5173", "HTTP://localhost:80/", "bad origin"}}};
  EXPECT_EQ(tenant_origins(t, Reached{false, 9000, false}),
            (std::vector<std::string>{"https://play.aurora.example", "http://localhost:5173", "http://localhost",
                                      "http://aurora.example:9000", "http://localhost:9000"}));
  EXPECT_EQ(tenant_origins(t, Reached{false, 0, false}),
            (std::vector<std::string>{"https://play.aurora.example", "http://localhost:5173", "http://localhost"}));
  EXPECT_EQ(browser_origin("https://x.example:443/"), "https://x.example");
  EXPECT_EQ(browser_origin("http://x.example:443"), "http://x.example:443");
  EXPECT_FALSE(browser_origin("http://x.example/path"));
  EXPECT_FALSE(browser_origin("http://x.example/?q"));
}

TEST(IconUrl, TheIconElseTheLogo) {
  Tenant t;
  EXPECT_EQ(icon_url(t), "");
  t.settings = {{"images", {{"logo", "/media/art/t-logo.svg"}}}};
  EXPECT_EQ(icon_url(t), "/media/art/t-logo.svg");
  t.settings = {{"images", {{"logo", "/media/art/t-logo.svg"}, {"icon", "/media/art/t-icon.png"}}}};
  EXPECT_EQ(icon_url(t), "/media/art/t-icon.png");
}

}  // namespace
}  // namespace portal::tenants
