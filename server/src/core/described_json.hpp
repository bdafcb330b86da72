#pragma once
// A described struct (BOOST_DESCRIBE_STRUCT) as a JSON object, its bases'
// members first, each member serialised by value_from. Boost.JSON converts
// described structs without bases only; a DTO that extends another, or one
// that leaves members out when absent (rather than sending null), declares a
// value_from tag_invoke that calls this (the one writer; NullsLeftOut says
// which nulls stay out). http::schema_of documents the same
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

// Which members of a described struct that serialise to null are left out of its JSON object: none (the default),
// the named ones (by C++ or wire name), or every one (NullsLeftOut::every(): a document whose absent members stay
// absent, catalog::ArticleDocument). A braced list of names converts to it: described_object(dto, {"orientation"}).
class NullsLeftOut {
 public:
  NullsLeftOut(std::initializer_list<std::string_view> names = {}) : names_(names) {}
  static NullsLeftOut every() {
    NullsLeftOut all;
    all.every_ = true;
    return all;
  }
  bool leaves_out(std::string_view member) const {
    if (every_) return true;
    for (auto name : names_)
      if (name == member || name == wire_name(member)) return true;
    return false;
  }

 private:
  std::initializer_list<std::string_view> names_;  // the caller's braced list, alive for the call it is an argument of
  bool every_ = false;
};

// The members of dto in declaration order (inherited ones first), each under its wire name; a member that serialises
// to null is left out when `nulls` says so. The members an OtherMembers member kept follow the named ones (a named
// one wins).
template <class T>
boost::json::object described_object(const T& dto, const NullsLeftOut& nulls = {}) {
  boost::json::object out;
  using members = boost::describe::describe_members<T, boost::describe::mod_public | boost::describe::mod_inherited>;
  const OtherMembers* others = nullptr;
  boost::mp11::mp_for_each<members>([&](auto member) {
    using M = std::remove_cvref_t<decltype(dto.*member.pointer)>;
    if constexpr (std::is_same_v<M, OtherMembers>) {
      others = &(dto.*member.pointer);
    } else {
      boost::json::value v = boost::json::value_from(dto.*member.pointer);
      if (v.is_null() && nulls.leaves_out(member.name)) return;
      out[wire_name(member.name)] = std::move(v);
    }
  });
  if (others)
    for (const auto& kv : others->members)
      if (!out.contains(kv.key())) out.emplace(kv.key(), kv.value());
  return out;
}

// described_object(dto, NullsLeftOut::every()) under its former name, for the article document's writers
// (catalog_article_document.hpp, being reworked on another branch); new code passes NullsLeftOut::every().
template <class T>
boost::json::object described_object_without_nulls(const T& dto) {
  return described_object(dto, NullsLeftOut::every());
}

}  // namespace portal::core
