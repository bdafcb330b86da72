#pragma once
// The wire shapes of the engagement calls: request bodies (http::read_body) and answers
// (described structs serialised by boost::json::value_from; their JSON Schema documents the calls).
#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::engagement {

// PUT /rating (commerce §7). score: a whole number (3.5 is 400 naming score).
struct RatingBody {
  http::Id articleId;
  std::optional<http::Text> deviceId;  // the client's device id (may come as a number)
  std::int64_t score = 0;
  http::Text contentType;
};
BOOST_DESCRIBE_STRUCT(RatingBody, (), (articleId, deviceId, score, contentType))

}  // namespace portal::engagement
