// idempotent_one_trip(): claim, call and store in one job on the database pool.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json/parse.hpp>
#include <boost/url/parse.hpp>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include "http/error.hpp"
#include "core/tenant.hpp"
#include "http/idempotency.hpp"
#include "http/json.hpp"
#include "http/on_pool.hpp"
#include "http/pipeline.hpp"

namespace portal::http {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;

// Every job on the database pool resumes the request's coroutine with one
// handler on the I/O side; the same request without a key (one plain trip) is
// the yardstick: a keyed call that runs as many I/O handlers made as many trips.
struct Trace {
  std::mutex mutex;
  std::vector<std::string> events;
  std::set<std::thread::id> threads;
  void note(std::string what) {
    std::lock_guard lock(mutex);
    events.push_back(std::move(what));
    threads.insert(std::this_thread::get_id());
  }
  std::vector<std::string> names() {
    std::lock_guard lock(mutex);
    return events;
  }
};

// The store in memory: its blocking face notes each call; its awaitable face
// must not be used by the one-trip path.
class OneTripStore final : public IdempotencyStore, public BlockingIdempotencyStore {
 public:
  struct Row {
    std::string fingerprint;
    bool done = false;
    StoredAnswer answer;
    std::string token;
  };
  using Key = std::tuple<std::int64_t, std::string, std::string>;

  explicit OneTripStore(Trace& trace) : trace_(trace) {}

  asio::awaitable<IdempotencyClaim> claim(const IdempotencyScope&, std::string) override {
    ++awaitable_calls;
    co_return IdempotencyClaim{};
  }
  asio::awaitable<void> complete(const IdempotencyScope&, std::string, StoredAnswer) override {
    ++awaitable_calls;
    co_return;
  }
  asio::awaitable<void> release(const IdempotencyScope&, std::string) override {
    ++awaitable_calls;
    co_return;
  }
  BlockingIdempotencyStore* blocking() noexcept override { return this; }

  IdempotencyClaim claim_now(const IdempotencyScope& s, const std::string& fingerprint) override {
    trace_.note("claim");
    std::lock_guard lock(mutex_);
    auto [it, inserted] = rows.try_emplace(Key{s.tenant_id, s.user_uuid, s.key});
    if (inserted) {
      it->second = {fingerprint, false, {}, "t" + std::to_string(++tokens_)};
      return {IdempotencyClaim::State::claimed, fingerprint, {}, it->second.token};
    }
    const Row& row = it->second;
    if (!row.done) ++running_seen;
    return {row.done ? IdempotencyClaim::State::answered : IdempotencyClaim::State::running, row.fingerprint,
            row.answer, {}};
  }
  void complete_now(const IdempotencyScope& s, const std::string& token, const StoredAnswer& answer) override {
    trace_.note("store");
    std::lock_guard lock(mutex_);
    auto& row = rows.at(Key{s.tenant_id, s.user_uuid, s.key});
    EXPECT_EQ(row.token, token);
    row.done = true;
    row.answer = answer;
  }
  void release_now(const IdempotencyScope& s, const std::string& token) override {
    trace_.note("release");
    std::lock_guard lock(mutex_);
    auto it = rows.find(Key{s.tenant_id, s.user_uuid, s.key});
    if (it != rows.end() && it->second.token == token) rows.erase(it);
  }

  std::map<Key, Row> rows;
  int awaitable_calls = 0;
  std::atomic<int> running_seen{0};

 private:
  Trace& trace_;
  std::mutex mutex_;
  int tokens_ = 0;
};

class IdempotencyOneTripTest : public ::testing::Test {
 protected:
  IdempotencyOneTripTest() {
    tenant_ = std::make_shared<core::Tenant>();
    tenant_->id = 7;
    tenant_->name = "aurora";
  }
  ~IdempotencyOneTripTest() override { pool_.join(); }

  // A handler as a converted route writes it: input on the I/O thread, then one
  // on_pool job that does the work and builds the answer.
  Handler pooled(int status = 201) {
    return [this, status](RequestContext& ctx) -> asio::awaitable<Response> {
      co_return co_await on_pool(ctx, pool_, [this, &ctx, status] {
        trace_.note("work");
        ++runs_;
        return data_response(ctx, json::object{{"run", runs_.load()}}, static_cast<Status>(status));
      });
    };
  }

  Request post(std::string target, std::string body, std::string key = "key-1") {
    Request req{Verb::post, target, 11};
    if (!key.empty()) req.set("Idempotency-Key", key);
    req.body() = std::move(body);
    req.prepare_payload();
    return req;
  }

  asio::awaitable<Response> run_one(const Request& req, Handler handler, std::string user = "u-1") {
    RequestContext ctx{req, "req-1", *boost::urls::parse_origin_form(req.target()), {}, tenant_, std::nullopt, "", {}};
    if (!user.empty()) ctx.user = Principal{"id-" + user, {}, user, "s"};
    auto res = co_await idempotent_one_trip(store_, ctx, "/backend/things", handler,
                                            IdempotencyOptions{std::chrono::milliseconds(300),
                                                               std::chrono::milliseconds(5)});
    EXPECT_EQ(ctx.pool_runner, nullptr);  // not left pointing into a finished frame
    co_return res;
  }

  // Runs the io_context, counting its handlers (see Trace).
  void drive(asio::io_context& ioc) {
    handlers_ = 0;
    while (ioc.run_one()) ++handlers_;
  }

  Response call(const Request& req, Handler handler, std::string user = "u-1") {
    asio::io_context ioc;
    auto future = asio::co_spawn(ioc, run_one(req, std::move(handler), std::move(user)), asio::use_future);
    drive(ioc);
    return future.get();
  }

  // Trips and events of the next call only.
  void reset_trace() {
    std::lock_guard lock(trace_.mutex);
    trace_.events.clear();
  }

  std::shared_ptr<core::Tenant> tenant_;
  Trace trace_;
  OneTripStore store_{trace_};
  asio::thread_pool pool_{2};
  std::atomic<int> runs_{0};
  int handlers_ = 0;  // of the last drive()
};

TEST_F(IdempotencyOneTripTest, ClaimCallAndStoreAreOneTripAndAReplayIsOne) {
  call(post("/backend/things", R"({"a":1})", ""), pooled());  // no key: one plain trip
  const int one_trip = handlers_;
  reset_trace();
  runs_ = 0;
  auto first = call(post("/backend/things", R"({"a":1})"), pooled());
  EXPECT_EQ(first.result_int(), 201u);
  EXPECT_EQ(trace_.names(), (std::vector<std::string>{"claim", "work", "store"}));
  EXPECT_EQ(handlers_, one_trip);
  EXPECT_EQ(trace_.threads.count(std::this_thread::get_id()), 0u);  // all of it on the pool
  EXPECT_EQ(store_.awaitable_calls, 0);

  reset_trace();
  auto second = call(post("/backend/things", R"({"a":1})"), pooled());
  EXPECT_EQ(runs_, 1);
  EXPECT_EQ(second.result_int(), 201u);
  EXPECT_EQ(second.body(), first.body());
  EXPECT_EQ(second["Idempotent-Replayed"], "true");
  EXPECT_EQ(second[bhttp::field::cache_control], "no-store");
  EXPECT_EQ(trace_.names(), (std::vector<std::string>{"claim"}));
  EXPECT_EQ(handlers_, one_trip);
}

TEST_F(IdempotencyOneTripTest, AReusedKeyIs422WithoutRunning) {
  call(post("/backend/things", R"({"a":1})"), pooled());
  auto other = call(post("/backend/things", R"({"a":2})"), pooled());
  EXPECT_EQ(other.result_int(), 422u);
  EXPECT_EQ(json::parse(other.body()).at("error").as_string(), "IDEMPOTENCY_KEY_REUSED");
  EXPECT_EQ(runs_, 1);
}

TEST_F(IdempotencyOneTripTest, AFailedCallGivesTheKeyBackInTheSameTrip) {
  Handler throwing = [this](RequestContext& ctx) -> asio::awaitable<Response> {
    co_return co_await on_pool(ctx, pool_, [this]() -> Response {
      trace_.note("work");
      throw http::ErrorException(http::Error::conflict("TAKEN", "taken"));
    });
  };
  EXPECT_THROW(call(post("/backend/things", "{}"), throwing), http::ErrorException);
  EXPECT_EQ(trace_.names(), (std::vector<std::string>{"claim", "work", "release"}));
  EXPECT_TRUE(store_.rows.empty());

  auto fault = call(post("/backend/things", "{}"), pooled(503));
  EXPECT_EQ(fault.result_int(), 503u);
  EXPECT_TRUE(store_.rows.empty());  // a 5xx is not kept either
  auto ok = call(post("/backend/things", "{}"), pooled());
  EXPECT_EQ(ok.result_int(), 201u);
  EXPECT_EQ(runs_, 2);
}

TEST_F(IdempotencyOneTripTest, AnErrorAnswerIsKeptLikeAnyFinalAnswer) {
  Handler refusing = [this](RequestContext& ctx) -> asio::awaitable<Response> {
    co_return co_await on_pool(ctx, pool_, [this, &ctx] {
      ++runs_;
      return error_response(ctx.req, http::Error::conflict("USER_ALREADY_SUBSCRIBED", "Already"), ctx.request_id);
    });
  };
  auto first = call(post("/backend/things", "{}"), refusing);
  auto second = call(post("/backend/things", "{}"), refusing);
  EXPECT_EQ(second.result_int(), 409u);
  EXPECT_EQ(second.body(), first.body());
  EXPECT_EQ(runs_, 1);
}

TEST_F(IdempotencyOneTripTest, BadInputBeforeThePoolClaimsNothing) {
  Handler validating = [](RequestContext&) -> asio::awaitable<Response> {
    throw http::ErrorException(http::Error::invalid_field("x", "is required"));
    co_return Response{};
  };
  EXPECT_THROW(call(post("/backend/things", "{}"), validating), http::ErrorException);
  EXPECT_TRUE(trace_.names().empty());
  EXPECT_TRUE(store_.rows.empty());
}

TEST_F(IdempotencyOneTripTest, WithoutAKeyOrAUserOnPoolIsAPlainTrip) {
  call(post("/backend/things", "{}", ""), pooled());
  call(post("/backend/things", "{}"), pooled(), "");
  EXPECT_EQ(runs_, 2);
  EXPECT_EQ(trace_.names(), (std::vector<std::string>{"work", "work"}));
  EXPECT_TRUE(store_.rows.empty());
}

TEST_F(IdempotencyOneTripTest, ABadKeyIsAValidationError) {
  try {
    call(post("/backend/things", "{}", std::string(129, 'k')), pooled());
    FAIL() << "expected a 400";
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 400);
    EXPECT_EQ(e.error.data.at("field").as_string(), "Idempotency-Key");
  }
  EXPECT_EQ(runs_, 0);
}

TEST_F(IdempotencyOneTripTest, AConcurrentTwinWaitsForTheFirstAnswer) {
  asio::io_context ioc;
  const Request req = post("/backend/things", "{}");
  Handler slow = [&](RequestContext& ctx) -> asio::awaitable<Response> {
    co_return co_await on_pool(ctx, pool_, [&] {
      ++runs_;
      // Hold the key until the twin has found it running at least once.
      for (int i = 0; i < 400 && store_.running_seen == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      return data_response(ctx, json::object{{"run", runs_.load()}}, Status::created);
    });
  };
  auto a = asio::co_spawn(ioc, run_one(req, slow), asio::use_future);
  auto b = asio::co_spawn(ioc, run_one(req, slow), asio::use_future);
  drive(ioc);
  const auto first = a.get(), second = b.get();
  EXPECT_EQ(runs_, 1);
  EXPECT_GE(store_.running_seen, 1);
  EXPECT_EQ(first.result_int(), 201u);
  EXPECT_EQ(second.result_int(), 201u);
  EXPECT_EQ(first.body(), second.body());
  EXPECT_EQ((first["Idempotent-Replayed"] == "true") + (second["Idempotent-Replayed"] == "true"), 1);
}

TEST_F(IdempotencyOneTripTest, ATwinThatWaitsTooLongIs409) {
  const Request req = post("/backend/things", "{}");
  RequestContext ctx{req, "req-1", *boost::urls::parse_origin_form(req.target()), {}, tenant_, std::nullopt, "", {}};
  store_.rows[OneTripStore::Key{7, "u-1", "key-1"}] = {idempotency_fingerprint(ctx, "/backend/things"), false, {}, "held"};
  auto res = call(req, pooled());
  EXPECT_EQ(res.result_int(), 409u);
  EXPECT_EQ(json::parse(res.body()).at("error").as_string(), "IDEMPOTENCY_KEY_IN_USE");
  EXPECT_EQ(res[bhttp::field::retry_after], "1");
  EXPECT_EQ(runs_, 0);
}

TEST_F(IdempotencyOneTripTest, ASecondOnPoolCallIsAFault) {
  Handler twice = [this](RequestContext& ctx) -> asio::awaitable<Response> {
    co_await on_pool(ctx, pool_, [&ctx] { return data_response(ctx, json::object{}); });
    co_return co_await on_pool(ctx, pool_, [&ctx] { return data_response(ctx, json::object{}); });
  };
  EXPECT_THROW(call(post("/backend/things", "{}"), twice), std::logic_error);
}

TEST_F(IdempotencyOneTripTest, ThePipelineRunsAKeyOneTripRowThroughTheRunner) {
  Router backend, portal;
  backend.add({Verb::post, "/backend/things", pooled(), TenantFrom::header, Access::user, Idempotency::key_one_trip});
  PipelineHooks hooks;
  hooks.tenant_by_name = [this](std::string_view) { return tenant_; };
  hooks.authenticate = [](RequestContext& ctx) -> asio::awaitable<void> {
    ctx.user = Principal{"u1", {}, "uuid-1", "s1"};
    co_return;
  };
  hooks.idempotency = std::shared_ptr<IdempotencyStore>(std::shared_ptr<void>{}, &store_);  // not owned
  Metrics metrics;
  Pipeline pipeline(backend, portal, metrics, hooks);
  auto send = [&] {
    Request req = post("/backend/things", "{}");
    req.set("X-Tenant-ID", "aurora");
    asio::io_context ioc;
    auto future = asio::co_spawn(ioc, pipeline.handle(req, "127.0.0.1"), asio::use_future);
    drive(ioc);
    return future.get();
  };
  auto first = send();
  const int keyed = handlers_;
  auto second = send();
  EXPECT_EQ(first.result_int(), 201u);
  EXPECT_EQ(second["Idempotent-Replayed"], "true");
  EXPECT_EQ(runs_, 1);
  EXPECT_EQ(trace_.names(), (std::vector<std::string>{"claim", "work", "store", "claim"}));
  // The same call without a key: the handler's one plain trip, nothing stored.
  Request plain = post("/backend/things", "{}", "");
  plain.set("X-Tenant-ID", "aurora");
  asio::io_context ioc;
  auto future = asio::co_spawn(ioc, pipeline.handle(plain, "127.0.0.1"), asio::use_future);
  drive(ioc);
  EXPECT_EQ(future.get().result_int(), 201u);
  EXPECT_EQ(handlers_, keyed);
}

}  // namespace
}  // namespace portal::http
