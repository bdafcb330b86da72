#pragma once
// Body and response helpers shared by every domain's routes.
#include <boost/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/error.hpp"
#include "http/context.hpp"

namespace portal::http {

// Parses the request body as JSON; throws ErrorException 400 INVALID_JSON.
boost::json::value parse_json_value(const Request& req);
// Parses the request body as a JSON object; throws ErrorException 400
// (INVALID_JSON, or VALIDATION_ERROR when it is not an object).
boost::json::object parse_json_object(const Request& req);

// Reads a required string field; throws ErrorException naming the field.
std::string require_string(const boost::json::object& body, std::string_view field);
std::optional<std::string> optional_string(const boost::json::object& body, std::string_view field);

// Members already serialised: (name, JSON text) pairs spliced into an object.
using JsonMembers = std::vector<std::pair<std::string, std::string>>;
// object_json (a serialised JSON object) with `members` added as they are.
std::string with_members(std::string object_json, const JsonMembers& members);

Response json_response(const RequestContext& ctx, Status status, const boost::json::value& body);
// The success envelope most backend calls use: {"data": value}.
Response data_response(const RequestContext& ctx, const boost::json::value& data, Status status = Status::ok);
// The one error shape {"status","error","message","data"}; adds request id,
// and Retry-After to a 429 whose data holds retryAfter (seconds).
Response error_response(const Request& req, const http::Error& error, std::string_view request_id);

}  // namespace portal::http
