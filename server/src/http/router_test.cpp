#include "http/router.hpp"

#include <gtest/gtest.h>

namespace portal::http {
namespace {

Handler noop_handler() {
  return [](RequestContext&) -> boost::asio::awaitable<Response> { co_return Response{}; };
}

TEST(Router, MatchesLiteralAndParameterSegments) {
  Router r;
  r.add({Verb::get, "/backend/structure/{name}", noop_handler()});
  r.add({Verb::get, "/backend/structure/{name}/fragment/{id}", noop_handler()});
  auto m = r.match(Verb::get, "/backend/structure/home/fragment/hero");
  ASSERT_NE(m.route, nullptr);
  EXPECT_EQ(m.route->pattern, "/backend/structure/{name}/fragment/{id}");
  ASSERT_EQ(m.params.size(), 2u);
  EXPECT_EQ(m.params[0], (std::pair<std::string, std::string>{"name", "home"}));
  EXPECT_EQ(m.params[1], (std::pair<std::string, std::string>{"id", "hero"}));
}

TEST(Router, LiteralBeatsParameter) {
  Router r;
  r.add({Verb::get, "/backend/user/{id}", noop_handler()});
  r.add({Verb::get, "/backend/user/profile", noop_handler()});
  auto m = r.match(Verb::get, "/backend/user/profile");
  ASSERT_NE(m.route, nullptr);
  EXPECT_EQ(m.route->pattern, "/backend/user/profile");
  EXPECT_TRUE(m.params.empty());
}

TEST(Router, TellsNotFoundFromMethodNotAllowed) {
  Router r;
  r.add({Verb::get, "/backend/user/profile", noop_handler()});
  r.add({Verb::put, "/backend/user/profile", noop_handler()});
  auto missing = r.match(Verb::get, "/backend/nothing");
  EXPECT_EQ(missing.route, nullptr);
  EXPECT_TRUE(missing.allowed.empty());
  auto wrong = r.match(Verb::delete_, "/backend/user/profile");
  EXPECT_EQ(wrong.route, nullptr);
  EXPECT_EQ(wrong.allowed, (std::vector<Verb>{Verb::get, Verb::put}));
}

TEST(Router, HeadIsAnsweredByGet) {
  Router r;
  r.add({Verb::get, "/healthz", noop_handler()});
  EXPECT_NE(r.match(Verb::head, "/healthz").route, nullptr);
}

TEST(Router, SegmentCountMustAgree) {
  Router r;
  r.add({Verb::get, "/a/{x}", noop_handler()});
  EXPECT_EQ(r.match(Verb::get, "/a").route, nullptr);
  EXPECT_EQ(r.match(Verb::get, "/a/b/c").route, nullptr);
  EXPECT_NE(r.match(Verb::get, "/a/b/").route, nullptr);
}

}  // namespace
}  // namespace portal::http
