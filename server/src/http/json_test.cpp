#include "http/json.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace portal::http {
namespace {

TEST(ErrorShape, CarriesStatusCodeMessageDataAndRequestId) {
  Request req{Verb::get, "/", 11};
  auto res = error_response(req, http::Error::invalid_field("email", "must be an e-mail address"), "abc123");
  EXPECT_EQ(res.result_int(), 400u);
  EXPECT_EQ(res[bhttp::field::content_type], "application/json");
  auto body = boost::json::parse(res.body()).as_object();
  EXPECT_EQ(body.at("status").as_int64(), 400);
  EXPECT_EQ(body.at("error").as_string(), "VALIDATION_ERROR");
  EXPECT_EQ(body.at("data").at("field").as_string(), "email");
  EXPECT_EQ(body.at("requestId").as_string(), "abc123");
}

TEST(JsonBody, BadJsonAndNonObjectsAreClearErrors) {
  Request req{Verb::post, "/", 11};
  req.body() = "{not json";
  try {
    parse_json_object(req);
    FAIL();
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.status, 400);
    EXPECT_EQ(e.error.code, "INVALID_JSON");
  }
  req.body() = "[1,2]";
  try {
    parse_json_object(req);
    FAIL();
  } catch (const http::ErrorException& e) {
    EXPECT_EQ(e.error.code, "VALIDATION_ERROR");
  }
  req.body() = R"({"name":5})";
  auto body = parse_json_object(req);
  EXPECT_THROW(require_string(body, "name"), http::ErrorException);
  EXPECT_THROW(require_string(body, "missing"), http::ErrorException);
}

TEST(ResultErrors, ValueOnErrorThrowsTheError) {
  http::Result<int> r = http::Error::not_found("X", "gone");
  EXPECT_THROW(r.value(), http::ErrorException);
}

}  // namespace
}  // namespace portal::http
