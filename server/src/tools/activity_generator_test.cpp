// `portal generate-activity` at a small size: the same seed writes the same rows (on SQLite twice,
// and on PostgreSQL the same as on SQLite), a second run of a seed is refused, and the rows keep
// the flows' invariants (events for every renewal, prices of the plans, plays of real articles).
#include "tools/activity_generator.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "db/test_database.hpp"
#include "domains/subscriptions/plans_document.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"

namespace portal::app {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

constexpr std::int64_t kCustomers = 200;

ActivityOptions small(std::uint64_t seed = 7) {
  ActivityOptions o;
  o.tenant = "t1";
  o.customers = kCustomers;
  o.days = 60;
  o.seed = seed;
  o.until = "2026-01-01";
  o.batch_rows = 700;  // several transactions
  return o;
}

// Tenant 1 ("t1") sells aurora's plans; its catalog: tracks, videos and an audiobook chapter.
void prepare(db::Database& database) {
  std::ifstream in(fs::path(PORTAL_SOURCE_DIR).parent_path() / "data" / "subscriptions" / "aurora.json");
  std::stringstream text;
  text << in.rdbuf();
  auto plans = subscriptions::parse_plans(json::parse(text.str()));
  ASSERT_TRUE(plans);
  subscriptions::SubscriptionsRepository(database).replace_plans(1, *plans, "2025-01-01T00:00:00Z");
  const char* types[] = {"full_track_music", "video", "audio_book_chapter", "album"};
  for (int i = 0; i < 40; ++i) {
    json::object doc{{"id", 1000 + i}, {"durationSeconds", 120 + 10 * i}};
    if (i % 3 == 0) doc["prices"] = json::array{json::object{{"amount", 99}, {"currency", "EUR"}, {"businessModel", "PAY_PER_DOWNLOAD"}}};
    database.execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (1, $1, $2, 'music', $3)",
                     {std::int64_t{1000 + i}, std::string(types[i % 4]), json::serialize(doc)});
  }
  // Vouchers for plan 101 (one month for 4.99; three for 14.97), the first with a stock of 3; three online games.
  for (int i = 0; i < 2; ++i) {
    json::object custom{{"validityMonths", 12}, {"subscriptionTypeIds", json::object{{"t1", 101}, {"other", 999}}}};
    if (i == 0) custom["availableNo"] = 3;
    json::object doc{{"id", 8001 + i},
                     {"prices", json::array{json::object{{"amount", i == 0 ? 499 : 1497}, {"currency", "EUR"},
                                                         {"businessModel", "PAY_PER_DOWNLOAD"}}}},
                     {"customProperties", custom}};
    database.execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (1, $1, 'voucher', 'music', $2)",
                     {std::int64_t{8001 + i}, json::serialize(doc)});
  }
  for (int i = 0; i < 3; ++i)
    database.execute("INSERT INTO catalog_articles (tenant_id, id, content_type, section, doc) VALUES (1, $1, 'online_game', 'games', $2)",
                     {std::int64_t{9001 + i}, json::serialize(json::object{{"id", 9001 + i}})});
}

std::int64_t count(db::Database& d, std::string_view sql) { return d.query(sql)[0].integer(0); }

// A digest of the key columns of every table the generator writes (no password hash: salted).
std::map<std::string, std::string> digests(db::Database& d) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      {"users", "SELECT uuid, user_id, email, COALESCE(msisdn, ''), selected_lang, created_at FROM users WHERE tenant_id = 1 ORDER BY uuid"},
      {"user_subscriptions", "SELECT id, user_uuid, type_id, state, COALESCE(sub_state, ''), trial, cancel_requested, start_date, "
                             "COALESCE(end_date, ''), COALESCE(next_renewal_date, ''), version, contingents FROM user_subscriptions ORDER BY id"},
      {"subscription_events", "SELECT subscription_id, version, COALESCE(from_state, ''), to_state, reason, actor, at FROM subscription_events ORDER BY id"},
      {"payments", "SELECT id, purpose, reference, amount, currency, status, created_at, refunded FROM payments ORDER BY id"},
      {"payment_refunds", "SELECT id, payment_id, amount, status, reason, keep_plan, created_at FROM payment_refunds ORDER BY id"},
      {"article_purchases", "SELECT id, article_id, amount, status, updated_at FROM article_purchases ORDER BY id"},
      {"voucher_orders", "SELECT id, user_uuid, status, items, amount, payment_id, fulfilled_at FROM voucher_orders ORDER BY id"},
      {"voucher_codes", "SELECT id, code_hash, order_id, periods, valid_until, COALESCE(redeemed_at, ''), COALESCE(redeemed_by, ''), "
                        "COALESCE(subscription_id, '') FROM voucher_codes ORDER BY id"},
      {"voucher_stock", "SELECT product_id, available FROM voucher_stock ORDER BY product_id"},
      {"game_sessions", "SELECT id, article_id, user_uuid, kind, created_at, expires_at FROM game_sessions ORDER BY id"},
      {"wallet_items", "SELECT user_uuid, article_id, reference FROM wallet_items ORDER BY user_uuid, article_id"},
      {"stream_tickets", "SELECT id, article_id, media_ms, counted_ms, created_at, COALESCE(closed_at, '') FROM stream_tickets ORDER BY id"},
      {"stream_reports", "SELECT ticket_id, reported_at, claimed_ms FROM stream_reports ORDER BY id"},
      {"play_history", "SELECT user_uuid, article_id, updated_at FROM play_history ORDER BY user_uuid, article_id"},
      {"events", "SELECT id, name, payload, COALESCE(user_id, ''), created_at, origin FROM events ORDER BY id"},
  };
  std::map<std::string, std::string> out;
  for (const auto& [table, sql] : queries) {
    std::uint64_t h = 1469598103934665603ULL;
    std::int64_t rows = 0;
    for (const auto& r : d.query(sql)) {
      ++rows;
      for (std::size_t i = 0; i < r.size(); ++i)
        for (unsigned char c : r.text(i) + "|") h = (h ^ c) * 1099511628211ULL;
    }
    out[table] = std::to_string(rows) + ":" + std::to_string(h);
  }
  return out;
}

void check_invariants(db::Database& d) {
  // Every renewal payment has the subscription's event of that moment.
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM payments p WHERE p.purpose = 'renewal' AND p.status = 'SUCCEEDED' AND NOT EXISTS "
                     "(SELECT 1 FROM subscription_events e WHERE e.subscription_id = substr(p.reference, 1, 36) "
                     "AND e.reason = 'renewal charged' AND e.at = p.created_at)"),
            0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM payments p WHERE p.purpose = 'renewal' AND p.status <> 'SUCCEEDED' AND NOT EXISTS "
                     "(SELECT 1 FROM subscription_events e WHERE e.subscription_id = substr(p.reference, 1, 36) "
                     "AND e.reason = 'renewal failed' AND e.at = p.created_at)"),
            0);
  EXPECT_GT(count(d, "SELECT COUNT(*) FROM payments WHERE purpose = 'renewal' AND status = 'SUCCEEDED'"), 0);
  // Every paid checkout has its payment and its subscription, created by "checkout paid".
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM subscription_checkouts c WHERE NOT EXISTS (SELECT 1 FROM payments p "
                     "WHERE p.purpose = 'checkout' AND p.reference = c.id AND p.status = 'SUCCEEDED' AND p.amount = c.amount) "
                     "OR NOT EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = c.subscription_id "
                     "AND e.version = 0 AND e.reason = 'checkout paid')"),
            0);
  // Events: versions 0..version without a gap, in time order; the row's state is the last event's.
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM user_subscriptions s WHERE s.version + 1 <> "
                     "(SELECT COUNT(*) FROM subscription_events e WHERE e.subscription_id = s.id) OR s.state <> "
                     "(SELECT e.to_state FROM subscription_events e WHERE e.subscription_id = s.id AND e.version = s.version)"),
            0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM subscription_events a JOIN subscription_events b "
                     "ON a.subscription_id = b.subscription_id AND b.version = a.version + 1 WHERE b.at < a.at"),
            0);
  // States the flows can reach: PENDING only while ACTIVE in grace; a cancelled one has no renewal date.
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM user_subscriptions WHERE (sub_state = 'PENDING' AND (state <> 'ACTIVE' OR grace_until IS NULL)) "
                     "OR (cancel_requested = 1 AND next_renewal_date IS NOT NULL) OR state NOT IN ('ACTIVE', 'INACTIVE', 'CANCELED')"),
            0);
  // Amounts are the plans' prices.
  subscriptions::SubscriptionsRepository repo(d);
  const auto plans = repo.load_plans(1);
  for (const auto& r : d.query("SELECT s.type_id, p.amount, p.currency FROM payments p JOIN user_subscriptions s "
                               "ON s.id = substr(p.reference, 1, 36) WHERE p.purpose = 'renewal' "
                               "UNION ALL SELECT c.type_id, p.amount, p.currency FROM payments p JOIN subscription_checkouts c "
                               "ON c.id = p.reference WHERE p.purpose = 'checkout'")) {
    const auto* t = plans.type(r.integer(0));
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(r.integer(1), t->current_price().amount);
    EXPECT_EQ(r.text(2), t->current_price().currency);
  }
  // A purchase is PAID and in the wallet, or CANCELLED and out of it by a refund that did not keep it.
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM payments p JOIN article_purchases a ON a.id = p.reference "
                     "WHERE p.purpose = 'article' AND (p.amount <> 99 OR a.status NOT IN ('PAID', 'CANCELLED') "
                     "OR (a.status = 'CANCELLED') <> EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id "
                     "AND r.keep_plan = 0 AND r.created_at = a.updated_at) "
                     "OR (a.status = 'PAID') <> EXISTS (SELECT 1 FROM wallet_items w WHERE w.reference = a.id))"),
            0);
  // Refunds: succeeded, of card payments, what the payment's `refunded` says, never above it.
  EXPECT_GT(count(d, "SELECT COUNT(*) FROM payment_refunds"), 0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM payments p WHERE p.refunded <> COALESCE((SELECT SUM(r.amount) FROM payment_refunds r "
                     "WHERE r.payment_id = p.id), 0) OR p.refunded > p.amount"),
            0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE r.status <> 'SUCCEEDED' "
                     "OR p.status <> 'SUCCEEDED' OR p.provider <> 'sandbox' OR r.created_at <= p.created_at OR r.currency <> p.currency"),
            0);
  // A period refunded without keeping the plan ends it then: "payment refunded", INACTIVE, its last event.
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id "
                     "LEFT JOIN subscription_checkouts c ON p.purpose = 'checkout' AND c.id = p.reference "
                     "JOIN user_subscriptions s ON s.id = COALESCE(c.subscription_id, substr(p.reference, 1, 36)) "
                     "WHERE p.purpose IN ('checkout', 'renewal') AND r.keep_plan = 0 AND (s.state <> 'INACTIVE' OR s.end_date <> r.created_at "
                     "OR NOT EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND e.version = s.version "
                     "AND e.reason = 'payment refunded' AND e.at = r.created_at))"),
            0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM subscription_events WHERE reason = 'payment refunded'"),
            count(d, "SELECT COUNT(*) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id "
                     "WHERE p.purpose IN ('checkout', 'renewal') AND r.keep_plan = 0"));
  // Voucher orders: PAID by a card payment of their amount, fulfilled, one code per unit; the stock took them.
  EXPECT_GT(count(d, "SELECT COUNT(*) FROM voucher_orders"), 0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM voucher_orders o LEFT JOIN payments p ON p.id = o.payment_id WHERE o.status <> 'PAID' "
                     "OR o.fulfilled_at IS NULL OR p.id IS NULL OR p.purpose <> 'vouchers' OR p.reference <> o.id OR p.amount <> o.amount "
                     "OR p.status <> 'SUCCEEDED' OR o.amount <> (SELECT 499 * COUNT(*) FROM voucher_codes c WHERE c.order_id = o.id "
                     "AND c.product_id = 8001) + (SELECT 1497 * COUNT(*) FROM voucher_codes c WHERE c.order_id = o.id AND c.product_id = 8002)"),
            0);
  // A code grants the cycles its price buys at the plan's current price (vouchers_products.cpp periods_for).
  const std::int64_t cycle_price = plans.type(101)->current_price().amount;
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM voucher_codes WHERE product_id IS NOT NULL AND (subscription_type_id <> 101 OR periods <> "
                     "CASE product_id WHEN 8001 THEN " + std::to_string(std::max<std::int64_t>(1, 499 / cycle_price)) +
                     " ELSE " + std::to_string(std::max<std::int64_t>(1, 1497 / cycle_price)) + " END)"),
            0);
  EXPECT_EQ(count(d, "SELECT COALESCE(MAX(available), 3) FROM voucher_stock WHERE product_id = 8001"),
            3 - count(d, "SELECT COUNT(*) FROM voucher_codes WHERE product_id = 8001"));
  // Redeemed codes: by another customer, whose gift subscription starts then ("voucher redeemed") and ends
  // after the code's periods without a renewal.
  EXPECT_GT(count(d, "SELECT COUNT(*) FROM voucher_codes WHERE redeemed_at IS NOT NULL"), 0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM voucher_codes c LEFT JOIN user_subscriptions s ON s.id = c.subscription_id "
                     "WHERE c.redeemed_at IS NOT NULL AND (s.id IS NULL OR s.user_uuid <> c.redeemed_by OR c.redeemed_by = c.owner_uuid "
                     "OR s.start_date <> c.redeemed_at OR c.redeemed_at <= c.created_at OR c.redeemed_at >= c.valid_until "
                     "OR s.payment_option <> 'voucher' OR s.cancel_requested <> 1 OR s.next_renewal_date IS NOT NULL "
                     "OR NOT EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND e.version = 0 "
                     "AND e.reason = 'voucher redeemed' AND e.at = c.redeemed_at))"),
            0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM user_subscriptions WHERE payment_option = 'voucher'"),
            count(d, "SELECT COUNT(*) FROM voucher_codes WHERE redeemed_at IS NOT NULL"));
  // Games started: a session and the server's instantPlay event each.
  EXPECT_GT(count(d, "SELECT COUNT(*) FROM game_sessions"), 0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM game_sessions g WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.name = 'instantPlay' "
                     "AND e.created_at = g.created_at)"),
            0);
  // Plays only of the tenant's articles, never longer than they are.
  EXPECT_GT(count(d, "SELECT COUNT(*) FROM stream_tickets"), 0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM stream_tickets t WHERE NOT EXISTS (SELECT 1 FROM catalog_articles a "
                     "WHERE a.tenant_id = t.tenant_id AND a.id = t.article_id AND a.content_type = t.content_type) "
                     "OR t.content_type = 'album'"),
            0);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM stream_reports r JOIN stream_tickets t ON t.id = r.ticket_id WHERE r.counted_ms > t.media_ms"), 0);
  // The first customer holds a paid plan at the window's end (the API test signs in as it).
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM user_subscriptions s JOIN users u ON u.uuid = s.user_uuid "
                     "WHERE u.email = 'gen-7-1@example.test' AND s.state = 'ACTIVE' AND s.sub_state IS NULL AND s.trial = 0"),
            1);
  EXPECT_EQ(count(d, "SELECT COUNT(*) FROM users WHERE email LIKE 'gen-7-%@example.test'"), kCustomers);
  EXPECT_GT(count(d, "SELECT COUNT(*) FROM events WHERE name = 'pageView'"), 0);
}

std::map<std::string, std::string> generate_and_check(db::Database& d) {
  prepare(d);
  const auto report = generate_activity(d, small());
  EXPECT_EQ(report.rows.at("users"), kCustomers);
  EXPECT_EQ(report.from, "2025-11-02T00:00:00Z");
  check_invariants(d);
  const auto before = digests(d);
  // Once per seed: the second run is refused and writes nothing.
  EXPECT_THROW(generate_activity(d, small()), ActivityRefused);
  EXPECT_EQ(digests(d), before);
  return before;
}

std::map<std::string, std::string> on_sqlite() {
  const auto dir = db::test_directory("activity");
  std::map<std::string, std::string> out;
  {
    auto d = db::open_test_database(dir, {});
    out = generate_and_check(*d);
  }
  fs::remove_all(dir);
  return out;
}

TEST(ActivityGenerator, SameSeedSameRowsAndTheFlowsInvariants) {
  const auto first = on_sqlite();
  const auto second = on_sqlite();
  EXPECT_EQ(first, second);
  EXPECT_NE(first.at("payments"), "0:1469598103934665603");
}

TEST(ActivityGenerator, SeveralJobsWriteTheSameCustomersAndKeepTheInvariants) {
  // Issue 76 item 6 (--jobs): each job its customers and its own transactions; who the customers are depends on the
  // seed alone, and every rule of the flows still holds.
  const auto dir = db::test_directory("activity-jobs");
  std::map<std::string, std::string> one = on_sqlite(), three;
  {
    auto d = db::open((dir / "portal.db").string(), 3);
    db::migrate(*d, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    d->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't1', 't1', 'x', 'x')");
    prepare(*d);
    auto o = small();
    o.jobs = 3;
    const auto report = generate_activity(*d, o);
    EXPECT_EQ(report.rows.at("users"), kCustomers);
    check_invariants(*d);
    three = digests(*d);
  }
  fs::remove_all(dir);
  EXPECT_EQ(three.at("users"), one.at("users"));
}

TEST(ActivityGenerator, RefusesUnknownTenantsAndSizes) {
  const auto dir = db::test_directory("activity-refused");
  {
    auto d = db::open_test_database(dir, {});
    auto o = small();
    o.tenant = "nobody";
    EXPECT_THROW(generate_activity(*d, o), ActivityRefused);
    o = small();
    EXPECT_THROW(generate_activity(*d, o), ActivityRefused);  // t1 has no plans yet
    o.customers = 0;
    EXPECT_THROW(generate_activity(*d, o), ActivityRefused);
    o = small();
    o.until = "2026-13-01";
    EXPECT_THROW(generate_activity(*d, o), ActivityRefused);
  }
  fs::remove_all(dir);
}

TEST(ActivityGeneratorPostgres, SameRowsAsOnSqlite) {
  const char* url = std::getenv("PORTAL_TEST_POSTGRES_URL");
  if (!url || !*url) GTEST_SKIP() << "PORTAL_TEST_POSTGRES_URL is not set";
  const std::string base = url;
  const std::string schema = "portal_activity_" + std::to_string(std::random_device{}());
  auto admin = db::open(base, 1);
  admin->execute("CREATE SCHEMA " + schema);
  std::map<std::string, std::string> on_postgres;
  {
    const std::string sep = base.find('?') == std::string::npos ? "?" : "&";
    auto d = db::open(base + sep + "options=-csearch_path%3D" + schema, 2);
    db::migrate(*d, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "postgres"));
    d->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) VALUES (1, 't1', 't1', 'x', 'x')");
    on_postgres = generate_and_check(*d);
  }
  admin->execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
  EXPECT_EQ(on_postgres, on_sqlite());
}

}  // namespace
}  // namespace portal::app
