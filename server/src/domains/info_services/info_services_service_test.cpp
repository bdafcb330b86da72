// Info services: the demo document validates (and a broken one names its
// field), a text service turns over one entry a day, results are the same
// for every language and differ between days, and subscriptions against a
// migrated SQLite database: idempotent, per user and tenant, unknown ids 404.
#include "domains/info_services/info_services_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "db/migrations.hpp"
#include "db/test_database.hpp"
#include "domains/info_services/info_services_repository.hpp"
#include "domains/info_services/info_services_seed.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/info_services/info_services_answers.hpp"

namespace portal::info_services {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;
namespace json = boost::json;

json::array demo_services() {
  std::ifstream in(fs::path(PORTAL_SOURCE_DIR) / ".." / "data" / "info-services" / "demo.json");
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str()).as_object().at("services").as_array();
}

TEST(InfoServiceDocuments, TheDemoValidatesAndABrokenOneNamesItsField) {
  const auto services = demo_services();
  ASSERT_EQ(services.size(), 3u);
  for (std::size_t i = 0; i < services.size(); ++i) {
    auto s = validate_service(services[i].as_object(), static_cast<std::int64_t>(i));
    ASSERT_TRUE(s) << s.error().message;
  }
  auto broken = services[0].as_object();
  broken["title"].as_object().erase("ro");
  auto no_ro = validate_service(broken, 0);
  ASSERT_FALSE(no_ro);
  EXPECT_EQ(wire(no_ro).data.at("field").as_string(), "services[0].title.ro");
  broken = services[1].as_object();
  broken["teams"] = json::array{"Only"};
  EXPECT_EQ(wire(validate_service(broken, 1)).data.at("field").as_string(), "services[1].teams");
  broken = services[2].as_object();
  broken["name"] = "Not A Slug";
  EXPECT_EQ(wire(validate_service(broken, 2)).data.at("field").as_string(), "services[2].name");
  broken["name"] = "quote";
  broken["kind"] = "weather";
  EXPECT_EQ(wire(validate_service(broken, 2)).data.at("field").as_string(), "services[2].kind");
}

TEST(InfoServiceLines, EntriesTurnOverDailyResultsAreTheDays) {
  const auto services = demo_services();
  const auto quote = *validate_service(services[2].as_object(), 2);
  const auto football = *validate_service(services[1].as_object(), 1);
  const auto entries = services[2].as_object().at("entries").as_object().at("de").as_array();
  for (std::int64_t day = 20000; day < 20014; ++day) {
    auto lines = lines_of(quote, "de", day);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0], entries[static_cast<std::size_t>(day % static_cast<std::int64_t>(entries.size()))].as_string());
  }
  EXPECT_NE(lines_of(quote, "de", 20000), lines_of(quote, "de", 20001));
  EXPECT_EQ(lines_of(quote, "xx", 20000), lines_of(quote, "en", 20000));  // unknown language: English

  const auto today = lines_of(football, "en", 20000);
  ASSERT_EQ(today.size(), 4u);  // eight teams, four matches
  EXPECT_EQ(lines_of(football, "ar", 20000), today);
  bool differs = false;
  for (std::int64_t day = 20001; day < 20008; ++day) differs = differs || lines_of(football, "en", day) != today;
  EXPECT_TRUE(differs);
}

class InfoServicesServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-info-services");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bob", 1}, {"u-cy", 2}});
    const auto file = fs::path(PORTAL_SOURCE_DIR) / ".." / "data" / "info-services" / "demo.json";
    const auto all = tenants::TenantsRepository(*db_).load_all();
    EXPECT_EQ(seed_info_services(*db_, file, all), 6);
    EXPECT_EQ(seed_info_services(*db_, file, all), 6);
    repository_ = std::make_unique<InfoServicesRepository>(*db_);
    service_ = std::make_unique<InfoServicesService>(*repository_, clock_);
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  fs::path dir_;
  core::ManualClock clock_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<InfoServicesRepository> repository_;
  std::unique_ptr<InfoServicesService> service_;
};

TEST_F(InfoServicesServiceTest, SubscribeIsIdempotentAndPerUserAndTenant) {
  auto daily = service_->daily(1, std::nullopt, "fr");
  ASSERT_EQ(daily.size(), 3u);  // seeded twice, stored once
  EXPECT_EQ(daily[0].title, "Horoscope du jour");
  EXPECT_EQ(daily[0].date, "2023-11-14");

  ASSERT_TRUE(service_->subscribe(1, "u-ann", 3, true));
  ASSERT_TRUE(service_->subscribe(1, "u-ann", 3, true));
  EXPECT_EQ(service_->subscriptions(1, "u-ann", "en").size(), 1u);
  EXPECT_EQ(service_->daily_abo(1, "u-ann", "en").at(0).name, "quote-of-the-day");
  EXPECT_TRUE(service_->daily(1, std::string("u-ann"), "en").at(2).subscribed);
  EXPECT_TRUE(service_->subscriptions(1, "u-bob", "en").empty());
  EXPECT_TRUE(service_->subscriptions(2, "u-cy", "en").empty());

  auto missing = service_->subscribe(1, "u-ann", 99, true);
  ASSERT_FALSE(missing);
  EXPECT_EQ(wire(missing).code, "INFO_SERVICE_NOT_FOUND");
  ASSERT_TRUE(service_->subscribe(1, "u-ann", 3, false));
  ASSERT_TRUE(service_->subscribe(1, "u-ann", 3, false));
  EXPECT_TRUE(service_->daily_abo(1, "u-ann", "en").empty());
}

}  // namespace
}  // namespace portal::info_services
