#include "domains/catalog/catalog_article_document.hpp"

#include <algorithm>
#include <boost/json.hpp>  // free-form: the stored document, set right member by member when one does not read

#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace document_detail {

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

}  // namespace document_detail

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
      if (!document_detail::erase_field(copy, e.field)) break;
    }
  }
  return {};
}

bool has_freemium_price(const std::optional<std::vector<ArticlePrice>>& prices) {
  return prices && std::ranges::any_of(*prices, [](const ArticlePrice& p) { return p.businessModel == "DOWNLOAD_TO_OWN_FREEMIUM"; });
}

bool is_free_online_game(std::string_view content_type, const std::optional<std::vector<ArticlePrice>>& prices) {
  return is_free_online_game(content_type, has_freemium_price(prices));
}

}  // namespace portal::catalog
