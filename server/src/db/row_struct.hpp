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
// Member types and their columns, by Row's own rules (both drivers fill the same db::Value):
// std::string (NULL: ""), std::int64_t and int (NULL: 0), bool (an integer, not 0: true; NULL:
// false), double (NULL: 0), std::optional<T> of these (NULL: nullopt). A column that does not
// convert throws db::Error as Row does. A domain's own type (an enum stored as text) reads by a
// read_column(const db::Row&, std::size_t, T&) beside it, in T's namespace (found by ADL).
#include <boost/describe/members.hpp>
#include <boost/describe/modifiers.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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

// How many columns T reads.
template <class T>
inline constexpr std::size_t column_count = boost::mp11::mp_size<row_members<T>>::value;

// The row's columns 0, 1, ... into T's described members in their order.
template <class T>
T read_row(const Row& r) {
  if (r.size() < column_count<T>)
    throw Error("a row of " + std::to_string(r.size()) + " columns cannot fill " + std::to_string(column_count<T>) +
                " members");
  T out{};
  std::size_t i = 0;
  boost::mp11::mp_for_each<row_members<T>>([&](auto member) { read_column(r, i++, out.*member.pointer); });
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

// "prefix.a, prefix.b, ..." from T's member names, where the columns carry the members' names.
template <class T>
std::string column_names(std::string_view prefix = {}) {
  std::string out;
  boost::mp11::mp_for_each<row_members<T>>([&](auto member) {
    if (!out.empty()) out += ", ";
    if (!prefix.empty()) (out += prefix) += '.';
    out += member.name;
  });
  return out;
}

}  // namespace portal::db
