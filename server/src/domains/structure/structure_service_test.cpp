#include "domains/structure/structure_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <map>

#include "db/timestamp.hpp"
#include "domains/structure/structure_answers.hpp"
#include "domains/structure/structure_rules.hpp"

namespace portal::structure {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

// The error of a failed result as the route answers it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

const char* kHomeTree = R"({
  "id": "home", "name": "home",
  "data": {"title": {"en": "Home", "ar": "الرئيسية", "de": "Start"}},
  "substructure": [
    {"id": "r1", "name": "rail-music", "data": {"title": {"en": "Music", "fr": "Musique"},
      "customProperties": {"type": "rail"}},
     "substructure": [
       {"id": 11, "name": "kids", "data": {"title": "Lullabies", "customProperties": {"rating": 0}}},
       {"id": 12, "name": "teen", "data": {"title": "Teen hits", "customProperties": {"rating": "20"}}},
       {"id": 13, "name": "adult", "data": {"title": "After dark", "customProperties": {"rating": 40}}},
       {"id": 14, "name": "soon", "data": {"title": "Coming soon", "customProperties": {"preLive": true}}}
     ]},
    {"id": "r2", "name": "rail-apps", "data": {"title": "Apps"},
     "substructure": [
       {"id": 21, "name": "desktop-only", "data": {"customProperties": {"platforms": ["desktop"]}}},
       {"id": 22, "name": "android-only", "data": {"customProperties": {"os": ["android"]}}},
       {"id": 23, "name": "anywhere", "data": {}}
     ]},
    {"id": "r3", "name": "rail-last", "data": {"title": "Last"}}
  ]})";

tenants::Tenant tenant(std::string lang = "en") {
  tenants::Tenant t;
  t.id = 5;
  t.name = "aurora";
  t.display_name = "Aurora Play";
  t.default_locale = std::move(lang);
  t.default_theme = "light";
  t.colors = ":root{}";
  t.features = {{"V2Modals", true}};
  t.settings = {{"links", json::object{{"homeUrl", "/"}}}, {"priceFormat", json::object{{"decimals", 2}}}};
  return t;
}

StructureQuery query_of(std::map<std::string, std::string> params, const tenants::Tenant& t = tenant()) {
  auto q = parse_structure_query(
      [&](std::string_view k) -> std::optional<std::string> {
        auto it = params.find(std::string(k));
        return it == params.end() ? std::nullopt : std::optional(it->second);
      },
      t, tenant_max_rating(t));
  EXPECT_TRUE(q.has_value()) << (q ? "" : q.error().message);
  return q ? *q : StructureQuery{};
}

std::vector<std::string> names(const json::value& node) {
  std::vector<std::string> out;
  for (const auto& child : node.at("substructure").as_array()) out.emplace_back(child.at("name").as_string());
  return out;
}

json::value shaped(std::map<std::string, std::string> params) {
  auto q = query_of(std::move(params));
  return shape_tree(json::parse(kHomeTree), q, "en");
}

TEST(StructureQuery, AQueryAboveTheRequestsLimitIsLoweredToIt) {
  const auto t = tenant();
  auto get = [](std::string_view k) -> std::optional<std::string> {
    return k == "maxRating" ? std::optional<std::string>("1000") : std::nullopt;
  };
  auto q = parse_structure_query(get, t, 20);  // a child profile limited to 12+
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->max_rating, 20);
  auto none = parse_structure_query([](std::string_view) { return std::optional<std::string>{}; }, t, 20);
  EXPECT_EQ(none->max_rating, 20);
  // The cache keys on the lowered window: a child never shares an adult's entry.
  auto adult = parse_structure_query([](std::string_view) { return std::optional<std::string>{}; }, t, 60);
  EXPECT_NE(none->normalized(), adult->normalized());
}

TEST(StructureQuery, DefaultsFollowTheSpecAndTheTenant) {
  auto t = tenant("ar");
  t.features["maxRating"] = 30;
  auto q = query_of({}, t);
  EXPECT_EQ(q.lang, "ar");
  EXPECT_FALSE(q.omit_cache);
  EXPECT_TRUE(q.pre_live);
  EXPECT_EQ(q.min_rating, 0);
  EXPECT_EQ(q.max_rating, 30);
  EXPECT_EQ(q.force_timeout_ms, 0);
  EXPECT_EQ(q.last_id, "");
  EXPECT_FALSE(q.is_desktop);
  EXPECT_EQ(query_of({}).max_rating, 60);
  EXPECT_EQ(query_of({{"lastId", "0"}}).last_id, "");
  EXPECT_EQ(query_of({{"os", "Android"}}).os, "android");
}

TEST(StructureQuery, MalformedValuesNameTheParameter) {
  for (auto [key, value] : std::vector<std::pair<std::string, std::string>>{{"minRating", "abc"},
                                                                            {"maxRating", "-1"},
                                                                            {"lang", "xx"},
                                                                            {"preLive", "yes"},
                                                                            {"omitCache", ""},
                                                                            {"isDesktop", "2"},
                                                                            {"forceTimeout", "1e3"},
                                                                            {"os", "win dows"}}) {
    auto q = parse_structure_query(
        [&, key = key, value = value](std::string_view k) { return k == key ? std::optional(value) : std::nullopt; },
        tenant(), 60);
    ASSERT_FALSE(q.has_value()) << key;
    EXPECT_EQ(wire(q).status, 400);
    EXPECT_EQ(wire(q).data.at("field"), key.c_str());
  }
  auto q = parse_structure_query(
      [](std::string_view k) -> std::optional<std::string> {
        if (k == "minRating") return "40";
        if (k == "maxRating") return "10";
        return std::nullopt;
      },
      tenant(), 60);
  ASSERT_FALSE(q.has_value());
  EXPECT_EQ(wire(q).data.at("field"), "minRating");
}

TEST(StructureRules, LocalisesWithTenantThenEnglishFallback) {
  json::value v = json::parse(R"({"en": "Home", "ar": "الرئيسية", "de": "Start"})");
  EXPECT_EQ(localized(v, "ar", "en"), "الرئيسية");
  EXPECT_EQ(localized(v, "fr", "de"), "Start");
  EXPECT_EQ(localized(v, "fr", "es"), "Home");
  EXPECT_EQ(localized(json::parse(R"({"ro": "Acasă"})"), "fr", "es"), "Acasă");
  EXPECT_EQ(localized("plain", "ar", "en"), "plain");
  EXPECT_EQ(localized(nullptr, "ar", "en"), "");

  auto out = shape_tree(json::parse(kHomeTree), query_of({{"lang", "fr"}}), "en");
  EXPECT_EQ(out.at("data").at("title"), "Home");
  EXPECT_EQ(out.at("substructure").at(0).at("data").at("title"), "Musique");
  // Every node leaves in full ConfigNode shape.
  const auto& anywhere = out.at("substructure").at(1).at("substructure").at(2);
  EXPECT_EQ(anywhere.at("data").at("title"), "");
  EXPECT_EQ(anywhere.at("data").at("clickUrl"), "");
  EXPECT_TRUE(anywhere.at("data").at("customProperties").is_object());
  EXPECT_TRUE(anywhere.at("substructure").as_array().empty());
  EXPECT_EQ(anywhere.at("id"), 23);
}

TEST(StructureRules, FiltersByRatingAndPreLive) {
  auto music = [](const json::value& root) { return names(root.at("substructure").at(0)); };
  EXPECT_EQ(music(shaped({})), (std::vector<std::string>{"kids", "teen", "adult", "soon"}));
  EXPECT_EQ(music(shaped({{"maxRating", "20"}})), (std::vector<std::string>{"kids", "teen", "soon"}));
  EXPECT_EQ(music(shaped({{"minRating", "10"}})), (std::vector<std::string>{"teen", "adult", "soon"}));
  EXPECT_EQ(music(shaped({{"preLive", "false"}})), (std::vector<std::string>{"kids", "teen", "adult"}));
}

TEST(StructureRules, FiltersByPlatformAndOs) {
  auto apps = [](const json::value& root) { return names(root.at("substructure").at(1)); };
  EXPECT_EQ(apps(shaped({})).size(), 3u);
  EXPECT_EQ(apps(shaped({{"isDesktop", "false"}})), (std::vector<std::string>{"android-only", "anywhere"}));
  EXPECT_EQ(apps(shaped({{"isDesktop", "true"}, {"os", "ios"}})),
            (std::vector<std::string>{"desktop-only", "anywhere"}));
  EXPECT_EQ(apps(shaped({{"os", "ANDROID"}})).size(), 3u);
}

TEST(StructureRules, FiltersByTheStorefrontsLanguage) {
  auto root = json::parse(R"({"name": "home", "substructure": [
    {"name": "everywhere", "data": {}},
    {"name": "arabic", "data": {"customProperties": {"languages": ["ar"]}}},
    {"name": "european", "data": {"customProperties": {"languages": ["fr", "de"]}}}]})");
  StructureQuery q;
  q.lang = "ar";
  EXPECT_EQ(names(shape_tree(root, q, "en")), (std::vector<std::string>{"everywhere", "arabic"}));
  q.lang = "de";
  EXPECT_EQ(names(shape_tree(root, q, "en")), (std::vector<std::string>{"everywhere", "european"}));
}

TEST(StructureRules, NextScheduleChangeIsTheEarliestTimeAheadAnywhereInTheTree) {
  auto root = json::parse(R"({"name": "home", "substructure": [
    {"name": "a", "data": {"customProperties": {"schedule": {"from": "2026-12-01T08:00:00Z", "until": "2026-12-24T00:00:00Z"}}}},
    {"name": "b", "data": {}, "substructure": [
      {"name": "slide", "data": {"customProperties": {"schedule": {"until": "2026-12-05T10:00:00Z"}}}}]}]})");
  EXPECT_EQ(next_schedule_change(root, "2026-11-30T00:00:00Z"), "2026-12-01T08:00:00Z");
  EXPECT_EQ(next_schedule_change(root, "2026-12-01T08:00:00Z"), "2026-12-05T10:00:00Z");
  EXPECT_EQ(next_schedule_change(root, "2026-12-10T00:00:00Z"), "2026-12-24T00:00:00Z");
  EXPECT_EQ(next_schedule_change(root, "2026-12-24T00:00:00Z"), std::nullopt);
}

TEST(StructureRules, LastIdKeepsWhatComesAfterTheCursor) {
  json::value root = json::parse(kHomeTree);
  EXPECT_TRUE(apply_last_id(root, "r1"));
  EXPECT_EQ(names(root), (std::vector<std::string>{"rail-apps", "rail-last"}));

  root = json::parse(kHomeTree);
  EXPECT_TRUE(apply_last_id(root, "12"));  // numeric ids compare as text
  EXPECT_EQ(names(root.at("substructure").at(0)), (std::vector<std::string>{"adult", "soon"}));
  EXPECT_EQ(names(root).size(), 3u);

  root = json::parse(kHomeTree);
  EXPECT_FALSE(apply_last_id(root, "gone"));
  EXPECT_TRUE(names(root).empty());
}

TEST(StructureRules, FindsFragmentsByIdOrName) {
  json::value root = json::parse(kHomeTree);
  ASSERT_TRUE(find_node(root, "r2"));
  EXPECT_EQ(find_node(root, "r2")->at("name"), "rail-apps");
  EXPECT_EQ(find_node(root, "13")->at("name"), "adult");
  EXPECT_EQ(find_node(root, "rail-last")->at("id"), "r3");
  EXPECT_FALSE(find_node(root, "nope"));
}

TEST(StructureRules, ConfigurationsCarryTheTenantSettings) {
  auto t = tenant("ar");
  t.default_theme = "dark";
  t.custom_style = "/media/styles/x.css";
  auto node = configurations_node(t);
  const auto& p = node.at("data").at("customProperties");
  EXPECT_EQ(node.at("name"), "configurations");
  EXPECT_EQ(p.at("customStyle"), "/media/styles/x.css");
  EXPECT_EQ(p.at("colors"), ":root{}");
  EXPECT_EQ(p.at("alternatTheme"), false);
  EXPECT_EQ(p.at("defaultTheme"), "dark");
  EXPECT_EQ(p.at("defaultLocale"), "ar");
  EXPECT_EQ(p.at("links").at("homeUrl"), "/");
  EXPECT_EQ(p.at("features").at("V2Modals"), true);
  EXPECT_EQ(p.at("priceFormat").at("decimals"), 2);
  EXPECT_EQ(p.at("maxRating"), 60);
}

TEST(StructureRules, ConfigurationsCarryThePublicOriginOnlyWhenConfigured) {
  auto t = tenant("en");
  EXPECT_FALSE(configurations_node(t).at("data").at("customProperties").as_object().contains("publicOrigin"));
  t.backend["publicOrigin"] = "https://play.aurora.example";
  EXPECT_EQ(configurations_node(t).at("data").at("customProperties").at("publicOrigin"), "https://play.aurora.example");
}

TEST(StructureRules, LocalizesTranslationMapsInSettings) {
  json::value v = json::parse(R"({"meta": {"en": "Hi", "ar": "مرحبا"}, "list": [{"en": "A", "de": "B"}],
                                  "colors": {"en": 1}, "plain": {"primary": "#fff"}})");
  localize_values(v, "de", "en");
  EXPECT_EQ(v.at("meta"), "Hi");
  EXPECT_EQ(v.at("list").at(0), "B");
  EXPECT_TRUE(v.at("colors").is_object());  // not text: not a translation map
  EXPECT_EQ(v.at("plain").at("primary"), "#fff");
}

TEST(StructureRules, EtagIsStableQuotedAndContentBound) {
  EXPECT_EQ(strong_etag("abc"), strong_etag("abc"));
  EXPECT_NE(strong_etag("abc"), strong_etag("abd"));
  EXPECT_EQ(strong_etag("abc").front(), '"');
  EXPECT_EQ(strong_etag("abc").back(), '"');
}

class StructureServiceTest : public ::testing::Test {
 protected:
  StructureServiceTest()
      : service_(
            [this](std::int64_t tenant_id, std::string_view name) -> std::optional<std::string> {
              ++loads_;
              clock_.advance(load_delay_);
              if (tenant_id != 5 || name != "home") return std::nullopt;
              return tree_;
            },
            clock_) {}

  core::ManualClock clock_;
  std::string tree_ = kHomeTree;
  std::chrono::milliseconds load_delay_{0};
  int loads_ = 0;
  StructureService service_;
};

TEST_F(StructureServiceTest, CachesStructuresFor120Seconds) {
  auto t = tenant();
  auto first = service_.get(t, "home", "", query_of({}));
  ASSERT_TRUE(first);
  EXPECT_EQ(first->max_age, 120s);
  clock_.advance(100s);
  auto hit = service_.cached(t, "home", "", query_of({}));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->entry, first->entry);
  EXPECT_EQ(hit->max_age, 20s);
  EXPECT_EQ(loads_, 1);

  tree_ = R"({"name": "home", "data": {"title": "Changed"}})";
  clock_.advance(21s);
  EXPECT_FALSE(service_.cached(t, "home", "", query_of({})));
  auto fresh = service_.get(t, "home", "", query_of({}));
  EXPECT_EQ(loads_, 2);
  EXPECT_EQ(fresh->entry->node.at("data").at("title"), "Changed");
  EXPECT_NE(fresh->entry->etag, first->entry->etag);
}

TEST_F(StructureServiceTest, AKeptAnswerEndsWhereANodesScheduleChangesIt) {
  auto t = tenant();
  const std::string from = db::utc_timestamp(clock_.now() + 30s);
  tree_ = R"({"name": "home", "substructure": [{"name": "always", "data": {}},
    {"name": "later", "data": {"customProperties": {"schedule": {"from": ")" + from + R"("}}}}]})";
  auto before = service_.get(t, "home", "", query_of({}));
  ASSERT_TRUE(before);
  EXPECT_EQ(names(before->entry->node), (std::vector<std::string>{"always"}));
  EXPECT_LE(before->max_age, 30s);  // not 120 s: the node's time comes first
  clock_.advance(31s);
  EXPECT_FALSE(service_.cached(t, "home", "", query_of({})));
  auto after = service_.get(t, "home", "", query_of({}));
  EXPECT_EQ(names(after->entry->node), (std::vector<std::string>{"always", "later"}));
  EXPECT_EQ(after->max_age, 120s);  // nothing changes any more
}

TEST_F(StructureServiceTest, KeysOnTheParametersThatChangeTheAnswer) {
  auto t = tenant();
  service_.get(t, "home", "", query_of({}));
  service_.get(t, "home", "", query_of({{"lang", "en"}, {"deviceId", "abc"}, {"forceTimeout", "0"}}));
  EXPECT_EQ(loads_, 1);
  service_.get(t, "home", "", query_of({{"lang", "ar"}}));
  service_.get(t, "home", "", query_of({{"maxRating", "20"}}));
  EXPECT_EQ(loads_, 3);
  auto other = tenant();
  other.name = "noor";
  service_.get(other, "home", "", query_of({}));
  EXPECT_EQ(loads_, 4);
}

TEST_F(StructureServiceTest, OmitCacheBypassesAndRefreshes) {
  auto t = tenant();
  service_.get(t, "home", "", query_of({}));
  EXPECT_FALSE(service_.cached(t, "home", "", query_of({{"omitCache", "true"}})));
  tree_ = R"({"name": "home", "data": {"title": "Fresh"}})";
  auto bypass = service_.get(t, "home", "", query_of({{"omitCache", "true"}}));
  EXPECT_EQ(loads_, 2);
  EXPECT_EQ(bypass->entry->node.at("data").at("title"), "Fresh");
  EXPECT_EQ(service_.cached(t, "home", "", query_of({}))->entry->node.at("data").at("title"), "Fresh");
}

TEST_F(StructureServiceTest, ConfigurationsLiveAnHourWithoutTheLoader) {
  auto t = tenant();
  auto conf = service_.get(t, "configurations", "", query_of({}));
  ASSERT_TRUE(conf);
  EXPECT_EQ(loads_, 0);
  EXPECT_EQ(conf->max_age, 3600s);
  clock_.advance(3599s);
  EXPECT_TRUE(service_.cached(t, "configurations", "", query_of({})));
  clock_.advance(1s);
  EXPECT_FALSE(service_.cached(t, "configurations", "", query_of({})));
}

TEST_F(StructureServiceTest, UnknownStructuresAndFragmentsAre404) {
  auto t = tenant();
  auto missing = service_.get(t, "nope", "", query_of({}));
  ASSERT_FALSE(missing);
  EXPECT_EQ(wire(missing).status, 404);
  EXPECT_EQ(wire(missing).code, "STRUCTURE_NOT_FOUND");
  auto fragment = service_.get(t, "home", "nope", query_of({}));
  ASSERT_FALSE(fragment);
  EXPECT_EQ(wire(fragment).code, "STRUCTURE_NOT_FOUND");
  // A filtered-out node is as absent as a missing one.
  EXPECT_FALSE(service_.get(t, "home", "13", query_of({{"maxRating", "20"}})));
}

TEST_F(StructureServiceTest, FragmentsAreShapedAndPaged) {
  auto t = tenant();
  auto rail = service_.get(t, "home", "r1", query_of({{"lang", "fr"}, {"lastId", "11"}, {"preLive", "false"}}));
  ASSERT_TRUE(rail);
  EXPECT_EQ(rail->entry->node.at("data").at("title"), "Musique");
  EXPECT_EQ(names(rail->entry->node), (std::vector<std::string>{"teen", "adult"}));
}

TEST_F(StructureServiceTest, ForceTimeoutAnswers504WhenBuildingTookLonger) {
  auto t = tenant();
  load_delay_ = 300ms;
  auto slow = service_.get(t, "home", "", query_of({{"forceTimeout", "100"}}));
  ASSERT_FALSE(slow);
  EXPECT_EQ(wire(slow).status, 504);
  // The work was kept: the next call is answered from the cache in time.
  auto again = service_.get(t, "home", "", query_of({{"forceTimeout", "100"}}));
  EXPECT_TRUE(again);
  EXPECT_EQ(loads_, 1);
  EXPECT_TRUE(service_.get(t, "home", "", query_of({{"forceTimeout", "500"}, {"omitCache", "true"}})));
}

TEST_F(StructureServiceTest, InvalidateDropsOneTenant) {
  auto a = tenant();
  auto b = tenant();
  b.name = "aurora2";  // a prefix of neither key must not be touched
  service_.get(a, "home", "", query_of({}));
  service_.get(b, "home", "", query_of({}));
  service_.invalidate("aurora");
  EXPECT_FALSE(service_.cached(a, "home", "", query_of({})));
  EXPECT_TRUE(service_.cached(b, "home", "", query_of({})));
}

TEST(StructureCache, EvictsWhenFull) {
  core::ManualClock clock;
  StructureCache cache(clock, 3);
  cache.put("a", json::value("a"), 10s);
  cache.put("b", json::value("b"), 30s);
  cache.put("c", json::value("c"), 20s);
  cache.put("d", json::value("d"), 40s);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_FALSE(cache.get("a"));  // nearest expiry went first
  clock.advance(25s);
  cache.put("e", json::value("e"), 10s);  // expired c makes room
  EXPECT_TRUE(cache.get("b"));
  EXPECT_TRUE(cache.get("d"));
  EXPECT_TRUE(cache.get("e"));
}

}  // namespace
}  // namespace portal::structure
