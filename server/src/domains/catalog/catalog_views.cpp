#include "domains/catalog/catalog_views.hpp"

#include <boost/json.hpp>

#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

std::string article_view(const ArticleRecord& a, const std::vector<ArticleRecord>& artists, std::string_view lang) {
  json::array list;
  for (const auto& artist : artists)
    list.push_back(json::object{{"id", artist.id}, {"title", localized(artist.doc.if_contains("title"), lang)},
                                {"slug", artist.slug}});
  return json::serialize(article_json(a, lang, list, artists.empty() ? std::string_view() : artists.front().slug));
}

std::string page_text(const std::vector<std::string>& entries, std::int64_t total, std::int64_t offset,
                      std::int64_t limit, std::string_view extra_members) {
  std::size_t size = 64 + extra_members.size();
  for (const auto& e : entries) size += e.size() + 1;
  std::string out;
  out.reserve(size);
  out += "{\"entries\":[";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i) out += ',';
    out += entries[i];
  }
  out += "],\"total\":" + std::to_string(total) + ",\"offset\":" + std::to_string(offset) +
         ",\"limit\":" + std::to_string(limit);
  if (!extra_members.empty()) {
    out += ',';
    out += extra_members;
  }
  out += '}';
  return out;
}

}  // namespace portal::catalog
