#include "domains/catalog/catalog_article_document.hpp"

#include <boost/json.hpp>  // free-form: the stored document, set right member by member when one does not read

namespace portal::catalog {
namespace json = boost::json;

namespace {

// Removes the member a field names ("customProperties.platforms", "prices[2].amount": the list itself).
bool erase_field(json::object& doc, const std::string& field) {
  json::object* at = &doc;
  std::size_t start = 0;
  while (true) {
    const auto end = field.find_first_of(".[", start);
    const std::string key = field.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (end == std::string::npos || field[end] == '[') return at->erase(key) > 0;
    auto* next = at->if_contains(key);
    if (!next || !next->is_object()) return at->erase(key) > 0;
    at = &next->as_object();
    start = end + 1;
  }
}

}  // namespace

ArticleDocument stored_document(const json::object& doc) {
  try {
    return core::from_json<ArticleDocument>(doc);
  } catch (const core::JsonFieldError&) {
  }
  json::object copy = doc;
  for (int round = 0; round < 64; ++round) {
    try {
      return core::from_json<ArticleDocument>(copy);
    } catch (const core::JsonFieldError& e) {
      if (!erase_field(copy, e.field)) break;
    }
  }
  return {};
}

}  // namespace portal::catalog
