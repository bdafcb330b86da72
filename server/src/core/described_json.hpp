#pragma once
// A described struct (BOOST_DESCRIBE_STRUCT) as a JSON object, its bases'
// members first, each member serialised by value_from. Boost.JSON converts
// described structs without bases only; a DTO that extends another, or one
// that leaves members out when absent (rather than sending null), declares a
// value_from tag_invoke that calls this. http::schema_of documents the same
// members (optional ones not required).
#include <boost/describe/members.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value_from.hpp>
#include <boost/mp11/algorithm.hpp>
#include <initializer_list>
#include <string_view>

#include "core/wire_name.hpp"

namespace portal::core {

// The members of dto in declaration order (inherited ones first); those named
// in left_out_when_null are left out when they serialise to null.
template <class T>
boost::json::object described_object(const T& dto, std::initializer_list<std::string_view> left_out_when_null = {}) {
  boost::json::object out;
  using members = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
  boost::mp11::mp_for_each<members>([&](auto member) {
    boost::json::value v = boost::json::value_from(dto.*member.pointer);
    if (v.is_null())
      for (auto name : left_out_when_null)
        if (name == member.name || name == wire_name(member.name)) return;
    out[wire_name(member.name)] = std::move(v);
  });
  return out;
}

}  // namespace portal::core
