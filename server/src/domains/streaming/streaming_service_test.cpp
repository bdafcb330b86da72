// Streaming against a migrated SQLite database, the API tests' catalog file
// and the real purchases decision: previews for those who may not play in
// full, the signed URL and a ticket for an owner, the wrong kind and unknown
// articles refused, the ticket limits, a usage report counted once, reports
// past the media length or the ticket's life refused, and the play history
// (positions, the rating limit, pages, forgetting).
#include "domains/streaming/streaming_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "core/json_file.hpp"
#include "db/test_database.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/streaming/streaming_answers.hpp"
#include "domains/streaming/streaming_rules.hpp"

namespace portal::streaming {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
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
          ++decisions_;  // the decision reads the article first
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
  int decisions_ = 0;  // entitlement decisions made (article lookups of the purchases domain)
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

TEST_F(StreamingServiceTest, APlayDecidesTheEntitlementOnce) {
  const catalog::RatingRange rating;
  ASSERT_TRUE(service_->play(caller("u-ann"), MediaKind::audio, 2101, true, rating));
  EXPECT_EQ(decisions_, 1) << "a preview";
  own("u-ann", 2101);
  decisions_ = 0;
  ASSERT_TRUE(service_->play(caller("u-ann"), MediaKind::audio, 2101, true, rating));
  EXPECT_EQ(decisions_, 1) << "a full play";
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

TEST_F(StreamingServiceTest, AReportPastTheLengthOrAfterTheTicketIsRefusedWithItsNumbers) {
  own("u-ann", 2101);  // 215 seconds long
  const catalog::RatingRange rating;
  auto play = service_->play(caller("u-ann"), MediaKind::audio, 2101, false, rating);
  ASSERT_TRUE(play) << play.error().message;
  ASSERT_TRUE(play->ticket);
  const std::string ticket = *play->ticket;

  clock_.advance(std::chrono::seconds(250));
  auto most = service_->report(caller("u-ann"), {ticket, "listened", "2023-11-14T22:14:20Z", 200, 215, false, false});
  ASSERT_TRUE(most) << most.error().message;
  EXPECT_TRUE(most->counted);
  auto past = service_->report(caller("u-ann"), {ticket, "listened", "2023-11-14T22:18:00Z", 30, 215, false, false});
  ASSERT_FALSE(past);
  EXPECT_EQ(past.error().code, ErrorCode::usage_exceeds_length);
  EXPECT_EQ(past.error().media_ms, 215000);
  EXPECT_EQ(past.error().claimed_ms, 200000) << "what the ticket claimed before the refused report";
  EXPECT_EQ(wire(past).status, 422);
  EXPECT_EQ(wire(past).code, "USAGE_EXCEEDS_LENGTH");
  EXPECT_EQ(wire(past).data.at("field"), "usageDuration");

  clock_.advance(kMinTicketLifetime);  // a ticket of a short track lives six hours
  auto late = service_->report(caller("u-ann"), {ticket, "listened", "2023-11-15T05:00:00Z", 1, 215, false, false});
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, ErrorCode::ticket_expired);
  EXPECT_EQ(late.error().ticket_id, ticket);
  EXPECT_FALSE(late.error().expired_at.empty());
  EXPECT_EQ(wire(late).status, 410);
  EXPECT_EQ(wire(late).data.at("ticketId").as_string(), ticket);

  auto malformed = service_->report(caller("u-ann"), {ticket, "paused", "2023-11-15T05:00:00Z", 1, 215, false, false});
  ASSERT_FALSE(malformed);
  EXPECT_EQ(malformed.error().field, "type");
  EXPECT_EQ(wire(malformed).code, "VALIDATION_ERROR");
}

TEST_F(StreamingServiceTest, HistoryKeepsOnePositionPerArticleAndRefusesWhatIsNotPlayable) {
  const auto ann = caller("u-ann");
  EXPECT_FALSE(service_->history(ann, 2101, 1000)) << "a first play is not an error";

  auto not_playable = service_->put_position(ann, 2101, "playlist", 10);
  ASSERT_FALSE(not_playable);
  EXPECT_EQ(not_playable.error().field, "contentType");
  auto other_type = service_->put_position(ann, 2101, "video", 10);
  ASSERT_FALSE(other_type);
  EXPECT_EQ(other_type.error().field, "contentType") << "not the article's content type";
  auto unknown = service_->put_position(ann, 9999, "full_track_music", 10);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::article) << "the catalog's refusal, passed on";
  EXPECT_EQ(wire(unknown).status, 404);
  auto past_end = service_->put_position(ann, 2101, "full_track_music", 215 + 11);
  ASSERT_FALSE(past_end);
  EXPECT_EQ(past_end.error().field, "userCurrentPlaying");
  EXPECT_EQ(service_->record(ann, "STOP", 2101, "full_track_music").error().field, "type");

  auto saved = service_->put_position(ann, 2101, "full_track_music", 42.5);
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_EQ(saved->position_ms, 42500);
  ASSERT_TRUE(service_->history(ann, 2101, 1000));
  EXPECT_EQ(service_->history(ann, 2101, 1000)->position_ms, 42500);
  EXPECT_FALSE(service_->history(caller("u-bob"), 2101, 1000)) << "another user's history";
  ASSERT_TRUE(service_->put_position(ann, 2301, "full_track_music", 5));
  EXPECT_FALSE(service_->history(ann, 2301, 0)) << "above the caller's rating limit";

  auto all = service_->list(ann, 10, 0);
  ASSERT_TRUE(all);
  EXPECT_EQ(all->total, 2);
  EXPECT_EQ(all->items.size(), 2u);
  auto limited = service_->list(ann, 10, 0, 0);
  ASSERT_TRUE(limited);
  ASSERT_EQ(limited->items.size(), 1u) << "the article rated 10 is left out";
  EXPECT_EQ(limited->items[0].entry.article_id, 2101);
  EXPECT_EQ(service_->list(ann, 10, -1).error().field, "offset");
  EXPECT_EQ(wire(service_->list(ann, 101, 0)).code, "VALIDATION_ERROR");

  EXPECT_TRUE(service_->remove(ann, 2101));
  EXPECT_FALSE(service_->remove(ann, 2101)) << "nothing left to forget";
  EXPECT_FALSE(service_->history(ann, 2101, 1000));
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
