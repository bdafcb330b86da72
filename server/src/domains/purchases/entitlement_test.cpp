// The entitlement decision as a matrix (issue 12): guest, user without a plan,
// usable / exhausted / unlimited contingents, inactive plan, owner,
// collection owner, free item, a plan group's other levels, devices.
#include <gtest/gtest.h>

#include "domains/purchases/entitlement.hpp"
#include "domains/purchases/purchases_service.hpp"

namespace portal::purchases {
namespace {

ArticleFacts facts(std::int64_t id, std::string type, std::string title) {
  ArticleFacts a;
  a.id = id;
  a.content_type = std::move(type);
  a.title = std::move(title);
  return a;
}

ArticleFacts track(std::int64_t id = 20001) {
  ArticleFacts a;
  a.id = id;
  a.content_type = "full_track_music";
  a.title = "Midnight Drive";
  a.collection_id = 2102;
  a.prices = {{99, "EUR", "PAY_PER_DOWNLOAD"}, {499, "EUR", "SUBSCRIPTION"}, {399, "SAR", "PAY_PER_DOWNLOAD"}};
  return a;
}

OfferedPlan plan(std::int64_t id, std::int64_t amount, int level, std::string group = "music") {
  OfferedPlan p;
  p.type_id = id;
  p.name = "Plan " + std::to_string(id);
  p.billing_cycle = "P1M";
  p.price = {499, "EUR"};
  p.contingents = {{{"full_track_music", "album", "playlist"}, amount}};
  p.group_id = group;
  p.level = level;
  p.sort = level;
  return p;
}

Holding holding(std::int64_t type_id, std::int64_t amount, std::string state = "ACTIVE", bool pending = false) {
  Holding h;
  h.id = "sub-" + std::to_string(type_id);
  h.type_id = type_id;
  h.state = std::move(state);
  h.pending = pending;
  h.contingents = {{{"full_track_music", "album", "playlist"}, amount}};
  h.group_id = "music";
  return h;
}

EntitlementInput user_input() {
  EntitlementInput in;
  in.article = track();
  in.guest = false;
  in.plans = {plan(101, 10, 0), plan(102, 30, 1), plan(103, -1, 2)};
  return in;
}

using Kind = ConsumeWay::Kind;

TEST(Entitlement, GuestMustSignInAndSeesTheOffers) {
  auto in = user_input();
  in.guest = true;
  in.owned = true;  // a guest owns nothing, whatever the caller says
  auto e = decide(in);
  EXPECT_TRUE(e.login_required);
  EXPECT_TRUE(e.consume.empty());
  ASSERT_EQ(e.purchase.size(), 4u);
  EXPECT_EQ(e.purchase[0].identifier, "dto-20001");
  EXPECT_EQ(e.purchase[0].price.amount, 99);
}

TEST(Entitlement, UserWithoutPlanGetsTheOwnPriceInTheTenantCurrencyAndThePlans) {
  auto in = user_input();
  in.currency = "SAR";
  auto e = decide(in);
  EXPECT_FALSE(e.login_required);
  EXPECT_TRUE(e.consume.empty());
  ASSERT_EQ(e.purchase.size(), 4u);
  EXPECT_EQ(e.purchase[0].type, PurchaseOffer::Type::dto);
  EXPECT_EQ(e.purchase[0].price.amount, 399);
  EXPECT_EQ(e.purchase[0].price.currency, "SAR");
  EXPECT_TRUE(e.purchase[1].consumable);    // 10 credits
  EXPECT_FALSE(e.purchase[3].consumable);   // unlimited
}

TEST(Entitlement, UsableCreditConsumesWithACredit) {
  auto in = user_input();
  in.holdings = {holding(101, 4)};
  auto e = decide(in);
  ASSERT_EQ(e.consume.size(), 1u);
  EXPECT_EQ(e.consume[0].kind, Kind::credit);
  EXPECT_EQ(e.consume[0].subscription_id, "sub-101");
  EXPECT_EQ(e.consume[0].remaining, 4);
  EXPECT_TRUE(e.may_consume());
}

TEST(Entitlement, ExhaustedContingentOffersTheGroupsOtherLevels) {
  auto in = user_input();
  in.holdings = {holding(102, 0)};
  auto e = decide(in);
  EXPECT_TRUE(e.consume.empty());
  ASSERT_EQ(e.upgrade_to.size(), 1u);
  EXPECT_EQ(e.upgrade_to[0].to.type_id, 103);
  EXPECT_EQ(e.upgrade_to[0].from_subscription_id, "sub-102");
  ASSERT_EQ(e.downgrade_to.size(), 1u);
  EXPECT_EQ(e.downgrade_to[0].to.type_id, 101);
  // The group is held: its plans are changes, not purchases; the own price stays.
  ASSERT_EQ(e.purchase.size(), 1u);
  EXPECT_EQ(e.purchase[0].type, PurchaseOffer::Type::dto);
}

TEST(Entitlement, UnlimitedContingentConsumesBySubscription) {
  auto in = user_input();
  in.holdings = {holding(103, -1)};
  auto e = decide(in);
  ASSERT_EQ(e.consume.size(), 1u);
  EXPECT_EQ(e.consume[0].kind, Kind::subscription);
  EXPECT_FALSE(e.consume[0].remaining.has_value());
}

TEST(Entitlement, UnlimitedIsPreferredToSpendingACredit) {
  auto in = user_input();
  auto other = holding(301, 5);
  other.group_id = "other";
  auto unlimited = holding(103, -1);
  unlimited.group_id = "other2";
  in.holdings = {other, unlimited};
  auto e = decide(in);
  ASSERT_EQ(e.consume.size(), 2u);
  EXPECT_EQ(e.consume[0].kind, Kind::subscription);
  EXPECT_EQ(e.consume[1].kind, Kind::credit);
}

TEST(Entitlement, InactivePendingAndGracePlansAreUnavailable) {
  for (auto h : {holding(101, 10, "INACTIVE"), holding(101, 10, "REQUESTED", true), holding(101, 10, "ACTIVE", true)}) {
    auto in = user_input();
    in.holdings = {h};
    auto e = decide(in);
    EXPECT_TRUE(e.consume.empty()) << h.state;
    ASSERT_EQ(e.unavailable.size(), 1u) << h.state;
    EXPECT_EQ(e.unavailable[0].subscription.id, "sub-101");
    EXPECT_EQ(e.unavailable[0].name, "Plan 101");
  }
}

TEST(Entitlement, OwnerConsumesFromTheWallet) {
  auto in = user_input();
  in.owned = true;
  in.holdings = {holding(101, 3)};
  auto e = decide(in);
  ASSERT_FALSE(e.consume.empty());
  EXPECT_EQ(e.consume[0].kind, Kind::wallet);  // no credit spent on what is owned
}

TEST(Entitlement, FreeItemsPlayForUsersAndFreeOnlineGamesForGuests) {
  ArticleFacts podcast = facts(60001, "podcast", "Episode");
  podcast.prices = {{0, "EUR", "DOWNLOAD_TO_OWN_FREEMIUM"}};
  EntitlementInput in;
  in.article = podcast;
  in.guest = false;
  auto e = decide(in);
  ASSERT_EQ(e.consume.size(), 1u);
  EXPECT_EQ(e.consume[0].kind, Kind::free);
  in.guest = true;
  EXPECT_TRUE(decide(in).login_required);  // commerce §1: guests play free online games only
  in.article.content_type = "online_game";
  EXPECT_EQ(decide(in).consume.size(), 1u);
  EXPECT_TRUE(is_free(in.article));
}

TEST(Entitlement, AnotherContentTypeIsNotCovered) {
  auto in = user_input();
  in.article.content_type = "full_length_video";
  in.holdings = {holding(103, -1)};
  auto e = decide(in);
  EXPECT_TRUE(e.consume.empty());
  EXPECT_TRUE(e.upgrade_to.empty());  // no level of the group covers video
}

TEST(Entitlement, AGameForAnotherSystemIsNotSupported) {
  auto in = user_input();
  in.article = facts(4501, "game", "Kingdoms of Ash");
  in.article.platforms = {"Windows"};
  in.article.prices = {{499, "EUR", "PAY_PER_DOWNLOAD"}};
  in.device_os = "Android";
  EXPECT_FALSE(decide(in).device_supported);
  in.device_os = "windows";
  EXPECT_TRUE(decide(in).device_supported);
  in.device_os.reset();  // unknown device: the server cannot tell
  EXPECT_TRUE(decide(in).device_supported);
}

TEST(Entitlement, CollectionItemsAreSoldWithTheirMembers) {
  ArticleFacts album = facts(2102, "album", "Neon Skyline");
  album.members = {20001, 20002};
  auto items = wallet_items_of(album);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[1].content_type, "full_track_music");
  EXPECT_EQ(items[1].collection_id, 2102);
}

}  // namespace
}  // namespace portal::purchases
