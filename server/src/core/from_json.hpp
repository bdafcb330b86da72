#pragma once
// A JSON value as a described struct (BOOST_DESCRIBE_STRUCT) or any of the
// member types below, every failure one JsonFieldError naming the field
// ("price.amount", "items[2].id") and the reason. http::read_body reads request
// bodies with it (a failure is a 400 VALIDATION_ERROR there); a domain reads
// its own kept JSON back with it.
//
// Member names are the wire names (core::wire_name). A std::optional member may be missing or
// null; every other member is required. Unknown members are ignored, unless the struct has an
// OtherMembers member: that one keeps them as they came (and writers put them back). Members
// may be std::string, bool, integers, floating point, boost::json value /
// object / array, std::optional, std::vector, nested described structs (their
// fields are named "outer.inner"; a base's members are read too), a type with a static from_json(value,
// field); any other type goes through boost::json::value_to.
#include <boost/describe/members.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_to.hpp>
#include <boost/mp11/algorithm.hpp>
#include <concepts>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/wire_name.hpp"

namespace portal::core {

// The field that did not convert ("" for the value itself) and why.
struct JsonFieldError : std::runtime_error {
  JsonFieldError(std::string field_, std::string reason_)
      : std::runtime_error((field_.empty() ? std::string("value") : field_) + ": " + reason_),
        field(std::move(field_)),
        reason(std::move(reason_)) {}
  std::string field;
  std::string reason;
};

[[noreturn]] inline void json_field_error(const std::string& field, std::string reason) {
  throw JsonFieldError(field, std::move(reason));
}

// The member shapes a described struct's readers and writers tell apart (this reader, http/schema.hpp).
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};

// The members of a JSON object that its described struct does not name, kept as they came: from_json fills it,
// core::described_object writes them back after the named ones, and the schema (http/schema.hpp) says that other
// members may follow ("additionalProperties": true). Its own name is never a wire member.
struct OtherMembers {
  boost::json::object members;
  bool operator==(const OtherMembers&) const = default;
};

namespace json_detail {

// A type of its own reading: T::from_json(value, field) (http::Id, http::Text).
template <class T>
concept reads_itself = requires(const boost::json::value& v, const std::string& field) {
  { T::from_json(v, field) } -> std::same_as<T>;
};

template <class T>
T convert(const boost::json::value& v, const std::string& field);

template <class T>
T convert_described(const boost::json::value& v, const std::string& field) {
  const auto* object = v.if_object();
  if (!object) json_field_error(field, "must be an object");
  T out{};
  using members = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
  OtherMembers* others = nullptr;
  boost::mp11::mp_for_each<members>([&](auto member) {
    using M = std::remove_cvref_t<decltype(out.*member.pointer)>;
    if constexpr (std::is_same_v<M, OtherMembers>) {
      others = &(out.*member.pointer);
    } else {
      const std::string_view wire = wire_name(member.name);
      const std::string name = field.empty() ? std::string(wire) : field + "." + std::string(wire);
      const boost::json::value* item = object->if_contains(wire);
      if constexpr (is_optional<M>::value) {
        if (item && !item->is_null()) out.*member.pointer = convert<typename M::value_type>(*item, name);
      } else {
        if (!item || item->is_null()) json_field_error(name, "is required");
        out.*member.pointer = convert<M>(*item, name);
      }
    }
  });
  if (others)
    for (const auto& kv : *object) {
      bool named = false;
      boost::mp11::mp_for_each<members>([&](auto member) {
        using M = std::remove_cvref_t<decltype(out.*member.pointer)>;
        if constexpr (!std::is_same_v<M, OtherMembers>) named = named || wire_name(member.name) == kv.key();
      });
      if (!named) others->members.emplace(kv.key(), kv.value());
    }
  return out;
}

template <class T>
T convert(const boost::json::value& v, const std::string& field) {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, std::string>) {
    if (!v.is_string()) json_field_error(field, "must be a string");
    return std::string(v.get_string());
  } else if constexpr (std::is_same_v<U, bool>) {
    if (!v.is_bool()) json_field_error(field, "must be true or false");
    return v.get_bool();
  } else if constexpr (std::is_integral_v<U>) {
    if (v.is_int64()) {
      const auto n = v.get_int64();
      if (std::in_range<U>(n)) return static_cast<U>(n);
    } else if (v.is_uint64()) {
      const auto n = v.get_uint64();
      if (std::in_range<U>(n)) return static_cast<U>(n);
    } else if (v.is_double() && v.get_double() == static_cast<double>(static_cast<std::int64_t>(v.get_double())) &&
               v.get_double() > -9e15 && v.get_double() < 9e15) {
      // 799.0 is a whole number (a file written by a tool that knows only doubles); 7.99 is not.
      const auto n = static_cast<std::int64_t>(v.get_double());
      if (std::in_range<U>(n)) return static_cast<U>(n);
      json_field_error(field, "is out of range");
    }
    json_field_error(field, v.is_int64() || v.is_uint64() ? "is out of range" : "must be a whole number");
  } else if constexpr (std::is_floating_point_v<U>) {
    if (!v.is_number()) json_field_error(field, "must be a number");
    return static_cast<U>(v.to_number<double>());
  } else if constexpr (std::is_same_v<U, boost::json::value>) {
    return v;
  } else if constexpr (std::is_same_v<U, boost::json::object>) {
    if (!v.is_object()) json_field_error(field, "must be an object");
    return v.get_object();
  } else if constexpr (std::is_same_v<U, boost::json::array>) {
    if (!v.is_array()) json_field_error(field, "must be a list");
    return v.get_array();
  } else if constexpr (reads_itself<U>) {
    return U::from_json(v, field);
  } else if constexpr (is_optional<U>::value) {
    if (v.is_null()) return U{};
    return U{convert<typename U::value_type>(v, field)};
  } else if constexpr (is_vector<U>::value) {
    if (!v.is_array()) json_field_error(field, "must be a list");
    U out;
    out.reserve(v.get_array().size());
    for (std::size_t i = 0; i < v.get_array().size(); ++i)
      out.push_back(convert<typename U::value_type>(v.get_array()[i], field + "[" + std::to_string(i) + "]"));
    return out;
  } else if constexpr (boost::describe::has_describe_members<U>::value) {
    return convert_described<U>(v, field);
  } else {
    auto r = boost::json::try_value_to<U>(v);
    if (!r) json_field_error(field, "has the wrong type");
    return std::move(*r);
  }
}

}  // namespace json_detail

// `v` as T; throws JsonFieldError naming the first field under `field` that does not convert.
template <class T>
T from_json(const boost::json::value& v, const std::string& field = "") {
  return json_detail::convert<T>(v, field);
}

}  // namespace portal::core
