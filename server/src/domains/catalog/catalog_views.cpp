#include "domains/catalog/catalog_views.hpp"

#include <boost/json.hpp>  // free-form: reads the article document (ArticleRecord::doc) into the ArticleDto

#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

json::value get_or_null(const json::object& o, std::string_view key) {
  if (auto* v = o.if_contains(key)) return *v;
  return nullptr;
}

std::string_view first_episode_type(std::string_view content_type) {
  if (content_type == "album" || content_type == "playlist") return "full_track_music";
  if (content_type == "videocollection") return "full_length_video";
  if (content_type == "podcastcollection") return "podcast";
  if (content_type == "audiobook") return "audio_book_chapter";
  return {};
}

}  // namespace

ArticleDto article_dto(const ArticleRecord& a, std::string_view lang, std::vector<ArtistRefDto> artists,
                       std::string_view artist_slug) {
  const auto& d = a.doc;
  ArticleDto o;
  const std::string title = localized(d.if_contains("title"), lang);
  std::string category;
  if (auto* c = d.if_contains("categoryIds"); c && c->is_array())
    for (const auto& id : c->as_array())
      if (id.is_string()) o.categoryIds.emplace_back(id.as_string());  // the import lets strings only in
  if (!o.categoryIds.empty()) category = o.categoryIds.front();
  std::optional<std::int64_t> artist_id;
  if (!artists.empty()) artist_id = artists.front().id;
  o.id = a.id;
  o.title = title;
  o.name = title;
  o.description = localized(d.if_contains("description"), lang);
  o.contentType = a.content_type;
  if (auto first = first_episode_type(a.content_type); !first.empty()) o.firstEpisodeContentType = std::string(first);
  o.providerId = get_or_null(d, "providerId");
  o.rating = a.rating;
  o.gradingLabel = grading_label(a.rating);
  if (!a.release_date.empty()) o.releaseDate = a.release_date;
  o.licensorName = get_or_null(d, "licensorName");
  o.developerName = get_or_null(d, "developerName");
  o.durationSeconds = get_or_null(d, "durationSeconds");
  o.fileSizeBytes = get_or_null(d, "fileSizeBytes");
  if (auto* prices = d.if_contains("prices"); prices && prices->is_array()) o.prices = prices->as_array();
  if (auto* aw = d.if_contains("artworks"); aw && aw->is_array()) o.additionalArtworks = aw->as_array();
  std::string image;
  for (const auto& w : o.additionalArtworks)
    if (auto* wo = w.if_object())
      if (auto* url = wo->if_contains("url"); url && url->is_string()) {
        auto* cls = wo->if_contains("artworkClass");
        if (image.empty() || (cls && cls->is_string() && cls->as_string() == "COVER")) {
          image = std::string(url->as_string());
          if (cls && cls->is_string() && cls->as_string() == "COVER") break;
        }
      }
  if (!image.empty()) o.imageUrl = image;
  if (auto* props = d.if_contains("customProperties"); props && props->is_object()) o.customProperties = props->as_object();
  o.collectionInfo.articleId = a.parent_id;
  o.artists = std::move(artists);
  o.episode = get_or_null(d, "episode");
  o.season = get_or_null(d, "season");
  o.slug = a.slug;
  o.href = article_href({a.content_type, a.id, a.slug, category, artist_id, artist_slug, a.parent_id});
  return o;
}

std::string article_view(const ArticleRecord& a, const std::vector<ArticleRecord>& artists, std::string_view lang) {
  std::vector<ArtistRefDto> refs;
  refs.reserve(artists.size());
  for (const auto& artist : artists)
    refs.push_back({artist.id, localized(artist.doc.if_contains("title"), lang), artist.slug});
  // The kept piece is the DTO's own serialisation (catalog_rules_test compares them).
  return json::serialize(
      json::value_from(article_dto(a, lang, std::move(refs), artists.empty() ? std::string_view() : artists.front().slug)));
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

void append_list(std::string& out, std::string_view key, const std::vector<std::string>& entries) {
  out += ",\"";
  out += key;
  out += "\":[";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i) out += ',';
    out += entries[i];
  }
  out += ']';
}

}  // namespace

std::string details_text(const ArticleDetails& d) {
  std::size_t size = d.article.size() + 64;
  for (const auto& e : d.related) size += 2 * (e.size() + 1);
  if (d.top_tracks)
    for (const auto& e : *d.top_tracks) size += e.size() + 1;
  std::string out;
  out.reserve(size);
  // The article's members, then its lists: the kept Article is a JSON object
  // with members (article_view), so its closing brace gives way to them.
  out.append(d.article, 0, d.article.size() - 1);
  if (d.top_tracks) append_list(out, "topTracks", *d.top_tracks);
  if (!d.kind.empty()) append_list(out, d.kind, d.related);
  append_list(out, "related", d.related);
  out += '}';
  return out;
}

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
