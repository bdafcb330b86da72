#pragma once
// Typed request bodies. A described struct is the body's shape; read_body<T>
// parses and converts it, and every conversion failure is one 400
// VALIDATION_ERROR naming the field and the reason:
//
//   {"status":400,"error":"VALIDATION_ERROR","message":"price.amount: must be a whole number",
//    "data":{"field":"price.amount","reason":"must be a whole number"}}
//
//   struct ThemeBody { bool alternatTheme = false; };
//   BOOST_DESCRIBE_STRUCT(ThemeBody, (), (alternatTheme))
//   ...
//   const auto body = http::read_body<ThemeBody>(ctx);
//
// The conversion is core::from_json's (core/from_json.hpp: which members and
// types it reads), with http::Id and http::Text besides. Rules beyond the type
// (lengths, allowed values) belong to the service. A body that is not JSON at all is 400
// INVALID_JSON (http/json.hpp), a JSON body that is no object names "body".
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>
#include <utility>

#include "core/from_json.hpp"
#include "http/error.hpp"
#include "http/context.hpp"
#include "http/json.hpp"
#include "http/params.hpp"

namespace portal::http {

// A positive id sent as a number or as a string of digits: 102 or "102".
struct Id {
  std::int64_t value = 0;
  static Id from_json(const boost::json::value& v, const std::string& field) {
    std::optional<std::int64_t> id;
    if (v.is_int64() && v.get_int64() > 0) id = v.get_int64();
    else if (v.is_uint64() && std::in_range<std::int64_t>(v.get_uint64())) id = static_cast<std::int64_t>(v.get_uint64());
    else if (v.is_string()) id = parse_id(v.get_string());
    if (!id) core::json_field_error(field, "must be a positive whole number");
    return Id{*id};
  }
};

// Text that clients may also send as a whole number (in-game ids): 12345 reads as "12345".
struct Text {
  std::string value;
  static Text from_json(const boost::json::value& v, const std::string& field) {
    if (v.is_string()) return Text{std::string(v.get_string())};
    if (v.is_int64()) return Text{std::to_string(v.get_int64())};
    if (v.is_uint64()) return Text{std::to_string(v.get_uint64())};
    core::json_field_error(field, "must be a string");
  }
};

namespace body_detail {

// A conversion failure as the one 400 answer.
template <class T>
T convert(const boost::json::value& v, const std::string& field) {
  try {
    return core::from_json<T>(v, field);
  } catch (const core::JsonFieldError& e) {
    throw http::ErrorException(http::Error::invalid_field(e.field.empty() ? "body" : e.field, e.reason));
  }
}

}  // namespace body_detail

// A JSON value as T (for bodies inside bodies, and tests); failures name the
// field under `field` ("" for the top level).
template <class T>
T from_json(const boost::json::value& v, const std::string& field = "") {
  return body_detail::convert<T>(v, field);
}

// The request body as T: 400 INVALID_JSON when it is not JSON, else 400
// VALIDATION_ERROR naming the first field that does not convert.
template <class T>
T read_body(const RequestContext& ctx) {
  return from_json<T>(parse_json_value(ctx.req));
}

}  // namespace portal::http
