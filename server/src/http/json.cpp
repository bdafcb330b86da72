#include "http/json.hpp"

#include "http/utf8.hpp"

namespace portal::http {

namespace json = boost::json;

json::value parse_json_value(const Request& req) {
  boost::system::error_code ec;
  json::value v = json::parse(req.body(), ec);
  if (ec)
    throw http::ErrorException(
        {400, "INVALID_JSON", "The request body is not valid JSON: " + ec.message(), nullptr});
  return v;
}

json::object parse_json_object(const Request& req) {
  json::value v = parse_json_value(req);
  if (!v.is_object()) throw http::ErrorException(http::Error::invalid_field("body", "must be a JSON object"));
  return std::move(v.as_object());
}

std::optional<std::string> optional_string(const json::object& body, std::string_view field) {
  const json::value* v = body.if_contains(field);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) throw http::ErrorException(http::Error::invalid_field(std::string(field), "must be a string"));
  return std::string(v->as_string());
}

std::string require_string(const json::object& body, std::string_view field) {
  auto value = optional_string(body, field);
  if (!value || value->empty())
    throw http::ErrorException(http::Error::invalid_field(std::string(field), "is required"));
  return *value;
}

std::string with_members(std::string object_json, const JsonMembers& members) {
  if (members.empty() || !object_json.ends_with('}')) return object_json;
  object_json.pop_back();
  for (const auto& [name, json] : members) {
    if (object_json.size() > 1) object_json += ',';
    object_json += boost::json::serialize(boost::json::string(name));
    object_json += ':';
    object_json += json;
  }
  object_json += '}';
  return object_json;
}

Response json_response(const RequestContext& ctx, Status status, const json::value& body) {
  Response res{status, ctx.req.version()};
  res.set(bhttp::field::content_type, "application/json");
  res.body() = json::serialize(body);
  res.prepare_payload();
  return res;
}

Response data_response(const RequestContext& ctx, const json::value& data, Status status) {
  return json_response(ctx, status, json::object{{"data", data}});
}

Response error_response(const Request& req, const http::Error& error, std::string_view request_id) {
  Response res{static_cast<Status>(error.status), req.version()};
  res.set(bhttp::field::content_type, "application/json");
  // A message or data may quote the request (a path, a parameter, a header):
  // the answer is valid UTF-8 whatever bytes the request held (http/utf8.hpp).
  json::value body = json::object{{"status", error.status},
                                  {"error", error.code},
                                  {"message", error.message},
                                  {"data", error.data},
                                  {"requestId", request_id}};
  make_valid_utf8(body);
  res.body() = json::serialize(body);
  // A 429 or 503 says when to come back (data.retryAfter, seconds).
  if (error.status == 429 || error.status == 503)
    if (const auto* o = error.data.if_object())
      if (const auto* s = o->if_contains("retryAfter"); s && s->is_int64())
        res.set(bhttp::field::retry_after, std::to_string(s->as_int64()));
  res.prepare_payload();
  return res;
}

}  // namespace portal::http
