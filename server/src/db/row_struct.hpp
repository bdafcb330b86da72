#pragma once
// Rows read into described structs: a row struct names its columns once, in the order of the
// SELECT, and read_row() fills it by that order, so no repository counts column positions.
//
//   struct PaymentRow { std::string id; std::int64_t amount = 0; std::optional<std::string> note; };
//   BOOST_DESCRIBE_STRUCT(PaymentRow, (), (id, amount, note))
//   #define PORTAL_PAYMENT_COLUMNS "id, amount, note"   // one list, in the statements that read it
//   static_assert(db::columns_match<PaymentRow>(PORTAL_PAYMENT_COLUMNS));
//   for (const auto& p : db::read_rows<PaymentRow>(db.query(sql::kPayments, {id}))) ...
//
// read_value<T>(rows) and read_values<T>(rows) read statements of one column.
//
// A domain type or DTO reads directly when its described members, in order, are the columns but
// for members no column fills (a list a second statement reads, a value derived from another
// column): a not_columns(const T*) in T's namespace (found by ADL, like read_column) names those,
// and read_row leaves them as T's initialisers made them. Declare it right after T's description,
// before any use of T's columns (a columns_match, a read):
//   constexpr std::array<std::string_view, 1> not_columns(const ExportSubscriptionDto*) { return {"events"}; }
// A member whose type T stores its own way (scopes as one text, a JSON array) reads by a
// read_column(const db::Row&, std::size_t, Member&, const T*) in T's namespace; it reads every
// member of that type in T:
//   void read_column(const db::Row& r, std::size_t i, std::vector<std::string>& out, const AppRecord*);
// A member that is a described struct itself (Money{amount, currency}) reads its own columns in
// its members' order; the columns of T are then all of these, flattened. An optional one is
// nullopt when its first column is NULL (a LEFT JOIN that found none).
//
// Member types and their columns, by Row's own rules (both drivers fill the same db::Value):
// std::string (NULL: ""), std::int64_t and int (NULL: 0), bool (an integer, not 0: true; NULL:
// false), double (NULL: 0), std::optional<T> of these (NULL: nullopt). A column that does not
// convert throws db::Error as Row does. A domain's own type (an enum stored as text) reads by a
// read_column(const db::Row&, std::size_t, T&) beside it, in T's namespace (found by ADL).
#include <boost/describe/members.hpp>
#include <boost/describe/modifiers.hpp>
#include <boost/mp11/algorithm.hpp>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "db/database.hpp"

namespace portal::db {

inline void read_column(const Row& r, std::size_t i, std::string& out) { out = r.text(i); }
inline void read_column(const Row& r, std::size_t i, std::int64_t& out) { out = r.integer(i); }
inline void read_column(const Row& r, std::size_t i, int& out) { out = static_cast<int>(r.integer(i)); }
inline void read_column(const Row& r, std::size_t i, bool& out) { out = r.integer(i) != 0; }
inline void read_column(const Row& r, std::size_t i, double& out) { out = r.real(i); }
template <class T>
void read_column(const Row& r, std::size_t i, std::optional<T>& out) {
  if (r.is_null(i)) {
    out.reset();
    return;
  }
  T value{};
  read_column(r, i, value);
  out = std::move(value);
}

template <class T>
using row_members = boost::describe::describe_members<T, boost::describe::mod_public>;

// No member of T is left out unless a not_columns(const T*) beside T says so.
template <class T>
constexpr std::array<std::string_view, 0> not_columns(const T*) {
  return {};
}

namespace detail {

template <class T>
constexpr bool is_column(std::string_view member) {
  for (std::string_view name : not_columns(static_cast<const T*>(nullptr)))
    if (name == member) return false;
  return true;
}

// Every name not_columns gives is one of T's members (a typo would read the member as a column).
template <class T>
constexpr bool not_columns_are_members() {
  for (std::string_view name : not_columns(static_cast<const T*>(nullptr))) {
    bool found = false;
    boost::mp11::mp_for_each<row_members<T>>([&](auto member) { found = found || name == member.name; });
    if (!found) return false;
  }
  return true;
}

template <class T>
struct is_column_of {
  template <class D>
  using fn = std::bool_constant<is_column<T>(D::name)>;
};

template <class T, class D>
using member_type = std::remove_cvref_t<decltype(std::declval<T&>().*D::pointer)>;

template <class M>
inline constexpr bool is_nested = boost::describe::has_describe_members<M>::value;

// T reads its members of type M its own way (a read_column(row, i, M&, const T*) in T's namespace).
template <class T, class M>
concept read_by_owner =
    requires(const Row& r, std::size_t i, M& value) { read_column(r, i, value, static_cast<const T*>(nullptr)); };

template <class M>
struct nested_in_optional : std::false_type {};
template <class M>
struct nested_in_optional<std::optional<M>> : std::bool_constant<is_nested<M>> {};

}  // namespace detail

// T's members that columns fill, in their order.
template <class T>
using column_members = boost::mp11::mp_copy_if_q<row_members<T>, detail::is_column_of<T>>;

namespace detail {

template <class T>
constexpr std::size_t count_of() {
  static_assert(not_columns_are_members<T>(), "not_columns names a member T does not describe");
  std::size_t n = 0;
  boost::mp11::mp_for_each<column_members<T>>([&](auto member) {
    using M = member_type<T, decltype(member)>;
    if constexpr (read_by_owner<T, M>)
      ++n;
    else if constexpr (is_nested<M>)
      n += count_of<M>();
    else if constexpr (nested_in_optional<M>::value)
      n += count_of<typename M::value_type>();
    else
      ++n;
  });
  return n;
}

template <class T>
void read_members(const Row& r, std::size_t& i, T& out);

// An optional described struct: nullopt when its first column is NULL (a LEFT JOIN that found none).
template <class M>
void read_optional(const Row& r, std::size_t& i, std::optional<M>& out) {
  if (r.is_null(i)) {
    out.reset();
    i += count_of<M>();
    return;
  }
  read_members(r, i, out.emplace());
}

template <class T>
void read_members(const Row& r, std::size_t& i, T& out) {
  boost::mp11::mp_for_each<column_members<T>>([&](auto member) {
    using M = member_type<T, decltype(member)>;
    auto& value = out.*member.pointer;
    if constexpr (read_by_owner<T, M>)
      read_column(r, i++, value, static_cast<const T*>(nullptr));
    else if constexpr (is_nested<M>)
      read_members(r, i, value);
    else if constexpr (nested_in_optional<M>::value)
      read_optional(r, i, value);
    else
      read_column(r, i++, value);
  });
}

template <class T>
void append_names(std::string& out, std::string_view prefix) {
  boost::mp11::mp_for_each<column_members<T>>([&](auto member) {
    using M = member_type<T, decltype(member)>;
    if constexpr (!read_by_owner<T, M> && is_nested<M>) {
      append_names<M>(out, prefix);
    } else if constexpr (!read_by_owner<T, M> && nested_in_optional<M>::value) {
      append_names<typename M::value_type>(out, prefix);
    } else {
      if (!out.empty()) out += ", ";
      if (!prefix.empty()) (out += prefix) += '.';
      out += member.name;
    }
  });
}

}  // namespace detail

// How many columns T reads.
template <class T>
inline constexpr std::size_t column_count = detail::count_of<T>();

// The row's columns first, first + 1, ... into T's column members in their order. A statement that
// selects a domain type's columns and then a few more reads those as a second struct from
// column_count<Domain>.
template <class T>
T read_row(const Row& r, std::size_t first = 0) {
  if (r.size() < first + column_count<T>)
    throw Error("a row of " + std::to_string(r.size()) + " columns cannot fill " + std::to_string(column_count<T>) +
                " members from column " + std::to_string(first));
  T out{};
  std::size_t i = first;
  detail::read_members(r, i, out);
  return out;
}

template <class T>
std::vector<T> read_rows(const Rows& rows) {
  std::vector<T> out;
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back(read_row<T>(r));
  return out;
}

// The first row, or nullopt when there is none.
template <class T>
std::optional<T> read_first(const Rows& rows) {
  if (rows.empty()) return std::nullopt;
  return read_row<T>(rows[0]);
}

// Statements of one column (COUNT(*), an id): its values by the same rules as members.
template <class T>
std::vector<T> read_values(const Rows& rows) {
  std::vector<T> out;
  out.reserve(rows.size());
  for (const auto& r : rows) read_column(r, 0, out.emplace_back());
  return out;
}
template <class T>
std::optional<T> read_value(const Rows& rows) {
  if (rows.empty()) return std::nullopt;
  T value{};
  read_column(rows[0], 0, value);
  return value;
}

// The columns of a list such as "u.id, COUNT(*), COALESCE(a, b)": commas inside parentheses or
// quotes do not separate columns.
constexpr std::size_t count_columns(std::string_view list) {
  std::size_t count = 1;
  int depth = 0;
  bool quoted = false;
  for (char c : list) {
    if (c == '\'') quoted = !quoted;
    if (quoted) continue;
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) ++count;
  }
  return count;
}

// For a static_assert beside a column list: it reads as many columns as T has members.
template <class T>
constexpr bool columns_match(std::string_view list) {
  return count_columns(list) == column_count<T>;
}

// "prefix.a, prefix.b, ..." from T's column members' names, where the columns carry the members' names.
template <class T>
std::string column_names(std::string_view prefix = {}) {
  std::string out;
  detail::append_names<T>(out, prefix);
  return out;
}

}  // namespace portal::db
