// The handler adapter (http/handle.hpp): the body read before the work, the work
// on the pool, a domain's error answered through its own mapping, no-store.
#include "http/handle.hpp"

#include <gtest/gtest.h>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/parse.hpp>
#include <boost/system/result.hpp>
#include <boost/url/parse.hpp>
#include <optional>
#include <string>
#include <thread>

namespace portal::adapter_test {

// A domain of the test's own: its error and the one mapping of it to HTTP.
struct Error {
  std::string what;
};
template <class T>
using Result = boost::system::result<T, Error>;
http::Error http_error(const Error& e) { return http::Error::conflict("TEST_REFUSED", e.what); }

struct NameBody {
  http::Text name;
  std::optional<std::int64_t> count;
};
BOOST_DESCRIBE_STRUCT(NameBody, (), (name, count))

struct GreetingDto {
  std::string greeting;
  bool onPool = false;
};
BOOST_DESCRIBE_STRUCT(GreetingDto, (), (greeting, onPool))

class HandleTest : public ::testing::Test {
 protected:
  http::Response run(const http::Handler& handler, std::string body = "", http::Verb verb = http::Verb::post) {
    http::Request req{verb, "/backend/test/7", 11};
    req.body() = std::move(body);
    req.prepare_payload();
    http::RequestContext ctx{req, "req-1", *boost::urls::parse_origin_form(req.target()), {}, nullptr, std::nullopt,
                             "", {}};
    boost::asio::io_context ioc;
    auto future = boost::asio::co_spawn(ioc, handler(ctx), boost::asio::use_future);
    ioc.run();
    return future.get();
  }
  static boost::json::value json_of(const http::Response& res) { return boost::json::parse(res.body()); }

  boost::asio::thread_pool pool{1};
  std::thread::id io_thread = std::this_thread::get_id();
};

TEST_F(HandleTest, AnswersTheValueAsDataOnThePoolAndSaysNoStore) {
  const auto io = io_thread;
  auto handler = http::handle<NameBody>(pool, [io](const http::Call<NameBody>& c) {
    return GreetingDto{"hello " + c.body.name.value, std::this_thread::get_id() != io};
  });
  const auto res = run(handler, R"({"name":"Ada"})");
  EXPECT_EQ(res.result(), http::Status::ok);
  EXPECT_EQ(res[http::bhttp::field::cache_control], "no-store");
  const auto data = json_of(res).at("data");
  EXPECT_EQ(data.at("greeting").as_string(), "hello Ada");
  EXPECT_TRUE(data.at("onPool").as_bool());
}

TEST_F(HandleTest, MapsTheValueAndKeepsTheAnswersStatusAndCacheRule) {
  auto handler = http::handle(
      pool, [](const http::Call<http::NoBody>&) { return Result<std::string>("mapped"); },
      [](const std::string& s) { return GreetingDto{s, true}; },
      http::Answer{.status = http::Status::created, .no_store = false});
  const auto res = run(handler);
  EXPECT_EQ(res.result(), http::Status::created);
  EXPECT_EQ(res.count(http::bhttp::field::cache_control), 0u);
  EXPECT_EQ(json_of(res).at("data").at("greeting").as_string(), "mapped");
}

TEST_F(HandleTest, AnswersADomainErrorThroughTheDomainsMapping) {
  auto handler = http::handle(pool, [](const http::Call<http::NoBody>&) -> Result<GreetingDto> {
    return Error{"not today"};
  });
  try {
    run(handler);
    FAIL() << "the domain's error was not thrown";
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 409);
    EXPECT_EQ(e.error.code, "TEST_REFUSED");
    EXPECT_EQ(e.error.message, "not today");
  }
}

TEST_F(HandleTest, RefusesABadBodyNamingTheFieldBeforeAnyWork) {
  std::atomic<int> ran = 0;
  auto handler = http::handle<NameBody>(pool, [&ran](const http::Call<NameBody>&) {
    ++ran;
    return GreetingDto{};
  });
  try {
    run(handler, R"({"name":"Ada","count":"many"})");
    FAIL() << "a bad body was accepted";
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 400);
    EXPECT_EQ(e.error.code, "VALIDATION_ERROR");
    EXPECT_EQ(e.error.data.at("field").as_string(), "count");
  }
  EXPECT_EQ(ran, 0);
}

TEST_F(HandleTest, AnOptionalBodyIsReadOnlyWhenTheRequestHasOne) {
  auto handler = http::handle<std::optional<NameBody>>(pool, [](const http::Call<std::optional<NameBody>>& c) {
    return GreetingDto{c.body ? c.body->name.value : "nobody", false};
  });
  EXPECT_EQ(json_of(run(handler, "", http::Verb::delete_)).at("data").at("greeting").as_string(), "nobody");
  EXPECT_EQ(json_of(run(handler, R"({"name":"Bo"})")).at("data").at("greeting").as_string(), "Bo");
}

TEST(ValueOrThrow, OneTemplateServesTheHttpErrorAndEveryDomainsError) {
  EXPECT_EQ(http::value_or_throw(Result<int>(7)), 7);
  EXPECT_THROW(http::value_or_throw(Result<void>(Error{"no"})), http::ErrorException);
  const http::Result<int> own = http::Error::not_found("GONE", "gone");
  try {
    (void)http::value_or_throw(own);
    FAIL();
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.code, "GONE");
  }
}

}  // namespace portal::adapter_test
