#include "domains/catalog/catalog_views.hpp"

#include <boost/json.hpp>  // serialises the kept answers; the document is read as an ArticleDocument
#include <utility>

#include "core/described_shape.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rules.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

// The import checked each entry against ArticlePrice; the rest of an entry is not answered.
std::vector<PriceDto> prices_of(const ArticleDocument& d) {
  std::vector<PriceDto> out;
  for (const auto& p : d.prices.value_or(std::vector<ArticlePrice>{}))
    out.push_back({p.amount, p.currency, p.businessModel, p.promotionAmount});
  return out;
}

std::vector<ArtworkDto> artworks_of(const ArticleDocument& d) {
  std::vector<ArtworkDto> out;
  for (const auto& w : d.artworks.value_or(std::vector<ArticleArtwork>{}))
    out.push_back({w.artworkClass, w.url, w.orientation, w.width, w.height, w.group});
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
  const ArticleDocument d = stored_document(a.doc);
  ArticleDto o;
  const std::string title = localized(a.doc.if_contains("title"), lang);
  std::string category;
  o.categoryIds = d.categoryIds.value_or(std::vector<std::string>{});
  if (!o.categoryIds.empty()) category = o.categoryIds.front();
  std::optional<std::int64_t> artist_id;
  if (!artists.empty()) artist_id = artists.front().id;
  o.id = a.id;
  o.title = title;
  o.name = title;
  o.description = localized(a.doc.if_contains("description"), lang);
  o.contentType = a.content_type;
  if (auto first = first_episode_type(a.content_type); !first.empty()) o.firstEpisodeContentType = std::string(first);
  if (d.providerId && d.providerId->is_string()) o.providerId = std::string(d.providerId->as_string());
  if (d.providerId && d.providerId->is_int64()) o.providerId = std::to_string(d.providerId->as_int64());
  o.rating = a.rating;
  o.gradingLabel = grading_label(a.rating);
  if (!a.release_date.empty()) o.releaseDate = a.release_date;
  o.licensorName = d.licensorName;
  o.developerName = d.developerName;
  o.durationSeconds = d.durationSeconds;
  o.fileSizeBytes = d.fileSizeBytes;
  o.prices = prices_of(d);
  o.additionalArtworks = artworks_of(d);
  o.imageUrl = image_of(o.additionalArtworks);
  if (d.customProperties) o.customProperties = *d.customProperties;
  o.collectionInfo.articleId = a.parent_id;
  o.artists = std::move(artists);
  o.episode = d.episode;
  o.season = d.season;
  o.explicit_ = d.explicit_;
  o.slug = a.slug;
  o.href = article_href({a.content_type, a.id, a.slug, category, artist_id, artist_slug, a.parent_id});
  return o;
}

std::string view_key(std::string_view lang) { return std::string(lang) + "." + core::shape_of<ArticleDto>(); }

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
