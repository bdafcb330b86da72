#include "domains/tournaments/tournament_media_file.hpp"

#include <algorithm>
#include <boost/json.hpp>  // the file's edge: its entries become MediaEntry here, the service sees no JSON
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace portal::tournaments {
namespace json = boost::json;

namespace {

std::vector<std::pair<std::string, std::string>> texts(const json::object& o, std::string_view key, bool required) {
  std::vector<std::pair<std::string, std::string>> out;
  auto* v = o.if_contains(key);
  if (!v) {
    if (required) throw std::runtime_error("tournament media: missing " + std::string(key));
    return out;
  }
  for (const auto& [lang, text] : v->as_object()) out.emplace_back(std::string(lang), std::string(text.as_string()));
  if (required && std::none_of(out.begin(), out.end(), [](const auto& p) { return p.first == "en"; }))
    throw std::runtime_error("tournament media: " + std::string(key) + " without en");
  return out;
}

}  // namespace

std::vector<MediaEntry> load_tournament_media(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::stringstream buf;
  buf << in.rdbuf();
  const auto doc = json::parse(buf.str()).as_object();
  std::vector<MediaEntry> out;
  for (auto [key, kind] : {std::pair<std::string_view, std::string_view>{"news", "news"}, {"videos", "video"}}) {
    auto* list = doc.if_contains(key);
    if (!list) continue;
    for (const auto& v : list->as_array()) {
      const auto& o = v.as_object();
      MediaEntry e;
      e.id = o.at("id").as_int64();
      e.tournament_id = o.at("tournamentId").as_int64();
      e.kind = std::string(kind);
      if (auto* t = o.if_contains("tenants"))
        for (const auto& name : t->as_array()) e.tenants.emplace_back(name.as_string());
      e.published_at = std::string(o.at("publishedAt").as_string());
      e.image_url = std::string(o.at("imageUrl").as_string());
      if (auto* u = o.if_contains("videoUrl")) e.video_url = std::string(u->as_string());
      if (auto* d = o.if_contains("duration")) e.duration = d->as_int64();
      e.title = texts(o, "title", true);
      e.summary = texts(o, "summary", true);
      e.body = texts(o, "body", false);
      out.push_back(std::move(e));
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.published_at > b.published_at; });
  return out;
}

}  // namespace portal::tournaments
