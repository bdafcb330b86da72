#pragma once
// JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a wire type, derived
// from the type itself: described structs (BOOST_DESCRIBE_STRUCT) become
// objects whose members are all required except std::optional ones (which
// may also be null), containers become arrays or maps, boost::json values are
// free-form; http::Id and http::Text (http/body.hpp) accept what read_body
// accepts. Members are wire names, as in read_body. A new DTO gets its schema by being declared, never by hand.
#include <boost/describe/members.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "http/body.hpp"  // http::Id, http::Text

namespace portal::http {

template <class T>
boost::json::value schema_of();

namespace schema_detail {

using core::is_optional;  // core/from_json.hpp, through http/body.hpp
using core::is_vector;
template <class T> struct is_string_map : std::false_type {};
template <class T, class C, class A> struct is_string_map<std::map<std::string, T, C, A>> : std::true_type {};

inline boost::json::value nullable(boost::json::value schema) {
  auto& o = schema.as_object();
  if (o.empty()) return schema;  // any value, null included
  if (auto* type = o.if_contains("type"); type && type->is_string()) {
    *type = boost::json::array{type->as_string(), "null"};
    return schema;
  }
  return boost::json::object{{"anyOf", boost::json::array{std::move(schema), boost::json::object{{"type", "null"}}}}};
}

template <class T>
boost::json::value described_schema() {
  boost::json::object properties;
  boost::json::array required;
  using members = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
  boost::mp11::mp_for_each<members>([&](auto member) {
    using M = std::remove_cvref_t<decltype(std::declval<T&>().*member.pointer)>;
    properties[member.name] = schema_of<M>();
    if constexpr (!is_optional<M>::value) required.emplace_back(member.name);
  });
  boost::json::object schema{{"type", "object"}, {"properties", std::move(properties)}};
  if (!required.empty()) schema["required"] = std::move(required);
  return schema;
}

}  // namespace schema_detail

template <class T>
boost::json::value schema_of() {
  using namespace schema_detail;
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, bool>) {
    return {{"type", "boolean"}};
  } else if constexpr (std::is_integral_v<U>) {
    return {{"type", "integer"}};
  } else if constexpr (std::is_floating_point_v<U>) {
    return {{"type", "number"}};
  } else if constexpr (std::is_same_v<U, std::string>) {
    return {{"type", "string"}};
  } else if constexpr (std::is_same_v<U, boost::json::object>) {
    return {{"type", "object"}};
  } else if constexpr (std::is_same_v<U, boost::json::array>) {
    return {{"type", "array"}};
  } else if constexpr (std::is_same_v<U, boost::json::value>) {
    return boost::json::object{};  // any JSON value
  } else if constexpr (std::is_same_v<U, Id>) {  // 102 or "102"
    return {{"anyOf", boost::json::array{boost::json::object{{"type", "integer"}, {"minimum", 1}},
                                         boost::json::object{{"type", "string"}, {"pattern", "^[0-9]+$"}}}}};
  } else if constexpr (std::is_same_v<U, Text>) {  // text, or a whole number read as text
    return {{"type", boost::json::array{"string", "integer"}}};
  } else if constexpr (is_optional<U>::value) {
    return nullable(schema_of<typename U::value_type>());
  } else if constexpr (is_vector<U>::value) {
    return {{"type", "array"}, {"items", schema_of<typename U::value_type>()}};
  } else if constexpr (is_string_map<U>::value) {
    return {{"type", "object"}, {"additionalProperties", schema_of<typename U::mapped_type>()}};
  } else if constexpr (boost::describe::has_describe_members<U>::value) {
    return described_schema<U>();
  } else {
    static_assert(sizeof(U) == 0, "schema_of: no schema for this type (describe it with BOOST_DESCRIBE_STRUCT)");
  }
}

}  // namespace portal::http
