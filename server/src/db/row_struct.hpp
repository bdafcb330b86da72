#pragma once
// Rows read into described structs by column NAME, as boostorg/mysql's static_results does: each
// column member of T reads the statement's column of its name (ASCII case aside: PostgreSQL folds an
// unquoted alias to lower case), wherever the statement puts it, so no repository counts column
// positions and a SELECT may order its columns as it likes. Every statement names every member it
// fills (row_reads_test.cpp checks each declared statement on SQLite and on PostgreSQL); a row that
// lacks a member's name is a fault: the read throws db::Error naming the type, the member and the
// columns the statement gave, rather than guess by position.
//
//   struct PaymentRow { std::string id; std::int64_t amount = 0; std::optional<std::string> note; };
//   BOOST_DESCRIBE_STRUCT(PaymentRow, (), (id, amount, note))
//   PORTAL_ROW_READS(PaymentRow, sql::kPayments);   // db/row_reads.hpp: the unit test checks the names
//   for (const auto& p : db::read_rows<PaymentRow>(db.query(sql::kPayments, {id}))) ...
//
// An expression column carries its member's name with AS (COUNT(*) AS plays). Every row type read
// through this reader is declared with the statements it reads by PORTAL_ROW_READS beside the read;
// row_reads_test.cpp prepares each statement on a migrated SQLite and compares its column names with
// the type's members (and fails on a read of a type no PORTAL_ROW_READS declares).
//
// read_value<T>(rows) and read_values<T>(rows) read statements of one column (by position: 0).
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
// A member that is a described struct itself (price: Money{amount, currency}) reads its members'
// columns: "price_amount" when the statement has one, else "amount" (so two members of one struct
// type are told apart by the prefix). An optional one is nullopt when its first column is NULL (a
// LEFT JOIN that found none).
//
// Member types and their columns, by Row's own rules (both drivers fill the same db::Value):
// std::string (NULL: ""), std::int64_t and int (NULL: 0), bool (an integer, not 0: true; NULL:
// false), double (NULL: 0), std::optional<T> of these (NULL: nullopt). A column that does not
// convert throws db::Error as Row does. A domain's own type (an enum stored as text) reads by a
// read_column(const db::Row&, std::size_t, T&) beside it, in T's namespace (found by ADL).
#include <boost/core/demangle.hpp>
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
#include <typeinfo>
#include <vector>

#include "core/text.hpp"
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

// One column member of T, flattened: its name and, inside a described struct member, the name
// prefixed by that member's ("price_amount"), which is tried first.
struct ColumnName {
  std::string prefixed;
  std::string_view name;
};

template <class T>
void append_columns(std::vector<ColumnName>& out, const std::string& prefix) {
  boost::mp11::mp_for_each<column_members<T>>([&](auto member) {
    using M = member_type<T, decltype(member)>;
    if constexpr (!read_by_owner<T, M> && is_nested<M>)
      append_columns<M>(out, prefix + member.name + "_");
    else if constexpr (!read_by_owner<T, M> && nested_in_optional<M>::value)
      append_columns<typename M::value_type>(out, prefix + member.name + "_");
    else
      out.push_back({prefix.empty() ? std::string() : prefix + member.name, member.name});
  });
}

// The position of the column `name` among columns[first...], or columns.size().
inline std::size_t find_column(const std::vector<std::string>& columns, std::size_t first, std::size_t hint,
                               std::string_view name) {
  if (hint < columns.size() && core::iequals(columns[hint], name)) return hint;
  for (std::size_t i = first; i < columns.size(); ++i)
    if (core::iequals(columns[i], name)) return i;
  return columns.size();
}

template <class T>
void read_members(const Row& r, const std::size_t*& at, T& out);

// An optional described struct: nullopt when its first column is NULL (a LEFT JOIN that found none).
template <class M>
void read_optional(const Row& r, const std::size_t*& at, std::optional<M>& out) {
  if (r.is_null(*at)) {
    out.reset();
    at += count_of<M>();
    return;
  }
  read_members(r, at, out.emplace());
}

template <class T>
void read_members(const Row& r, const std::size_t*& at, T& out) {
  boost::mp11::mp_for_each<column_members<T>>([&](auto member) {
    using M = member_type<T, decltype(member)>;
    auto& value = out.*member.pointer;
    if constexpr (read_by_owner<T, M>)
      read_column(r, *at++, value, static_cast<const T*>(nullptr));
    else if constexpr (is_nested<M>)
      read_members(r, at, value);
    else if constexpr (nested_in_optional<M>::value)
      read_optional(r, at, value);
    else
      read_column(r, *at++, value);
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

// T's column members, flattened, in their order: what a statement read into T must name.
template <class T>
const std::vector<detail::ColumnName>& column_members_of() {
  static const std::vector<detail::ColumnName> names = [] {
    std::vector<detail::ColumnName> out;
    detail::append_columns<T>(out, "");
    return out;
  }();
  return names;
}

template <class T>
std::string row_type_name() {
  return boost::core::demangle(typeid(T).name());
}

// Where each of T's column members is among columns[first...], by name. A statement that selects a
// domain type's columns and then a few more of the same names reads those as a second struct from
// column_count<Domain>. A member no column names throws db::Error (so does a row without names,
// which no driver makes).
template <class T>
std::array<std::size_t, column_count<T>> column_positions(const std::vector<std::string>* columns, std::size_t first) {
  if (!columns) throw Error("a row without column names cannot fill " + row_type_name<T>());
  const auto& names = column_members_of<T>();
  std::array<std::size_t, column_count<T>> at{};
  for (std::size_t k = 0; k < at.size(); ++k) {
    std::size_t i = columns->size();
    if (!names[k].prefixed.empty()) i = detail::find_column(*columns, first, first + k, names[k].prefixed);
    if (i == columns->size()) i = detail::find_column(*columns, first, first + k, names[k].name);
    if (i == columns->size()) {
      std::string given;
      for (std::size_t c = first; c < columns->size(); ++c) given += (given.empty() ? "" : ", ") + (*columns)[c];
      throw Error(row_type_name<T>() + ": no column named " + std::string(names[k].name) +
                  " (the statement gives: " + given + ")");
    }
    at[k] = i;
  }
  return at;
}

template <class T>
T read_row(const Row& r, const std::array<std::size_t, column_count<T>>& at) {
  for (std::size_t i : at)
    if (i >= r.size())
      throw Error("a row of " + std::to_string(r.size()) + " columns cannot fill the " +
                  std::to_string(column_count<T>) + " members of " + row_type_name<T>());
  T out{};
  const std::size_t* p = at.data();
  detail::read_members(r, p, out);
  return out;
}

// The row's columns named as T's column members (from column `first` on) into T.
template <class T>
T read_row(const Row& r, std::size_t first = 0) {
  return read_row<T>(r, column_positions<T>(r.columns(), first));
}

template <class T>
std::vector<T> read_rows(const Rows& rows) {
  std::vector<T> out;
  if (rows.empty()) return out;
  const auto at = column_positions<T>(rows.columns ? rows.columns.get() : rows[0].columns(), 0);
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back(read_row<T>(r, at));
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
