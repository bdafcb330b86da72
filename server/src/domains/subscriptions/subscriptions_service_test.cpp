// SubscriptionsService on a migrated SQLite database with a manual clock: the
// scheduler's renewals (charged, failed -> grace -> inactive, contingents
// reset or accumulated), the end of a trial, a cancel that lasts until the end
// date, and a pending payment that settles. The API tests reach the same flows
// through HTTP; these pin them without a server and without waiting.
#include "domains/subscriptions/subscriptions_service.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/utc_time.hpp"
#include "db/migrations.hpp"
#include "domains/payments/payment_provider.hpp"
#include "domains/subscriptions/plans_document.hpp"

namespace portal::subscriptions {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using namespace std::chrono_literals;

json::value read_plans(const std::string& tenant) {
  std::ifstream in(fs::path(PORTAL_SOURCE_DIR).parent_path() / "data" / "subscriptions" / (tenant + ".json"));
  std::stringstream s;
  s << in.rdbuf();
  return json::parse(s.str());
}

constexpr std::string_view kGoodCard = "4242424242424242";
constexpr std::string_view kPendingCard = "4000000000000077";
constexpr std::string_view kRenewalFailsCard = "4000000000000341";
constexpr std::string_view kBack = "http://localhost:8080/back";

class SubscriptionsServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-subscriptions-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 'aurora', 'Aurora', 'x', 'x')");
    db_->execute("INSERT INTO users (uuid, tenant_id, user_id, email, name, last_name, created_at, updated_at) "
                 "VALUES ('u1', 1, 'u1', 'ada@example.com', 'Ada', 'L', 'x', 'x')");
    auto tenant = std::make_shared<tenants::Tenant>();
    tenant->id = 1;
    tenant->name = "aurora";
    tenant->display_name = "Aurora";
    tenant->hosts = {"localhost"};
    tenant->default_locale = "en";
    tenant_ = tenant;

    repository_ = std::make_unique<SubscriptionsRepository>(*db_);
    payments_repository_ = std::make_unique<payments::PaymentsRepository>(*db_);
    payments_ = std::make_unique<payments::PaymentsService>(*payments_repository_, clock_, "secret");
    payments_->add_provider(std::make_unique<payments::SandboxCardProvider>());
    payments_->add_provider(std::make_unique<payments::SandboxOperatorProvider>());
    users_ = std::make_unique<identity::UsersRepository>(*db_);
    outbox_ = std::make_unique<identity::OutboxRepository>(*db_);
    sms_ = std::make_unique<identity::OutboxMailer>(*outbox_, clock_);
    i18n_ = std::make_unique<i18n::I18nService>(fs::path(PORTAL_SOURCE_DIR).parent_path() / "web" / "src" / "locales");
    service_ = std::make_unique<SubscriptionsService>(SubscriptionsService::Deps{
        *repository_, *payments_, *users_, *sms_, *i18n_, clock_,
        [this](std::int64_t id) { return id == 1 ? tenant_ : nullptr; }, false});
    auto plans = parse_plans(read_plans("aurora"));
    ASSERT_TRUE(plans);
    EXPECT_GT(service_->import_plans(1, *plans).types, 0u);
  }
  void TearDown() override {
    service_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  Caller caller() const {
    Caller c;
    c.tenant = tenant_;
    c.user_uuid = "u1";
    c.backend_base = "http://localhost:8080/backend";
    c.request_origin = "http://localhost:8080";
    c.return_origins = {"http://localhost:8080"};
    return c;
  }

  // Subscribes to `type_id` and pays on the hosted checkout with `card`; the URL it returns to.
  std::string subscribe_with_card(std::int64_t type_id, std::string_view card) {
    SubscribeInput in;
    in.type_id = type_id;
    in.redirect = std::string(kBack);
    auto started = service_->checkout().subscribe(caller(), in);
    EXPECT_TRUE(started) << (started ? "" : started.error().message);
    const auto* opened = started ? std::get_if<CheckoutOpened>(&*started) : nullptr;
    EXPECT_TRUE(opened) << "a paid plan opens a checkout";
    if (!opened) return {};
    std::string uuid;
    for (const auto& o : opened->offer.options)
      if (o.flow == "WEB") uuid = o.uuid;
    auto url = service_->checkout().submit(uuid, std::string(card), false, "en");
    EXPECT_TRUE(url) << (url ? "" : url.error().message);
    return url ? *url : std::string();
  }

  UserSubscription only(std::int64_t type_id) {
    for (const auto& s : repository_->for_user(1, "u1"))
      if (s.type_id == type_id) return s;
    ADD_FAILURE() << "no subscription of type " << type_id;
    return {};
  }

  // Spends some of the first contingent (what consuming content does).
  void spend_to(const UserSubscription& sub, std::int64_t left) {
    UserSubscription after = sub;
    after.contingents.at(0).amount = left;
    ASSERT_TRUE(repository_->save(after, sub.version, core::utc_text(clock_.now())));
  }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  core::ManualClock clock_;
  std::shared_ptr<const tenants::Tenant> tenant_;
  std::unique_ptr<SubscriptionsRepository> repository_;
  std::unique_ptr<payments::PaymentsRepository> payments_repository_;
  std::unique_ptr<payments::PaymentsService> payments_;
  std::unique_ptr<identity::UsersRepository> users_;
  std::unique_ptr<identity::OutboxRepository> outbox_;
  std::unique_ptr<identity::OutboxMailer> sms_;
  std::unique_ptr<i18n::I18nService> i18n_;
  std::unique_ptr<SubscriptionsService> service_;
};

TEST_F(SubscriptionsServiceTest, ARenewalChargedStartsTheNextPeriodAndResetsTheContingent) {
  const std::string back = subscribe_with_card(101, kGoodCard);  // P1M, 10 tracks, not accumulating
  EXPECT_NE(back.find("status=200"), std::string::npos) << back;
  const auto sub = only(101);
  ASSERT_TRUE(sub.active());
  ASSERT_TRUE(sub.next_renewal_date);
  spend_to(sub, 3);

  EXPECT_EQ(service_->run_scheduler().renewed, 0) << "nothing is due before the end of the period";
  clock_.set(*core::parse_utc(*sub.next_renewal_date) + 1min);
  const auto report = service_->run_scheduler();
  EXPECT_EQ(report.renewed, 1);
  EXPECT_EQ(report.failed, 0);
  const auto renewed = only(101);
  EXPECT_TRUE(renewed.active());
  EXPECT_GT(*renewed.next_renewal_date, *sub.next_renewal_date);
  EXPECT_EQ(renewed.end_date, renewed.next_renewal_date);
  EXPECT_EQ(renewed.contingents.at(0).amount, 10) << "reset to the plan's amount";
  EXPECT_EQ(service_->run_scheduler().renewed, 0) << "one renewal per period";
}

TEST_F(SubscriptionsServiceTest, AnAccumulatingContingentKeepsWhatWasLeft) {
  subscribe_with_card(301, kGoodCard);  // P1D, 5 games, accumulating
  const auto sub = only(301);
  ASSERT_TRUE(sub.active());
  spend_to(sub, 2);
  clock_.set(*core::parse_utc(*sub.next_renewal_date) + 1min);
  EXPECT_EQ(service_->run_scheduler().renewed, 1);
  EXPECT_EQ(only(301).contingents.at(0).amount, 7);
}

TEST_F(SubscriptionsServiceTest, AFailedRenewalHoldsThenEndsAfterTheGraceDays) {
  subscribe_with_card(101, kRenewalFailsCard);
  const auto sub = only(101);
  ASSERT_TRUE(sub.active());
  clock_.set(*core::parse_utc(*sub.next_renewal_date) + 1min);
  EXPECT_EQ(service_->run_scheduler().failed, 1);
  const auto held = only(101);
  EXPECT_EQ(held.status.state, State::active);
  EXPECT_TRUE(held.status.pending);
  EXPECT_FALSE(held.active()) << "a held subscription grants nothing";
  ASSERT_TRUE(held.grace_until);

  clock_.advance(24h);  // a retry that fails again keeps the grace clock running
  EXPECT_EQ(service_->run_scheduler().failed, 0);
  EXPECT_EQ(only(101).grace_until, held.grace_until);

  clock_.set(*core::parse_utc(*held.grace_until) + 1min);  // aurora: 3 grace days
  EXPECT_EQ(service_->run_scheduler().failed, 1);
  const auto over = only(101);
  EXPECT_EQ(over.status.state, State::inactive);
  EXPECT_FALSE(over.next_renewal_date);
}

TEST_F(SubscriptionsServiceTest, StoredPlansReadBackAsTheyWereParsed) {
  // Plans are validated once, at import; the repository only decodes what it stored.
  const auto parsed = *parse_plans(read_plans("aurora"));
  const auto stored = service_->plans(1);
  ASSERT_EQ(stored->types.size(), parsed.types.size());
  for (std::size_t i = 0; i < parsed.types.size(); ++i) {
    const auto& a = parsed.types[i];
    const auto& b = stored->types[i];
    EXPECT_EQ(a.id, b.id) << "the same order (ment_sort, then id)";
    EXPECT_EQ(a.price, b.price);
    EXPECT_EQ(a.promotion_price.has_value(), b.promotion_price.has_value());
    EXPECT_EQ(a.group_id, b.group_id);
    EXPECT_EQ(a.billing_cycle, b.billing_cycle);
    EXPECT_EQ(a.max_trial_duration, b.max_trial_duration);
    EXPECT_EQ(a.payment_options, b.payment_options);
    EXPECT_EQ(a.attributes, b.attributes);
    ASSERT_EQ(a.contingents.size(), b.contingents.size());
    for (std::size_t j = 0; j < a.contingents.size(); ++j) {
      EXPECT_EQ(a.contingents[j].amount, b.contingents[j].amount);
      EXPECT_EQ(a.contingents[j].content_types, b.contingents[j].content_types);
    }
  }
  EXPECT_EQ(stored->groups.size(), parsed.groups.size());
  EXPECT_EQ(stored->options.size(), parsed.options.size());
  EXPECT_EQ(stored->external_codes.size(), parsed.external_codes.size());
}

TEST_F(SubscriptionsServiceTest, ATrialEndsAtItsEndWithoutACharge) {
  auto started = service_->trials().start(caller(), std::string(kBack), 102);  // P7D trial
  ASSERT_TRUE(started) << started.error().message;
  EXPECT_NE(started->url.find("type=trial"), std::string::npos);
  EXPECT_EQ(started->view.subscription.type_id, 102);
  const auto trial = only(102);
  EXPECT_TRUE(trial.active());
  EXPECT_TRUE(trial.status.trial);
  auto again = service_->trials().start(caller(), std::string(kBack), 102);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, ErrorCode::already_subscribed);

  clock_.set(*core::parse_utc(*trial.end_date) - 1min);
  EXPECT_EQ(service_->run_scheduler().trials_ended, 0);
  clock_.advance(2min);
  const auto report = service_->run_scheduler();
  EXPECT_EQ(report.trials_ended, 1);
  EXPECT_EQ(report.renewed, 0);
  EXPECT_EQ(only(102).status.state, State::inactive);
  auto used = service_->trials().start(caller(), std::string(kBack), 102);
  ASSERT_FALSE(used);
  EXPECT_EQ(used.error().code, ErrorCode::trial_used);
}

TEST_F(SubscriptionsServiceTest, ACancelledSubscriptionLastsUntilItsEndDate) {
  subscribe_with_card(101, kGoodCard);
  const auto sub = only(101);
  auto cancelled = service_->cancellation().cancel(caller(), sub.id, std::nullopt);
  ASSERT_TRUE(cancelled) << cancelled.error().message;
  const auto after = only(101);
  EXPECT_TRUE(after.active());
  EXPECT_TRUE(after.status.cancel_requested);
  EXPECT_FALSE(after.next_renewal_date) << "no renewal after a cancel";
  EXPECT_EQ(after.end_date, sub.end_date);
  auto twice = service_->cancellation().cancel(caller(), sub.id, std::nullopt);
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().code, ErrorCode::subscription_not_active);

  clock_.set(*core::parse_utc(*sub.end_date) - 1min);
  EXPECT_EQ(service_->run_scheduler().ended, 0);
  clock_.advance(2min);
  const auto report = service_->run_scheduler();
  EXPECT_EQ(report.ended, 1);
  EXPECT_EQ(report.renewed, 0);
  EXPECT_EQ(only(101).status.state, State::canceled);
}

// ---- support's StaffCare (issue 34): cancel now / at the period's end and comp, each with its event
// and the caller's record (the audit entry) in one transaction.

TEST_F(SubscriptionsServiceTest, SupportCancelsAtThePeriodEndThenNowWithEventsAndRecords) {
  subscribe_with_card(101, kGoodCard);
  const auto sub = only(101);
  int recorded = 0;
  auto record = [&](db::Session&, const StaffChange& c) {
    ++recorded;
    EXPECT_EQ(c.before.id, sub.id);
  };
  auto ending = service_->care().cancel(1, "u1", sub.id, CancelWhen::period_end, "asked", "support", record);
  ASSERT_TRUE(ending) << ending.error().message;
  EXPECT_TRUE(ending->after.active());
  EXPECT_TRUE(ending->after.status.cancel_requested);
  EXPECT_EQ(ending->after.end_date, sub.end_date) << "it runs to its paid end";
  EXPECT_FALSE(ending->after.next_renewal_date);
  auto again = service_->care().cancel(1, "u1", sub.id, CancelWhen::period_end, "again", "support", record);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, ErrorCode::subscription_not_active);

  auto ended = service_->care().cancel(1, "u1", sub.id, CancelWhen::now, "charged twice", "support", record);
  ASSERT_TRUE(ended) << ended.error().message;
  EXPECT_EQ(ended->after.status.state, State::canceled);
  EXPECT_EQ(only(101).status.state, State::canceled);
  EXPECT_EQ(recorded, 2);
  const auto events = repository_->events(1, sub.id);
  int by_support = 0;
  for (const auto& e : events)
    if (e.reason.starts_with("cancelled by support")) ++by_support;
  EXPECT_EQ(by_support, 2) << "the cancel and the end each have their event";
}

TEST_F(SubscriptionsServiceTest, SupportCancelsNowAtOnceAndOnlyTheCustomersOwnPlan) {
  subscribe_with_card(101, kGoodCard);
  const auto sub = only(101);
  auto other = service_->care().cancel(1, "someone-else", sub.id, CancelWhen::now, "x", "support", {});
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, ErrorCode::subscription_not_found);
  auto blank = service_->care().cancel(1, "u1", sub.id, CancelWhen::now, "", "support", {});
  ASSERT_FALSE(blank);
  EXPECT_EQ(blank.error().code, ErrorCode::invalid_field);
  auto ended = service_->care().cancel(1, "u1", sub.id, CancelWhen::now, "fraud", "support", {});
  ASSERT_TRUE(ended) << ended.error().message;
  EXPECT_EQ(only(101).status.state, State::canceled);
  EXPECT_FALSE(only(101).next_renewal_date);
}

// Issue 45 item 8: support's free days are capped per subscription and window; an admin's are not.
TEST_F(SubscriptionsServiceTest, SupportCompsAreCappedPerWindowAndAnAdminsAreNot) {
  subscribe_with_card(101, kGoodCard);
  const auto sub = only(101);
  const CompGiver support{"staff-support", false}, other{"staff-other", false}, admin{"staff-admin", true};
  ASSERT_TRUE(service_->care().comp(1, "u1", sub.id, 30, "outage", "support", {}, support));
  // A second agent shares the cap: the window holds 31 days of support's, whoever gave them.
  auto over = service_->care().comp(1, "u1", sub.id, 2, "outage", "support", {}, other);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, ErrorCode::comp_limit);
  EXPECT_EQ(over.error().days_left.value_or(-1), 1);
  EXPECT_EQ(*core::parse_utc(*only(101).end_date) - *core::parse_utc(*sub.end_date), std::chrono::hours(24 * 30))
      << "a refused comp moves nothing";
  ASSERT_TRUE(service_->care().comp(1, "u1", sub.id, 1, "outage", "support", {}, other));
  ASSERT_TRUE(service_->care().comp(1, "u1", sub.id, 200, "goodwill", "admin", {}, admin)) << "an admin is not capped";
  EXPECT_FALSE(service_->care().comp(1, "u1", sub.id, 1, "outage", "support", {}, support));
  // Thirty days later the window has room again.
  clock_.advance(std::chrono::hours(24 * 30) + std::chrono::minutes(1));
  auto later = service_->care().comp(1, "u1", sub.id, 31, "outage", "support", {}, support);
  ASSERT_TRUE(later) << later.error().message;
}

TEST_F(SubscriptionsServiceTest, SupportCompMovesTheEndAndTheRenewalAndRollsBackWithItsRecord) {
  subscribe_with_card(101, kGoodCard);
  const auto sub = only(101);
  for (int days : {0, 367}) {
    auto bad = service_->care().comp(1, "u1", sub.id, days, "sorry", "support", {});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, ErrorCode::invalid_field);
  }
  // A record that fails (the audit entry) takes the change with it.
  EXPECT_THROW(service_->care().comp(1, "u1", sub.id, 5, "outage", "support",
                                     [](db::Session&, const StaffChange&) { throw std::runtime_error("audit down"); }),
               std::runtime_error);
  EXPECT_EQ(only(101).end_date, sub.end_date);

  auto comped = service_->care().comp(1, "u1", sub.id, 10, "outage", "support", {});
  ASSERT_TRUE(comped) << comped.error().message;
  const auto after = only(101);
  EXPECT_EQ(*core::parse_utc(*after.end_date) - *core::parse_utc(*sub.end_date), std::chrono::hours(24 * 10));
  EXPECT_EQ(*core::parse_utc(*after.next_renewal_date) - *core::parse_utc(*sub.next_renewal_date),
            std::chrono::hours(24 * 10));
  EXPECT_EQ(after.status, sub.status);
  const auto events = repository_->events(1, sub.id);
  ASSERT_FALSE(events.empty());
  bool comp_event = false;
  for (const auto& e : events)
    if (e.reason.starts_with("comp: 10 days")) comp_event = true;
  EXPECT_TRUE(comp_event);
  // The scheduler renews at the new date, not the old one.
  clock_.set(*core::parse_utc(*sub.end_date) + 1min);
  EXPECT_EQ(service_->run_scheduler().renewed, 0);
}

TEST_F(SubscriptionsServiceTest, APendingPaymentSettlesAndStartsThePeriod) {
  const std::string back = subscribe_with_card(101, kPendingCard);
  EXPECT_NE(back.find("status=202"), std::string::npos) << back;
  const auto pending = only(101);
  EXPECT_EQ(pending.status.state, State::requested);
  EXPECT_TRUE(pending.status.pending);
  EXPECT_FALSE(pending.active());

  EXPECT_EQ(service_->run_scheduler().settled, 0) << "the sandbox settles after two minutes";
  clock_.advance(payments::kSandboxSettleAfter + 1s);
  EXPECT_EQ(service_->run_scheduler().settled, 1);
  const auto settled = only(101);
  EXPECT_TRUE(settled.active());
  ASSERT_TRUE(settled.next_renewal_date);
  EXPECT_EQ(settled.contingents.at(0).amount, 10);
  EXPECT_EQ(service_->run_scheduler().settled, 0) << "settled once";
}

}  // namespace
}  // namespace portal::subscriptions
