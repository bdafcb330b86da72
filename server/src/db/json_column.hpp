#pragma once
// JSON kept in a TEXT column (portable between SQLite and PostgreSQL). Only
// the portal writes these columns, so text that is not a JSON object means the
// row is broken: that throws db::Error (a 500 with the request id) instead of
// quietly reading as empty.
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <string>
#include <string_view>

#include "db/database.hpp"

namespace portal::db {

// The object in a column's text (json_object_text) or in column i; NULL or "" reads as {}. `what` names the row and
// column in the error ("tenant 'aurora': features").
inline boost::json::object json_object_text(const std::string& text, std::string_view what) {
  if (text.empty()) return {};
  boost::system::error_code ec;
  boost::json::value v = boost::json::parse(text, ec);
  if (ec || !v.is_object()) throw Error(std::string(what) + " is not a JSON object");
  return std::move(v.as_object());
}
inline boost::json::object json_object_column(const Row& row, std::size_t i, std::string_view what) {
  return json_object_text(row.text(i), what);
}

}  // namespace portal::db
