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

#include "core/from_json.hpp"  // OtherMembers
#include "core/wire_name.hpp"

namespace portal::core {

// The members of dto in declaration order (inherited ones first); those named
// in left_out_when_null are left out when they serialise to null. The members an
// OtherMembers member kept follow the named ones (a named one wins).
template <class T>
boost::json::object described_object(const T& dto, std::initializer_list<std::string_view> left_out_when_null = {}) {
  boost::json::object out;
  using members = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
  const OtherMembers* others = nullptr;
  boost::mp11::mp_for_each<members>([&](auto member) {
    using M = std::remove_cvref_t<decltype(dto.*member.pointer)>;
    if constexpr (std::is_same_v<M, OtherMembers>) {
      others = &(dto.*member.pointer);
    } else {
      boost::json::value v = boost::json::value_from(dto.*member.pointer);
      if (v.is_null())
        for (auto name : left_out_when_null)
          if (name == member.name || name == wire_name(member.name)) return;
      out[wire_name(member.name)] = std::move(v);
    }
  });
  if (others)
    for (const auto& kv : others->members)
      if (!out.contains(kv.key())) out.emplace(kv.key(), kv.value());
  return out;
}

// The members of dto as described_object writes them, every named member that is null left out (a document whose
// absent members stay absent: catalog::ArticleDocument); the kept other members come back as they were.
template <class T>
boost::json::object described_object_without_nulls(const T& dto) {
  boost::json::object out;
  using members = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
  const OtherMembers* others = nullptr;
  boost::mp11::mp_for_each<members>([&](auto member) {
    using M = std::remove_cvref_t<decltype(dto.*member.pointer)>;
    if constexpr (std::is_same_v<M, OtherMembers>) {
      others = &(dto.*member.pointer);
    } else {
      boost::json::value v = boost::json::value_from(dto.*member.pointer);
      if (!v.is_null()) out[wire_name(member.name)] = std::move(v);
    }
  });
  if (others)
    for (const auto& kv : others->members)
      if (!out.contains(kv.key())) out.emplace(kv.key(), kv.value());
  return out;
}

}  // namespace portal::core
