#include "http/etag.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace portal::http {
namespace {

TEST(Etag, StrongQuotedAndStable) {
  const auto tag = strong_etag("{\"data\":1}");
  EXPECT_EQ(tag, strong_etag("{\"data\":1}"));
  EXPECT_NE(tag, strong_etag("{\"data\":2}"));
  ASSERT_EQ(tag.size(), 34u);  // quotes around 32 hex digits (BLAKE2b-128)
  EXPECT_EQ(tag.front(), '"');
  EXPECT_EQ(tag.back(), '"');
  // Known answer: the same on every machine and build.
  EXPECT_EQ(strong_etag(""), "\"cae66941d9efbd404e4d88758ea67670\"");
}

TEST(Etag, IfNoneMatchUsesTheWeakComparison) {
  EXPECT_TRUE(etag_matches("\"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("W/\"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("\"x\", \"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("*", "\"a\""));
  EXPECT_FALSE(etag_matches("\"b\"", "\"a\""));
  EXPECT_FALSE(etag_matches("", "\"a\""));
}

TEST(Etag, ConditionalAnswers) {
  Request req{Verb::get, "/backend/catalog/articles", 11};
  RequestContext ctx{req, "id", boost::urls::url_view("/backend/catalog/articles"), {}, nullptr, std::nullopt, "", {}};
  boost::json::object data{{"total", 0}};
  auto first = conditional_data_response(ctx, data, "private, max-age=120");
  EXPECT_EQ(first.result_int(), 200u);
  EXPECT_EQ(first.body(), R"({"data":{"total":0}})");
  const std::string tag(first[bhttp::field::etag]);
  EXPECT_EQ(tag, strong_etag(first.body()));
  EXPECT_EQ(first[bhttp::field::cache_control], "private, max-age=120");
  EXPECT_NE(std::string(first[bhttp::field::vary]).find("X-Tenant-ID"), std::string::npos);

  req.set(bhttp::field::if_none_match, tag);
  auto second = conditional_data_response(ctx, data, "private, no-cache");
  EXPECT_EQ(second.result_int(), 304u);
  EXPECT_TRUE(second.body().empty());
  EXPECT_EQ(second[bhttp::field::etag], tag);
  EXPECT_EQ(second[bhttp::field::cache_control], "private, no-cache");

  req.set(bhttp::field::if_none_match, "\"other\"");
  EXPECT_EQ(conditional_data_response(ctx, data, "private, no-cache").result_int(), 200u);

  // no-store (omitCache=true): the whole answer, without a tag, whatever the request names.
  req.set(bhttp::field::if_none_match, tag);
  auto unkept = conditional_data_response(ctx, data, "no-store");
  EXPECT_EQ(unkept.result_int(), 200u);
  EXPECT_EQ(unkept.body(), R"({"data":{"total":0}})");
  EXPECT_TRUE(unkept[bhttp::field::etag].empty());
  EXPECT_EQ(unkept[bhttp::field::cache_control], "no-store");
}

}  // namespace
}  // namespace portal::http
