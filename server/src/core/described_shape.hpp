#pragma once
// The shape of a wire type as a number: its described members' wire names and types, recursively (optional,
// list, map, nested described structs, core::JsonOf<T> as T), hashed (FNV-1a, 64 bits). What is kept in the
// serialised form of a type (the catalog's per-language answers) is stored under its shape, so a changed DTO
// misses its old pieces and writes new ones: no migration drops them.
#include <boost/describe/members.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/from_json.hpp"  // OtherMembers, is_optional, is_vector
#include "core/wire_name.hpp"

namespace portal::core {

namespace shape_detail {

template <class T>
constexpr std::string_view spelled() {
  constexpr std::string_view f = __PRETTY_FUNCTION__;  // "... spelled() [T = std::string]"
  constexpr auto start = f.find("T = ") + 4;
  return f.substr(start, f.rfind(']') - start);
}

template <class T> struct is_map : std::false_type {};
template <class K, class V, class C, class A> struct is_map<std::map<K, V, C, A>> : std::true_type {};

template <class T>
void describe_shape(std::string& out) {
  using U = std::remove_cvref_t<T>;
  if constexpr (requires { typename U::schema_type; }) {
    describe_shape<typename U::schema_type>(out);
  } else if constexpr (std::is_same_v<U, OtherMembers>) {
    out += "*";
  } else if constexpr (is_optional<U>::value) {
    out += "?";
    describe_shape<typename U::value_type>(out);
  } else if constexpr (is_vector<U>::value) {
    out += "[";
    describe_shape<typename U::value_type>(out);
    out += "]";
  } else if constexpr (is_map<U>::value) {
    out += "map<";
    describe_shape<typename U::mapped_type>(out);
    out += ">";
  } else if constexpr (boost::describe::has_describe_members<U>::value) {
    out += "{";
    using members = boost::describe::describe_members<U, boost::describe::mod_public | boost::describe::mod_inherited>;
    boost::mp11::mp_for_each<members>([&](auto member) {
      using M = std::remove_cvref_t<decltype(std::declval<U&>().*member.pointer)>;
      out += wire_name(member.name);
      out += ":";
      describe_shape<M>(out);
      out += ",";
    });
    out += "}";
  } else {
    out += spelled<U>();
  }
}

}  // namespace shape_detail

// T's shape as text ("{id:long,title:std::string,...}"): what shape_of hashes.
template <class T>
std::string shape_text() {
  std::string out;
  shape_detail::describe_shape<T>(out);
  return out;
}

// T's shape as eight hex digits: equal for equal shapes, different (but for a 2^-32 chance) for different ones.
template <class T>
const std::string& shape_of() {
  static const std::string hex = [] {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : shape_text<T>()) h = (h ^ c) * 1099511628211ull;
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out(8, '0');
    for (int i = 7; i >= 0; --i, h >>= 4) out[i] = kDigits[h & 15];
    return out;
  }();
  return hex;
}

}  // namespace portal::core
