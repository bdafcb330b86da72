#pragma once
// The one builder of the catalog's composed statements (the storefront's lists, catalog_repository.cpp; the
// console's list, catalog_admin_repository.cpp): the text grows by pieces of catalog_sql.hpp and
// catalog_admin_sql.hpp, and every value a piece takes becomes the statement's next placeholder ($n), so no value
// is ever written into the text.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "db/database.hpp"

namespace portal::catalog {

struct Statement {
  std::string text;
  db::Params params;

  // Adds a value and answers its placeholder ("$4").
  std::string add(db::Value v);
  // Appends `piece` with each of its {key}s replaced by the placeholder of that key's value.
  Statement& append(std::string_view piece, std::initializer_list<std::pair<std::string_view, db::Value>> values = {});
};

// `text` with each {key} replaced by its text (a placeholder, or a piece already filled).
std::string fill(std::string_view text, std::initializer_list<std::pair<std::string_view, std::string>> values);

}  // namespace portal::catalog
