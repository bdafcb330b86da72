#include "domains/catalog/catalog_views.hpp"

#include <boost/json.hpp>  // free-form: reads the article document (ArticleRecord::doc) into the ArticleDto
#include <cmath>
#include <utility>

#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

// The document's member `key` when it is a string, else none.
std::optional<std::string> text_at(const json::object& o, std::string_view key) {
  if (auto* v = o.if_contains(key); v && v->is_string()) return std::string(v->as_string());
  return std::nullopt;
}

// The document's member `key` when it is a whole number (the import lets no other), else none.
std::optional<std::int64_t> number_at(const json::object& o, std::string_view key) {
  if (auto* v = o.if_contains(key)) {
    if (v->is_int64()) return v->as_int64();
    if (v->is_uint64() && std::in_range<std::int64_t>(v->as_uint64())) return static_cast<std::int64_t>(v->as_uint64());
    if (v->is_double() && v->as_double() == std::floor(v->as_double()) && std::abs(v->as_double()) < 9e15)
      return static_cast<std::int64_t>(v->as_double());
  }
  return std::nullopt;
}

// The import checked each entry (catalog_import.cpp): amount a whole number of minor units, currency and
// businessModel strings; the rest of an entry is not answered.
std::vector<PriceDto> prices_of(const json::object& d) {
  std::vector<PriceDto> out;
  if (auto* prices = d.if_contains("prices"); prices && prices->is_array())
    for (const auto& p : prices->as_array())
      if (auto* po = p.if_object())
        out.push_back({number_at(*po, "amount").value_or(0), text_at(*po, "currency").value_or(""),
                       text_at(*po, "businessModel").value_or(""), number_at(*po, "promotionAmount")});
  return out;
}

std::vector<ArtworkDto> artworks_of(const json::object& d) {
  std::vector<ArtworkDto> out;
  if (auto* artworks = d.if_contains("artworks"); artworks && artworks->is_array())
    for (const auto& w : artworks->as_array())
      if (auto* wo = w.if_object(); wo && wo->if_contains("url") && wo->at("url").is_string())
        out.push_back({text_at(*wo, "artworkClass"), std::string(wo->at("url").as_string()), text_at(*wo, "orientation"),
                       number_at(*wo, "width"), number_at(*wo, "height"), text_at(*wo, "group")});
  return out;
}

// The first COVER's url, else the first artwork's.
std::optional<std::string> image_of(const std::vector<ArtworkDto>& artworks) {
  for (const auto& w : artworks)
    if (w.artworkClass == "COVER") return w.url;
  if (!artworks.empty()) return artworks.front().url;
  return std::nullopt;
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
  o.providerId = text_at(d, "providerId");
  if (auto number = number_at(d, "providerId")) o.providerId = std::to_string(*number);
  o.rating = a.rating;
  o.gradingLabel = grading_label(a.rating);
  if (!a.release_date.empty()) o.releaseDate = a.release_date;
  o.licensorName = text_at(d, "licensorName");
  o.developerName = text_at(d, "developerName");
  o.durationSeconds = number_at(d, "durationSeconds");
  o.fileSizeBytes = number_at(d, "fileSizeBytes");
  o.prices = prices_of(d);
  o.additionalArtworks = artworks_of(d);
  o.imageUrl = image_of(o.additionalArtworks);
  if (auto* props = d.if_contains("customProperties"); props && props->is_object()) o.customProperties = props->as_object();
  o.collectionInfo.articleId = a.parent_id;
  o.artists = std::move(artists);
  o.episode = number_at(d, "episode");
  o.season = number_at(d, "season");
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
