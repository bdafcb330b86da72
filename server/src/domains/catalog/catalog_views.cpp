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

namespace {

void append_page(std::string& out, const std::vector<std::string>& entries, std::int64_t total, std::int64_t offset,
                 std::int64_t limit, std::string_view extra_members) {
  out += "{\"entries\":[";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i) out += ',';
    out += entries[i];
  }
  out += "],\"total\":";
  out += std::to_string(total);
  out += ",\"offset\":";
  out += std::to_string(offset);
  out += ",\"limit\":";
  out += std::to_string(limit);
  if (!extra_members.empty()) {
    out += ',';
    out += extra_members;
  }
  out += '}';
}

std::size_t page_size(const std::vector<std::string>& entries, std::string_view extra_members) {
  std::size_t size = 80 + extra_members.size();
  for (const auto& e : entries) size += e.size() + 1;
  return size;
}

}  // namespace

std::string page_text(const std::vector<std::string>& entries, std::int64_t total, std::int64_t offset,
                      std::int64_t limit, std::string_view extra_members) {
  std::string out;
  out.reserve(page_size(entries, extra_members));
  append_page(out, entries, total, offset, limit, extra_members);
  return out;
}

std::string page_body(const std::vector<std::string>& entries, std::int64_t total, std::int64_t offset,
                      std::int64_t limit) {
  std::string out;
  out.reserve(page_size(entries, {}) + 9);
  out += "{\"data\":";
  append_page(out, entries, total, offset, limit, {});
  out += '}';
  return out;
}

}  // namespace portal::catalog
