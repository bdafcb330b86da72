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
// Member names are the wire names. A std::optional member may be missing or
// null; every other member is required. Unknown members are ignored. Members
// may be std::string, bool, integers, floating point, boost::json value /
// object / array, std::optional, std::vector, nested described structs (their
// fields are named "outer.inner"), http::Id and http::Text; any other type
// goes through boost::json::value_to. Rules beyond the type (lengths, allowed
// values) belong to the service. A body that is not JSON at all is 400
// INVALID_JSON (http/json.hpp), a JSON body that is no object names "body".
#include <boost/describe/members.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_to.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "http/error.hpp"
#include "http/context.hpp"
#include "http/json.hpp"
#include "http/params.hpp"

namespace portal::http {

// A positive id sent as a number or as a string of digits: 102 or "102".
struct Id {
  std::int64_t value = 0;
};

// Text that clients may also send as a whole number (in-game ids): 12345 reads as "12345".
struct Text {
  std::string value;
};

namespace body_detail {

template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};

[[noreturn]] inline void fail(const std::string& field, std::string reason) {
  throw http::ErrorException(http::Error::invalid_field(field.empty() ? "body" : field, std::move(reason)));
}

template <class T>
T convert(const boost::json::value& v, const std::string& field);

template <class T>
T convert_described(const boost::json::value& v, const std::string& field) {
  const auto* object = v.if_object();
  if (!object) fail(field, "must be an object");
  T out{};
  using members = boost::describe::describe_members<T, boost::describe::mod_public>;
  boost::mp11::mp_for_each<members>([&](auto member) {
    using M = std::remove_cvref_t<decltype(out.*member.pointer)>;
    const std::string name = field.empty() ? std::string(member.name) : field + "." + member.name;
    const boost::json::value* item = object->if_contains(member.name);
    if constexpr (is_optional<M>::value) {
      if (item && !item->is_null()) out.*member.pointer = convert<typename M::value_type>(*item, name);
    } else {
      if (!item || item->is_null()) fail(name, "is required");
      out.*member.pointer = convert<M>(*item, name);
    }
  });
  return out;
}

template <class T>
T convert(const boost::json::value& v, const std::string& field) {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, std::string>) {
    if (!v.is_string()) fail(field, "must be a string");
    return std::string(v.get_string());
  } else if constexpr (std::is_same_v<U, bool>) {
    if (!v.is_bool()) fail(field, "must be true or false");
    return v.get_bool();
  } else if constexpr (std::is_integral_v<U>) {
    if (v.is_int64()) {
      const auto n = v.get_int64();
      if (std::in_range<U>(n)) return static_cast<U>(n);
    } else if (v.is_uint64()) {
      const auto n = v.get_uint64();
      if (std::in_range<U>(n)) return static_cast<U>(n);
    }
    fail(field, v.is_int64() || v.is_uint64() ? "is out of range" : "must be a whole number");
  } else if constexpr (std::is_floating_point_v<U>) {
    if (!v.is_number()) fail(field, "must be a number");
    return static_cast<U>(v.to_number<double>());
  } else if constexpr (std::is_same_v<U, boost::json::value>) {
    return v;
  } else if constexpr (std::is_same_v<U, boost::json::object>) {
    if (!v.is_object()) fail(field, "must be an object");
    return v.get_object();
  } else if constexpr (std::is_same_v<U, boost::json::array>) {
    if (!v.is_array()) fail(field, "must be a list");
    return v.get_array();
  } else if constexpr (std::is_same_v<U, Id>) {
    std::optional<std::int64_t> id;
    if (v.is_int64() && v.get_int64() > 0) id = v.get_int64();
    else if (v.is_uint64() && std::in_range<std::int64_t>(v.get_uint64())) id = static_cast<std::int64_t>(v.get_uint64());
    else if (v.is_string()) id = parse_id(v.get_string());
    if (!id) fail(field, "must be a positive whole number");
    return Id{*id};
  } else if constexpr (std::is_same_v<U, Text>) {
    if (v.is_string()) return Text{std::string(v.get_string())};
    if (v.is_int64()) return Text{std::to_string(v.get_int64())};
    if (v.is_uint64()) return Text{std::to_string(v.get_uint64())};
    fail(field, "must be a string");
  } else if constexpr (is_optional<U>::value) {
    if (v.is_null()) return U{};
    return U{convert<typename U::value_type>(v, field)};
  } else if constexpr (is_vector<U>::value) {
    if (!v.is_array()) fail(field, "must be a list");
    U out;
    out.reserve(v.get_array().size());
    for (std::size_t i = 0; i < v.get_array().size(); ++i)
      out.push_back(convert<typename U::value_type>(v.get_array()[i], field + "[" + std::to_string(i) + "]"));
    return out;
  } else if constexpr (boost::describe::has_describe_members<U>::value) {
    return convert_described<U>(v, field);
  } else {
    auto r = boost::json::try_value_to<U>(v);
    if (!r) fail(field, "has the wrong type");
    return std::move(*r);
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
