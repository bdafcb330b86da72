#include "http/pipeline.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json/parse.hpp>

#include <future>
#include <thread>

#include "http/error.hpp"
#include "db/test_database.hpp"
#include "core/tenant.hpp"
#include "http/json.hpp"

namespace portal::http {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;

class PipelineTest : public ::testing::Test {
 protected:
  PipelineTest() {
    tenant_ = std::make_shared<core::Tenant>();
    tenant_->name = "aurora";
    backend_.add({Verb::get, "/backend/boom", [](RequestContext&) -> asio::awaitable<Response> {
                    throw std::runtime_error("database exploded");
                    co_return Response{};
                  }});
    backend_.add({Verb::get, "/backend/expected", [](RequestContext&) -> asio::awaitable<Response> {
                    throw http::ErrorException(http::Error::conflict("USER_ALREADY_SUBSCRIBED", "Already subscribed"));
                    co_return Response{};
                  }});
    backend_.add({Verb::get, "/backend/whoami", [](RequestContext& ctx) -> asio::awaitable<Response> {
                    co_return data_response(ctx, json::object{{"tenant", ctx.require_tenant().name}});
                  }});
    // Access::user: the handler counts its runs, so a refused guest shows it never ran.
    backend_.add({Verb::get, "/backend/mine", [this](RequestContext& ctx) -> asio::awaitable<Response> {
                    ++mine_runs_;
                    co_return data_response(ctx, json::object{{"user", ctx.user->user_id}});
                  }, TenantFrom::header, Access::user});
    hooks_.authenticate = [](RequestContext& ctx) -> asio::awaitable<void> {
      if (ctx.req[bhttp::field::authorization] == "Bearer ok") ctx.user = Principal{"u1", {}, "uuid-1", "s1"};
      co_return;
    };
    hooks_.tenant_by_name = [this](std::string_view name) {
      return name == "aurora" ? tenant_ : std::shared_ptr<const core::Tenant>();
    };
    hooks_.tenant_by_host = [this](std::string_view) { return tenant_; };
    hooks_.origin_allowed = [this](std::string_view origin, const core::Tenant* tenant, const core::Reached&) {
      // aurora's own origin; "http://vela.example" is another tenant's.
      if (origin == "http://aurora.example") return tenant == nullptr || tenant == tenant_.get();
      if (origin == "http://vela.example") return tenant == nullptr;
      return false;
    };
    hooks_.portal_fallback = [](RequestContext& ctx) -> asio::awaitable<Response> {
      co_return json_response(ctx, Status::ok, json::object{{"fallback", true}});
    };
  }

  Response run(Request req) {
    Pipeline pipeline(backend_, portal_, metrics_, hooks_);
    asio::io_context ioc;
    auto future = asio::co_spawn(ioc, pipeline.handle(req, "127.0.0.1"), asio::use_future);
    ioc.run();
    return future.get();
  }

  Request get(std::string target, std::string tenant = "aurora") {
    Request req{Verb::get, target, 11};
    if (!tenant.empty()) req.set("X-Tenant-ID", tenant);
    return req;
  }

  std::shared_ptr<core::Tenant> tenant_;
  int mine_runs_ = 0;
  Router backend_, portal_;
  Metrics metrics_;
  PipelineHooks hooks_;
};

TEST_F(PipelineTest, AnExceptionBecomesA500WithTheRequestIdAndRevealsNothing) {
  auto res = run(get("/backend/boom"));
  EXPECT_EQ(res.result_int(), 500u);
  auto body = json::parse(res.body()).as_object();
  EXPECT_EQ(body.at("error").as_string(), "INTERNAL_ERROR");
  EXPECT_EQ(body.at("requestId").as_string(), res["X-Request-ID"]);
  EXPECT_EQ(res.body().find("exploded"), std::string::npos);
}

// A pool of one connection held by one job: a request that needs it waits the
// checkout timeout, then gets the one error shape with 503 and Retry-After.
TEST_F(PipelineTest, ABusyDatabasePoolAnswers503WithRetryAfter) {
  const auto dir = db::test_directory("portal-pool");
  {
    auto database = db::open((dir / "pool.db").string(), 1, std::chrono::milliseconds(50));
    database->execute("CREATE TABLE t (v INTEGER)");
    backend_.add({Verb::get, "/backend/write", [&](RequestContext& ctx) -> asio::awaitable<Response> {
                    database->execute("INSERT INTO t VALUES (2)");
                    co_return data_response(ctx, nullptr);
                  }});
    std::promise<void> held, release;
    std::thread job([&] {
      database->transaction([&](db::Session& s) {
        s.execute("INSERT INTO t VALUES (1)");
        held.set_value();
        release.get_future().wait();
      });
    });
    held.get_future().wait();
    auto res = run(get("/backend/write"));
    release.set_value();
    job.join();
    EXPECT_EQ(res.result_int(), 503u);
    EXPECT_EQ(res[bhttp::field::retry_after], std::to_string(kPoolExhaustedRetryAfter));
    auto body = json::parse(res.body()).as_object();
    EXPECT_EQ(body.at("status").as_int64(), 503);
    EXPECT_EQ(body.at("error").as_string(), "SERVICE_UNAVAILABLE");
    EXPECT_EQ(body.at("data").at("retryAfter").as_int64(), kPoolExhaustedRetryAfter);
    EXPECT_EQ(body.at("requestId").as_string(), res["X-Request-ID"]);
    EXPECT_EQ(run(get("/backend/write")).result_int(), 200u);  // free again
  }
  std::filesystem::remove_all(dir);
}

TEST_F(PipelineTest, AnExpectedErrorKeepsItsStatusAndCode) {
  auto res = run(get("/backend/expected"));
  EXPECT_EQ(res.result_int(), 409u);
  EXPECT_EQ(json::parse(res.body()).at("error").as_string(), "USER_ALREADY_SUBSCRIBED");
}

TEST_F(PipelineTest, TenantHeaderIsRequiredAndMustBeKnown) {
  EXPECT_EQ(run(get("/backend/whoami", "")).result_int(), 400u);
  EXPECT_EQ(run(get("/backend/whoami", "nobody")).result_int(), 404u);
  auto ok = run(get("/backend/whoami"));
  EXPECT_EQ(ok.result_int(), 200u);
  EXPECT_EQ(json::parse(ok.body()).at("data").at("tenant").as_string(), "aurora");
}

TEST_F(PipelineTest, RoutingErrorsAndThePortalFallback) {
  EXPECT_EQ(run(get("/backend/nothing")).result_int(), 404u);
  Request post{Verb::post, "/backend/whoami", 11};
  post.set("X-Tenant-ID", "aurora");
  auto res = run(post);
  EXPECT_EQ(res.result_int(), 405u);
  EXPECT_EQ(res[bhttp::field::allow], "GET");
  EXPECT_EQ(run(get("//evil.example/x")).result_int(), 400u);
  auto page = run(get("/any/page", ""));
  EXPECT_EQ(json::parse(page.body()).at("fallback").as_bool(), true);
  Request put{Verb::put, "/any/page", 11};
  EXPECT_EQ(run(put).result_int(), 405u);
}

TEST_F(PipelineTest, AUserRouteAnswersAGuest401BeforeTheHandlerRuns) {
  auto guest = run(get("/backend/mine"));
  EXPECT_EQ(guest.result_int(), 401u);
  EXPECT_EQ(json::parse(guest.body()).at("error").as_string(), "UNAUTHORIZED");
  EXPECT_EQ(mine_runs_, 0);
  auto req = get("/backend/mine");
  req.set(bhttp::field::authorization, "Bearer ok");
  auto signed_in = run(req);
  EXPECT_EQ(signed_in.result_int(), 200u);
  EXPECT_EQ(json::parse(signed_in.body()).at("data").at("user").as_string(), "u1");
  EXPECT_EQ(mine_runs_, 1);
}

TEST_F(PipelineTest, AKeyRouteWithoutAStoreIsAFaultNotASilentDoubleCharge) {
  backend_.add({Verb::post, "/backend/pay", [](RequestContext& ctx) -> asio::awaitable<Response> {
                  co_return data_response(ctx, nullptr);
                }, TenantFrom::header, Access::user, Idempotency::key});
  Request req{Verb::post, "/backend/pay", 11};
  req.set("X-Tenant-ID", "aurora");
  req.set(bhttp::field::authorization, "Bearer ok");
  req.set("Idempotency-Key", "k");
  EXPECT_EQ(run(req).result_int(), 500u);
}

TEST_F(PipelineTest, MetricsCountByRoutePattern) {
  run(get("/backend/whoami"));
  run(get("/backend/boom"));
  const auto text = metrics_.render();
  EXPECT_NE(text.find("route=\"/backend/whoami\",status=\"200\"} 1"), std::string::npos) << text;
  EXPECT_NE(text.find("route=\"/backend/boom\",status=\"500\"} 1"), std::string::npos);
}

TEST_F(PipelineTest, CorsAnswersATenantsCallsToItsOwnOriginsOnly) {
  const auto allowed = [](const Response& res) { return std::string(res[bhttp::field::access_control_allow_origin]); };
  auto own = get("/backend/whoami");
  own.set(bhttp::field::origin, "http://aurora.example");
  EXPECT_EQ(allowed(run(own)), "http://aurora.example");
  // Another tenant's origin with X-Tenant-ID: aurora was allowed (issue 10).
  auto foreign = get("/backend/whoami");
  foreign.set(bhttp::field::origin, "http://vela.example");
  auto res = run(foreign);
  EXPECT_EQ(res.result_int(), 200u);
  EXPECT_EQ(allowed(res), "");
  EXPECT_EQ(res[bhttp::field::access_control_allow_credentials], "");
  EXPECT_NE(res[bhttp::field::vary].find("Origin"), std::string::npos);
  // The same when the call fails before its route took the tenant (an unknown route).
  auto failed = get("/backend/nothing");
  failed.set(bhttp::field::origin, "http://vela.example");
  EXPECT_EQ(allowed(run(failed)), "");
  // An unknown tenant has no origins.
  auto unknown = get("/backend/whoami", "nobody");
  unknown.set(bhttp::field::origin, "http://aurora.example");
  EXPECT_EQ(allowed(run(unknown)), "");
  // A preflight carries no X-Tenant-ID value: any tenant's origin may ask.
  Request preflight{Verb::options, "/backend/whoami", 11};
  preflight.set(bhttp::field::origin, "http://vela.example");
  EXPECT_EQ(allowed(run(preflight)), "http://vela.example");
}

TEST_F(PipelineTest, RequestTextInAnErrorIsValidUtf8) {
  auto res = run(get("/backend/catalog/articles/%FF%FE"));
  EXPECT_EQ(res.result_int(), 404u);
  EXPECT_EQ(res.body().find('\xFF'), std::string::npos) << res.body();
  const auto body = json::parse(res.body());
  EXPECT_EQ(body.at("message").as_string(), "No backend call at /backend/catalog/articles/\xEF\xBF\xBD\xEF\xBF\xBD");
  auto header = get("/backend/whoami", "bad\xFF\xFEtenant");
  res = run(header);
  EXPECT_EQ(res.result_int(), 404u);
  EXPECT_EQ(json::parse(res.body()).at("message").as_string(), "Unknown tenant 'bad\xEF\xBF\xBD\xEF\xBF\xBDtenant'");
}

TEST_F(PipelineTest, AMalformedAcceptEncodingWeightIsIgnoredNotAnError) {
  backend_.add({Verb::get, "/backend/long", [](RequestContext& ctx) -> asio::awaitable<Response> {
                  co_return data_response(ctx, json::string(std::string(4096, 'a')));
                }});
  for (const char* header : {"gzip;q=x", "gzip;q=", "gzip;q=1e999", "gzip; q=0.5x"}) {
    auto req = get("/backend/long");
    req.set(bhttp::field::accept_encoding, header);
    auto res = run(req);
    EXPECT_EQ(res.result_int(), 200u) << header;
    EXPECT_EQ(res[bhttp::field::content_encoding], "gzip") << header;
  }
  auto refused = get("/backend/long");
  refused.set(bhttp::field::accept_encoding, "gzip;q=0.000, br;q=0");
  EXPECT_EQ(run(refused)[bhttp::field::content_encoding], "");
}

}  // namespace
}  // namespace portal::http
