// Notifications against a migrated SQLite database: newest first with paging
// bounds, read state (one, all, twice), a repeated source told once, a note
// written in the caller's transaction rolled back with it, and isolation
// between users and tenants.
#include "domains/notifications/notifications_service.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>

#include "db/migrations.hpp"
#include "db/test_database.hpp"
#include "domains/notifications/notifications_repository.hpp"
#include "domains/notifications/notifications_answers.hpp"

namespace portal::notifications {
namespace {

// The error of a failed result as the routes answer it (status, code, data).
template <class T>
http::Error wire(const Result<T>& r) {
  return http_error(r.error());
}

namespace fs = std::filesystem;

class NotificationsServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = db::test_directory("portal-notifications");
    db_ = db::open_test_database(dir_, {{"u-ann", 1}, {"u-bob", 1}, {"u-cy", 2}});
    repository_ = std::make_unique<NotificationsRepository>(*db_);
    service_ = std::make_unique<NotificationsService>(*repository_, clock_);
  }
  void TearDown() override {
    service_.reset();
    repository_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  void tell(std::int64_t tenant, const std::string& user, const std::string& title, const std::string& source = "") {
    Notifier& notifier = *service_;
    notifier.notify(tenant, Note{user, std::string(kPurchasePaid), {{"title", title}}, "/myPurchases", source});
  }

  fs::path dir_;
  core::ManualClock clock_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<NotificationsRepository> repository_;
  std::unique_ptr<NotificationsService> service_;
};

TEST(NotificationIds, GrowAndHaveOneShape) {
  std::string previous = next_id();
  std::set<std::string> seen{previous};
  for (int i = 0; i < 1000; ++i) {
    auto id = next_id();
    EXPECT_TRUE(is_notification_id(id)) << id;
    EXPECT_GT(id, previous);
    EXPECT_TRUE(seen.insert(id).second);
    previous = id;
  }
  EXPECT_FALSE(is_notification_id("0123"));
  EXPECT_FALSE(is_notification_id("0123456789ABCDEF"));
  EXPECT_FALSE(is_notification_id("' OR 1=1 --xxxxx"));
}

TEST_F(NotificationsServiceTest, ListsNewestFirstInPages) {
  for (int i = 1; i <= 5; ++i) tell(1, "u-ann", "item " + std::to_string(i));
  auto page = service_->list(1, "u-ann", 2, 0);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->total, 5);
  EXPECT_EQ(page->unread, 5);
  ASSERT_EQ(page->items.size(), 2u);
  EXPECT_EQ(page->items[0].params.at("title"), "item 5");
  EXPECT_EQ(page->items[1].params.at("title"), "item 4");
  EXPECT_EQ(page->items[0].kind, "PURCHASE_PAID");
  EXPECT_EQ(page->items[0].target, "/myPurchases");
  EXPECT_FALSE(page->items[0].read);
  EXPECT_EQ(page->items[0].createdAt, "2023-11-14T22:13:20Z");
  auto last = service_->list(1, "u-ann", 2, 4);
  ASSERT_TRUE(last);
  ASSERT_EQ(last->items.size(), 1u);
  EXPECT_EQ(last->items[0].params.at("title"), "item 1");

  auto too_big = service_->list(1, "u-ann", 101, 0);
  ASSERT_FALSE(too_big);
  EXPECT_EQ(wire(too_big).data.at("field").as_string(), "limit");
  EXPECT_FALSE(service_->list(1, "u-ann", 0, 0));
  auto negative = service_->list(1, "u-ann", 10, -1);
  ASSERT_FALSE(negative);
  EXPECT_EQ(wire(negative).data.at("field").as_string(), "offset");
}

TEST_F(NotificationsServiceTest, ReadStateOneAndAll) {
  for (int i = 1; i <= 3; ++i) tell(1, "u-ann", "item " + std::to_string(i));
  auto page = service_->list(1, "u-ann", 10, 0);
  const std::string newest = page->items[0].id;
  auto marked = service_->mark_read(1, "u-ann", newest);
  ASSERT_TRUE(marked);
  EXPECT_EQ(marked->updated, 1);
  EXPECT_EQ(marked->unread, 2);
  auto again = service_->mark_read(1, "u-ann", newest);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->updated, 0);
  EXPECT_EQ(service_->unread(1, "u-ann").unread, 2);
  auto read = service_->list(1, "u-ann", 10, 0);
  EXPECT_TRUE(read->items[0].read);
  EXPECT_TRUE(read->items[0].readAt.has_value());
  EXPECT_FALSE(read->items[1].read);

  auto missing = service_->mark_read(1, "u-ann", "00000000000000ff");
  ASSERT_FALSE(missing);
  EXPECT_EQ(wire(missing).code, "NOTIFICATION_NOT_FOUND");
  EXPECT_EQ(wire(service_->mark_read(1, "u-ann", "not an id")).status, 404);

  auto all = service_->mark_all_read(1, "u-ann");
  EXPECT_EQ(all.updated, 2);
  EXPECT_EQ(all.unread, 0);
  EXPECT_EQ(service_->mark_all_read(1, "u-ann").updated, 0);
}

TEST_F(NotificationsServiceTest, UsersAndTenantsAreApart) {
  tell(1, "u-ann", "ann's");
  tell(1, "u-bob", "bob's");
  tell(2, "u-cy", "cy's");
  const auto ann = service_->list(1, "u-ann", 10, 0)->items.at(0).id;
  // Bob cannot read Ann's, nor can the other tenant's user.
  EXPECT_EQ(wire(service_->mark_read(1, "u-bob", ann)).code, "NOTIFICATION_NOT_FOUND");
  EXPECT_EQ(wire(service_->mark_read(2, "u-cy", ann)).code, "NOTIFICATION_NOT_FOUND");
  EXPECT_EQ(service_->unread(1, "u-ann").unread, 1);
  EXPECT_EQ(service_->mark_all_read(1, "u-bob").updated, 1);
  EXPECT_EQ(service_->unread(1, "u-ann").unread, 1);
  EXPECT_EQ(service_->list(2, "u-ann", 10, 0)->total, 0);
  EXPECT_EQ(service_->list(2, "u-cy", 10, 0)->items.at(0).params.at("title"), "cy's");
}

TEST_F(NotificationsServiceTest, ASourceTellsOnceAndATransactionTakesItsNoteAlong) {
  tell(1, "u-ann", "paid", "purchase:p1");
  tell(1, "u-ann", "paid again", "purchase:p1");
  EXPECT_EQ(service_->list(1, "u-ann", 10, 0)->total, 1);
  Notifier& notifier = *service_;
  EXPECT_THROW(db_->transaction([&](db::Session& s) {
    notifier.notify(s, 1, Note{"u-ann", std::string(kSubscriptionRenewed), {}, "/profile/manage", ""});
    throw std::runtime_error("the payment failed");
  }),
               std::runtime_error);
  EXPECT_EQ(service_->list(1, "u-ann", 10, 0)->total, 1);
  db_->transaction([&](db::Session& s) {
    notifier.notify(s, 1, Note{"u-ann", std::string(kSubscriptionRenewed), {{"plan", "Music"}}, "/profile/manage", ""});
  });
  EXPECT_EQ(service_->list(1, "u-ann", 10, 0)->items.at(0).kind, "SUBSCRIPTION_RENEWED");
  // A user that does not exist is logged, not thrown.
  EXPECT_NO_THROW(tell(1, "u-nobody", "lost"));
}

}  // namespace
}  // namespace portal::notifications
