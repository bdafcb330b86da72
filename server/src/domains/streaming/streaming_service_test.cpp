// Streaming against a migrated SQLite database, the API tests' catalog file
// and the real purchases decision: previews for those who may not play in
// full, the signed URL and a ticket for an owner, the wrong kind and unknown
// articles refused, the ticket limits, and a usage report counted once.
#include "domains/streaming/streaming_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "core/json_file.hpp"
#include "db/test_database.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/streaming/streaming_answers.hpp"

namespace portal::streaming {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
core::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;
namespace json = boost::json;

class NoSms final : public identity::Mailer {
 public:
  void send(std::int64_t, const identity::Mail&) override {}
};

class StreamingServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-streaming");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bob", 1}});
    catalog_repository_ = std::make_unique<catalog::CatalogRepository>(*db_);
    catalog_ = std::make_unique<catalog::CatalogService>(*catalog_repository_, clock_);
    auto file = core::read_json_file(fs::path(PORTAL_SOURCE_DIR) / "tests/api/catalog/fixtures/catalog.json");
    ASSERT_TRUE(file);
    ASSERT_TRUE(catalog_->import(1, *file));
    tenant_ = std::make_shared<tenants::Tenant>();
    tenant_->id = 1;
    tenant_->name = "t1";
    tenant_->settings = json::object{{"currency", "EUR"}};

    wallet_ = std::make_unique<wallet::WalletRepository>(*db_);
    credits_ = std::make_unique<subscriptions::CreditsRepository>(*db_);
    purchases_repository_ = std::make_unique<purchases::PurchasesRepository>(*db_, *wallet_, *credits_);
    payments_repository_ = std::make_unique<payments::PaymentsRepository>(*db_);
    payments_ = std::make_unique<payments::PaymentsService>(*payments_repository_, clock_, "secret");
    i18n_ = std::make_unique<i18n::I18nService>(fs::path(PORTAL_SOURCE_DIR) / "../web/src/locales");
    purchases_ = std::make_unique<purchases::PurchasesService>(purchases::PurchasesService::Deps{
        *purchases_repository_, *credits_, *payments_, sms_, *i18n_, clock_,
        [this](std::int64_t tenant_id, std::int64_t id, catalog::RatingRange rating) {
          return catalog_->article_record(tenant_id, id, rating);
        },
        [](std::int64_t, const std::string&) { return std::vector<purchases::OfferedPlan>{}; },
        [](std::int64_t, const std::string&) { return std::vector<purchases::PayOption>{}; },
        [](std::int64_t, const std::string&) -> std::optional<std::string> { return std::nullopt; },
        [this](std::int64_t id) -> std::shared_ptr<const tenants::Tenant> { return id == 1 ? tenant_ : nullptr; },
        false, nullptr});
    repository_ = std::make_unique<StreamingRepository>(*db_);
    service_ = std::make_unique<StreamingService>(*purchases_, *catalog_, *repository_, nullptr, clock_,
                                                  TicketLimits{3, 2, std::chrono::seconds{300}});
  }
  void TearDown() override {
    service_.reset();
    purchases_.reset();
    catalog_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  purchases::Caller caller(std::string user) const {
    purchases::Caller c;
    c.tenant = tenant_;
    c.user_uuid = std::move(user);
    return c;
  }
  void own(const std::string& user, std::int64_t article_id) {
    db_->transaction([&](db::Session& s) {
      wallet_->add(s, 1, user, {{article_id, "full_track_music", std::nullopt}}, wallet::Source::purchase, "test", "x");
    });
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::shared_ptr<tenants::Tenant> tenant_;
  std::unique_ptr<catalog::CatalogRepository> catalog_repository_;
  std::unique_ptr<catalog::CatalogService> catalog_;
  std::unique_ptr<wallet::WalletRepository> wallet_;
  std::unique_ptr<subscriptions::CreditsRepository> credits_;
  std::unique_ptr<purchases::PurchasesRepository> purchases_repository_;
  std::unique_ptr<payments::PaymentsRepository> payments_repository_;
  std::unique_ptr<payments::PaymentsService> payments_;
  std::unique_ptr<i18n::I18nService> i18n_;
  NoSms sms_;
  std::unique_ptr<purchases::PurchasesService> purchases_;
  std::unique_ptr<StreamingRepository> repository_;
  std::unique_ptr<StreamingService> service_;
};

TEST_F(StreamingServiceTest, WhoMayNotPlayInFullGetsThePreviewAndNoTicket) {
  const catalog::RatingRange rating;
  auto guest = service_->play(caller(""), MediaKind::audio, 2101, false, rating);
  ASSERT_TRUE(guest) << guest.error().message;
  EXPECT_TRUE(guest->preview);
  EXPECT_NE(guest->url.find("2101-preview"), std::string::npos) << guest->url;
  EXPECT_FALSE(guest->ticket);
  EXPECT_TRUE(guest->purchase.empty()) << "no offers for guests";

  auto user = service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating);
  ASSERT_TRUE(user);
  EXPECT_TRUE(user->preview);
  EXPECT_FALSE(user->ticket);
}

TEST_F(StreamingServiceTest, TheWrongKindAndUnknownArticlesAreRefused) {
  const catalog::RatingRange rating;
  auto video = service_->play(caller("u-ann"), MediaKind::video, 2101, false, rating);
  ASSERT_FALSE(video);
  EXPECT_EQ(wire(video).status, 400);
  EXPECT_EQ(wire(video).code, "NOT_VIDEO");
  auto unknown = service_->play(caller("u-ann"), MediaKind::audio, 9999, false, rating);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(wire(unknown).status, 404);
  EXPECT_EQ(wire(unknown).code, "ARTICLE_NOT_FOUND") << "the purchases domain passes the catalog's refusal on";
}

TEST_F(StreamingServiceTest, AnOwnerPlaysInFullWithATicketWithinTheLimits) {
  own("u-ann", 2101);
  const catalog::RatingRange rating;
  auto first = service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_FALSE(first->preview);
  ASSERT_TRUE(first->ticket);
  ASSERT_TRUE(first->expires);
  EXPECT_GT(*first->expires, 0);

  clock_.advance(std::chrono::seconds(60));  // a report counts at most what the ticket was open, plus an allowance
  ReportInput report{*first->ticket, "listened", "2023-11-14T22:14:20Z", 30, 215, false, false};
  auto counted = service_->report(caller("u-ann"), report);
  ASSERT_TRUE(counted) << counted.error().message;
  EXPECT_TRUE(counted->counted);
  EXPECT_EQ(counted->counted_ms, 30000);
  auto retried = service_->report(caller("u-ann"), report);
  ASSERT_TRUE(retried);
  EXPECT_FALSE(retried->counted) << "a retry of the same report counts once";
  auto stranger = service_->report(caller("u-bob"), report);
  ASSERT_FALSE(stranger);
  EXPECT_EQ(wire(stranger).code, "TICKET_NOT_FOUND") << "another user's ticket";

  ASSERT_TRUE(service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating));
  auto third = service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating);
  ASSERT_FALSE(third);
  EXPECT_EQ(wire(third).status, 429);
  EXPECT_EQ(wire(third).code, "TOO_MANY_REQUESTS");
  EXPECT_TRUE(wire(third).data.as_object().contains("retryAfter"));
}

TEST_F(StreamingServiceTest, ErrorsAreDomainCodesWithoutStatus) {
  const catalog::RatingRange rating;
  auto video = service_->play(caller("u-ann"), MediaKind::video, 2101, false, rating);
  ASSERT_FALSE(video);
  EXPECT_EQ(video.error().code, ErrorCode::not_video);
  EXPECT_EQ(video.error().field, "id");
  auto unknown = service_->play(caller("u-ann"), MediaKind::audio, 9999, false, rating);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::purchase);
  EXPECT_EQ(unknown.error().purchase.code, purchases::ErrorCode::article) << "the catalog's refusal, passed on twice";
  auto page = service_->list(caller("u-ann"), 0, 0);
  ASSERT_FALSE(page);
  EXPECT_EQ(page.error().code, ErrorCode::invalid_field);
  EXPECT_EQ(page.error().field, "limit");
  ReportInput report{"no-such-ticket", "listened", "2023-11-14T22:14:20Z", 30, 215, false, false};
  EXPECT_EQ(service_->report(caller("u-ann"), report).error().code, ErrorCode::ticket_not_found);

  own("u-ann", 2101);
  ASSERT_TRUE(service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating));
  ASSERT_TRUE(service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating));
  auto third = service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating);
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error().code, ErrorCode::too_many_plays);
  EXPECT_GT(third.error().retry_after, 0);
  EXPECT_EQ(wire(third).data.at("limit"), third.error().limit);
  EXPECT_EQ(wire(third).data.at("windowSeconds"), third.error().window_seconds);
}

TEST(StreamingAnswers, TicketErrorsCarryTheirNumbers) {
  auto expired = Error::of(ErrorCode::ticket_expired, "expired");
  expired.ticket_id = "t1";
  expired.expired_at = "2026-11-23T09:00:00Z";
  const auto gone = http_error(expired);
  EXPECT_EQ(gone.status, 410);
  EXPECT_EQ(gone.code, "TICKET_EXPIRED");
  EXPECT_EQ(gone.data, (boost::json::value{{"ticketId", "t1"}, {"expiredAt", "2026-11-23T09:00:00Z"}}));
  auto over = Error::refused(ErrorCode::usage_exceeds_length, "over", "usageDuration", "passes the media length");
  over.media_ms = 215000;
  over.claimed_ms = 200000;
  over.counted_ms = 60500;
  const auto exceeds = http_error(over);
  EXPECT_EQ(exceeds.status, 422);
  EXPECT_EQ(exceeds.code, "USAGE_EXCEEDS_LENGTH");
  EXPECT_EQ(exceeds.data, (boost::json::value{{"field", "usageDuration"},
                                              {"reason", "passes the media length"},
                                              {"mediaSeconds", 215.0},
                                              {"claimedSeconds", 200.0},
                                              {"listenedSeconds", 60.5}}));
  EXPECT_EQ(http_error(Error::of(ErrorCode::ticket_not_found, "m")).status, 404);
}

}  // namespace
}  // namespace portal::streaming
