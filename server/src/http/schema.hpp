#pragma once
// JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a wire type, derived
// from the type itself: described structs (BOOST_DESCRIBE_STRUCT) become
// objects whose members are all required except std::optional ones (which
// may also be null), containers become arrays or maps, boost::json values are
// free-form; http::Id and http::Text (http/body.hpp) accept what read_body
// accepts; a core::JsonOf<T> is documented as T. Members are wire names, as in read_body. A new DTO gets its schema by being declared, never by hand.
//
// While a SchemaComponents collects (the OpenAPI document, http/openapi.cpp), each described struct's schema is
// written once into it under the struct's name ("catalog.ArticleDto": its namespaces below portal::, dotted) and
// every use answers {"$ref": "#/components/schemas/<name>"}; otherwise the schema is inlined.
#include <boost/describe/members.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/wire_name.hpp"
#include "http/body.hpp"  // http::Id, http::Text

namespace portal::http {

template <class T>
boost::json::value schema_of();

// Gathers the schemas of the described structs met while it lives (one per thread at a time): name -> schema.
class SchemaComponents {
 public:
  SchemaComponents();
  ~SchemaComponents();
  SchemaComponents(const SchemaComponents&) = delete;
  SchemaComponents& operator=(const SchemaComponents&) = delete;
  std::map<std::string, boost::json::value>& schemas() { return schemas_; }
  static SchemaComponents* current();

 private:
  std::map<std::string, boost::json::value> schemas_;
  SchemaComponents* outer_;
};

namespace schema_detail {

// A component's name from the compiler's spelling of T: "portal::catalog::ArticleDto" -> "catalog.ArticleDto";
// anonymous namespaces are left out, and anything but letters, digits, '.', '-' and '_' becomes '_'.
std::string component_name(std::string_view spelled);

template <class T>
constexpr std::string_view spelled_name() {
  constexpr std::string_view f = __PRETTY_FUNCTION__;  // "... spelled_name() [T = portal::x::Y]"
  constexpr auto start = f.find("T = ") + 4;
  return f.substr(start, f.rfind(']') - start);
}

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
  bool keeps_others = false;  // a core::OtherMembers member: the object may carry members it does not name
  using members = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
  boost::mp11::mp_for_each<members>([&](auto member) {
    using M = std::remove_cvref_t<decltype(std::declval<T&>().*member.pointer)>;
    if constexpr (std::is_same_v<M, core::OtherMembers>) {
      keeps_others = true;
    } else {
      const std::string_view wire = core::wire_name(member.name);
      properties[wire] = schema_of<M>();
      if constexpr (!is_optional<M>::value) required.emplace_back(wire);
    }
  });
  boost::json::object schema{{"type", "object"}, {"properties", std::move(properties)}};
  if (!required.empty()) schema["required"] = std::move(required);
  if (keeps_others) schema["additionalProperties"] = true;
  return schema;
}

}  // namespace schema_detail

// A described struct's object schema itself, never a $ref (its members' may be): for a route that documents a
// property read beside the struct's.
template <class T>
boost::json::value object_schema_of() {
  return schema_detail::described_schema<std::remove_cvref_t<T>>();
}

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
  } else if constexpr (requires { typename U::schema_type; }) {  // core::JsonOf<T>: T's schema
    return schema_of<typename U::schema_type>();
  } else if constexpr (is_optional<U>::value) {
    return nullable(schema_of<typename U::value_type>());
  } else if constexpr (is_vector<U>::value) {
    return {{"type", "array"}, {"items", schema_of<typename U::value_type>()}};
  } else if constexpr (is_string_map<U>::value) {
    return {{"type", "object"}, {"additionalProperties", schema_of<typename U::mapped_type>()}};
  } else if constexpr (boost::describe::has_describe_members<U>::value) {
    auto* components = SchemaComponents::current();
    if (!components) return described_schema<U>();
    const std::string name = component_name(spelled_name<U>());
    if (!components->schemas().contains(name)) {
      components->schemas()[name] = boost::json::object{};  // first: a struct that holds itself meets its name
      auto schema = described_schema<U>();
      components->schemas()[name] = std::move(schema);
    }
    return {{"$ref", "#/components/schemas/" + name}};
  } else {
    static_assert(sizeof(U) == 0, "schema_of: no schema for this type (describe it with BOOST_DESCRIBE_STRUCT)");
  }
}

}  // namespace portal::http
