#include "http/idempotency.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json/parse.hpp>
#include <boost/url/parse.hpp>
#include <map>
#include <tuple>

#include "http/error.hpp"
#include "core/tenant.hpp"
#include "http/json.hpp"

namespace portal::http {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;

// The store in memory, counting its trips.
class FakeStore final : public IdempotencyStore {
 public:
  struct Row {
    std::string fingerprint;
    bool done = false;
    StoredAnswer answer;
    std::string token;
  };
  using Key = std::tuple<std::int64_t, std::string, std::string>;

  asio::awaitable<IdempotencyClaim> claim(const IdempotencyScope& s, std::string fingerprint) override {
    ++trips;
    auto [it, inserted] = rows.try_emplace(Key{s.tenant_id, s.user_uuid, s.key});
    if (inserted) {
      it->second = {fingerprint, false, {}, "t" + std::to_string(++tokens)};
      co_return IdempotencyClaim{IdempotencyClaim::State::claimed, fingerprint, {}, it->second.token};
    }
    const Row& row = it->second;
    co_return IdempotencyClaim{row.done ? IdempotencyClaim::State::answered : IdempotencyClaim::State::running,
                               row.fingerprint, row.answer, {}};
  }
  asio::awaitable<void> complete(const IdempotencyScope& s, std::string token, StoredAnswer answer) override {
    ++trips;
    auto& row = rows.at(Key{s.tenant_id, s.user_uuid, s.key});
    EXPECT_EQ(row.token, token);
    row.done = true;
    row.answer = std::move(answer);
    co_return;
  }
  asio::awaitable<void> release(const IdempotencyScope& s, std::string token) override {
    ++trips;
    auto it = rows.find(Key{s.tenant_id, s.user_uuid, s.key});
    if (it != rows.end() && it->second.token == token) rows.erase(it);
    co_return;
  }

  std::map<Key, Row> rows;
  int trips = 0;
  int tokens = 0;
};

class IdempotencyTest : public ::testing::Test {
 protected:
  IdempotencyTest() {
    tenant_ = std::make_shared<core::Tenant>();
    tenant_->id = 7;
    tenant_->name = "aurora";
  }

  // A handler that counts its runs and answers 201 {"data":{"run":n}}.
  Handler counting(int status = 201) {
    return [this, status](RequestContext& ctx) -> asio::awaitable<Response> {
      ++runs_;
      co_return data_response(ctx, json::object{{"run", runs_}}, static_cast<Status>(status));
    };
  }

  Request post(std::string target, std::string body, std::string key = "key-1") {
    Request req{Verb::post, target, 11};
    if (!key.empty()) req.set("Idempotency-Key", key);
    req.body() = std::move(body);
    req.prepare_payload();
    return req;
  }

  Response call(const Request& req, const Handler& handler, std::string user = "u-1",
                std::string_view route = "/backend/things") {
    asio::io_context ioc;
    auto future = asio::co_spawn(ioc, run_one(req, handler, std::move(user), route), asio::use_future);
    ioc.run();
    return future.get();
  }

  asio::awaitable<Response> run_one(const Request& req, const Handler& handler, std::string user,
                                    std::string_view route) {
    RequestContext ctx{req, "req-1", *boost::urls::parse_origin_form(req.target()), {}, tenant_, std::nullopt, "", {}};
    if (!user.empty()) ctx.user = Principal{"id-" + user, {}, user, "s"};
    co_return co_await idempotent(store_, ctx, route, handler, IdempotencyOptions{std::chrono::milliseconds(300),
                                                                                  std::chrono::milliseconds(5)});
  }

  std::shared_ptr<core::Tenant> tenant_;
  FakeStore store_;
  int runs_ = 0;
};

TEST_F(IdempotencyTest, ARepeatedKeyReplaysTheStoredStatusAndBodyWithoutRunningAgain) {
  auto first = call(post("/backend/things", R"({"a":1})"), counting());
  EXPECT_EQ(first.result_int(), 201u);
  EXPECT_EQ(store_.trips, 2);  // one claim, one store
  auto second = call(post("/backend/things", R"({"a":1})"), counting());
  EXPECT_EQ(runs_, 1);
  EXPECT_EQ(second.result_int(), 201u);
  EXPECT_EQ(second.body(), first.body());
  EXPECT_EQ(second["Idempotent-Replayed"], "true");
  EXPECT_EQ(second[bhttp::field::cache_control], "no-store");
  EXPECT_EQ(store_.trips, 3);  // a replay is one trip
}

TEST_F(IdempotencyTest, AReusedKeyWithAnotherBodyOrRouteIs422) {
  call(post("/backend/things", R"({"a":1})"), counting());
  auto other_body = call(post("/backend/things", R"({"a":2})"), counting());
  EXPECT_EQ(other_body.result_int(), 422u);
  EXPECT_EQ(json::parse(other_body.body()).at("error").as_string(), "IDEMPOTENCY_KEY_REUSED");
  auto other_route = call(post("/backend/others", R"({"a":1})"), counting(), "u-1", "/backend/others");
  EXPECT_EQ(other_route.result_int(), 422u);
  EXPECT_EQ(runs_, 1);
}

TEST_F(IdempotencyTest, KeysBelongToTheirUser) {
  call(post("/backend/things", "{}"), counting());
  auto other = call(post("/backend/things", "{}"), counting(), "u-2");
  EXPECT_EQ(other.result_int(), 201u);
  EXPECT_EQ(other["Idempotent-Replayed"], "");
  EXPECT_EQ(runs_, 2);
}

TEST_F(IdempotencyTest, WithoutAKeyOrAUserTheHandlerJustRuns) {
  call(post("/backend/things", "{}", ""), counting());
  call(post("/backend/things", "{}", ""), counting());
  call(post("/backend/things", "{}"), counting(), "");
  EXPECT_EQ(runs_, 3);
  EXPECT_EQ(store_.trips, 0);
}

TEST_F(IdempotencyTest, ABadKeyIsAValidationError) {
  try {
    call(post("/backend/things", "{}", std::string(129, 'k')), counting());
    FAIL() << "expected a 400";
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 400);
    EXPECT_EQ(e.error.code, "VALIDATION_ERROR");
    EXPECT_EQ(e.error.data.at("field").as_string(), "Idempotency-Key");
  }
  EXPECT_EQ(runs_, 0);
}

TEST_F(IdempotencyTest, AFailedCallGivesTheKeyBackSoARetryRuns) {
  Handler throwing = [this](RequestContext&) -> asio::awaitable<Response> {
    ++runs_;
    throw http::ErrorException(http::Error::invalid_field("x", "is required"));
    co_return Response{};
  };
  EXPECT_THROW(call(post("/backend/things", "{}"), throwing), http::ErrorException);
  EXPECT_TRUE(store_.rows.empty());
  auto fault = call(post("/backend/things", "{}"), counting(503));
  EXPECT_EQ(fault.result_int(), 503u);
  EXPECT_TRUE(store_.rows.empty());  // a 5xx is not kept either
  auto ok = call(post("/backend/things", "{}"), counting());
  EXPECT_EQ(ok.result_int(), 201u);
  EXPECT_EQ(runs_, 3);
}

TEST_F(IdempotencyTest, AnErrorAnswerIsKeptLikeAnyFinalAnswer) {
  Handler refusing = [this](RequestContext& ctx) -> asio::awaitable<Response> {
    ++runs_;
    co_return error_response(ctx.req, http::Error::conflict("USER_ALREADY_SUBSCRIBED", "Already"), ctx.request_id);
  };
  auto first = call(post("/backend/things", "{}"), refusing);
  auto second = call(post("/backend/things", "{}"), refusing);
  EXPECT_EQ(second.result_int(), 409u);
  EXPECT_EQ(second.body(), first.body());
  EXPECT_EQ(runs_, 1);
}

TEST_F(IdempotencyTest, AConcurrentTwinWaitsForTheFirstAnswer) {
  // The first call holds the key until the twin has polled at least once.
  asio::io_context ioc;
  const Request req = post("/backend/things", "{}");
  asio::steady_timer gate(ioc, std::chrono::milliseconds(40));
  Handler slow = [&](RequestContext& ctx) -> asio::awaitable<Response> {
    ++runs_;
    co_await gate.async_wait(asio::use_awaitable);
    co_return data_response(ctx, json::object{{"run", runs_}}, Status::created);
  };
  auto a = asio::co_spawn(ioc, run_one(req, slow, "u-1", "/backend/things"), asio::use_future);
  auto b = asio::co_spawn(ioc, run_one(req, slow, "u-1", "/backend/things"), asio::use_future);
  ioc.run();
  const auto first = a.get(), twin = b.get();
  EXPECT_EQ(runs_, 1);
  EXPECT_EQ(twin.result_int(), 201u);
  EXPECT_EQ(twin.body(), first.body());
  EXPECT_EQ(twin["Idempotent-Replayed"], "true");
}

TEST_F(IdempotencyTest, ATwinThatWaitsTooLongIs409) {
  const Request req = post("/backend/things", "{}");
  RequestContext ctx{req, "req-1", *boost::urls::parse_origin_form(req.target()), {}, tenant_, std::nullopt, "", {}};
  store_.rows[FakeStore::Key{7, "u-1", "key-1"}] = {idempotency_fingerprint(ctx, "/backend/things"), false, {}, "held"};
  auto res = call(req, counting());
  EXPECT_EQ(res.result_int(), 409u);
  EXPECT_EQ(json::parse(res.body()).at("error").as_string(), "IDEMPOTENCY_KEY_IN_USE");
  EXPECT_EQ(res[bhttp::field::retry_after], "1");
  EXPECT_EQ(runs_, 0);
}

}  // namespace
}  // namespace portal::http
