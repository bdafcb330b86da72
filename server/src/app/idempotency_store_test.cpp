// The one-trip Idempotency-Key path over the real store on SQLite: the claim,
// the work and the answer share one job on the pool and land in idempotency_keys.
#include "app/idempotency_store.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json/parse.hpp>
#include <boost/url/parse.hpp>
#include <atomic>
#include <filesystem>
#include <random>

#include "http/error.hpp"
#include "db/migrations.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"

namespace portal::app {
namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
namespace json = boost::json;

class DbIdempotencyStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("portal-idem-store-" + std::to_string(std::random_device{}()));
    db_ = db::open((dir_ / "portal.db").string(), 2);
    db::migrate(*db_, db::load_migrations(fs::path(PORTAL_SOURCE_DIR) / "migrations", "sqlite"));
    db_->execute("INSERT INTO tenants (id, name, display_name, created_at, updated_at) "
                 "VALUES (1, 'a', 'A', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')");
    repo_ = std::make_unique<db::IdempotencyRepository>(*db_);
    store_ = std::make_unique<DbIdempotencyStore>(*repo_, pool_, clock_);
    tenant_ = std::make_shared<tenants::Tenant>();
    tenant_->id = 1;
    tenant_->name = "a";
  }
  void TearDown() override {
    pool_.join();
    store_.reset();
    repo_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  // A converted handler: its work counts runs and answers 201 {"run": n}.
  http::Handler pooled(bool fail = false) {
    return [this, fail](http::RequestContext& ctx) -> asio::awaitable<http::Response> {
      co_return co_await http::on_pool(ctx, pool_, [this, &ctx, fail] {
        ++runs_;
        if (fail) throw http::ErrorException(http::Error::conflict("TAKEN", "taken"));
        return http::data_response(ctx, json::object{{"run", runs_.load()}}, http::Status::created);
      });
    };
  }

  http::Response call(const http::Handler& handler) {
    http::Request req{http::Verb::post, "/backend/pay", 11};
    req.set("Idempotency-Key", "k1");
    req.body() = "{}";
    req.prepare_payload();
    asio::io_context ioc;
    auto run = [&]() -> asio::awaitable<http::Response> {
      http::RequestContext ctx{req, "r", *boost::urls::parse_origin_form(req.target()), {}, tenant_, std::nullopt, "", {}};
      ctx.user = http::Principal{"id-u", {}, "u", "s"};
      co_return co_await http::idempotent_one_trip(*store_, ctx, "/backend/pay", handler);
    };
    auto future = asio::co_spawn(ioc, run(), asio::use_future);
    ioc.run();
    return future.get();
  }

  std::int64_t rows() { return db_->query("SELECT COUNT(*) FROM idempotency_keys")[0].integer(0); }

  fs::path dir_;
  std::unique_ptr<db::Database> db_;
  std::unique_ptr<db::IdempotencyRepository> repo_;
  asio::thread_pool pool_{2};
  core::ManualClock clock_;
  std::unique_ptr<DbIdempotencyStore> store_;
  std::shared_ptr<tenants::Tenant> tenant_;
  std::atomic<int> runs_{0};
};

TEST_F(DbIdempotencyStoreTest, OneTripStoresTheAnswerAndARepeatReplaysIt) {
  auto first = call(pooled());
  EXPECT_EQ(first.result_int(), 201u);
  auto stored = db_->query("SELECT status, answer FROM idempotency_keys WHERE tenant_id = 1 AND user_uuid = 'u'");
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored[0].integer(0), 201);
  EXPECT_EQ(stored[0].text(1), first.body());
  auto second = call(pooled());
  EXPECT_EQ(runs_, 1);
  EXPECT_EQ(second.body(), first.body());
  EXPECT_EQ(second["Idempotent-Replayed"], "true");
}

TEST_F(DbIdempotencyStoreTest, AFailedWorkFreesTheKeyInTheSameJob) {
  EXPECT_THROW(call(pooled(true)), http::ErrorException);
  EXPECT_EQ(rows(), 0);
  EXPECT_EQ(call(pooled()).result_int(), 201u);
  EXPECT_EQ(runs_, 2);
}

}  // namespace
}  // namespace portal::app
