#include "domains/catalog/catalog_media_paths.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>  // free-form: the stored article document, read and written through ArticleDocument

#include "core/described_json.hpp"
#include "db/row_batch.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_rows.hpp"
#include "domains/catalog/catalog_sql.hpp"
#include "domains/catalog/catalog_views.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

constexpr std::string_view kSetDoc =
    "UPDATE catalog_articles SET doc = $3, version = version + 1, updated_at = $4 WHERE tenant_id = $1 AND id = $2";

// The audit's view of an article's media: its paths, its length and its cover's url, each null when absent, read
// as ArticleDocument types them.
struct MediaSnapshot {
  std::optional<ArticleMedia> media;
  std::optional<std::int64_t> durationSeconds;
  std::optional<std::string> cover;
};
BOOST_DESCRIBE_STRUCT(MediaSnapshot, (), (media, durationSeconds, cover))

json::value media_snapshot(const json::object& doc) {
  MediaSnapshot out{stored_member<&ArticleDocument::media>(doc), stored_member<&ArticleDocument::durationSeconds>(doc),
                    std::nullopt};
  for (const auto& w : stored_member<&ArticleDocument::artworks>(doc).value_or(std::vector<ArticleArtwork>{}))
    if (w.artworkClass == "COVER") out.cover = w.url;
  return core::described_object(out);
}

std::optional<ArticleRecord> find(db::Session& s, std::int64_t tenant_id, std::int64_t id) {
  return db::read_first<ArticleRecord>(s.query(sql::kFindArticle, {tenant_id, id}));
}
}  // namespace

std::optional<MediaPublished> set_article_media(db::Session& s, std::int64_t tenant_id, std::int64_t article_id,
                                                const MediaChange& change) {
  auto a = find(s, tenant_id, article_id);
  if (!a) return std::nullopt;
  MediaPublished published{media_snapshot(a->doc), nullptr};
  if (change.media)
    store_member<&ArticleDocument::media>(a->doc, ArticleMedia{change.media->type, change.media->path,
                                                               change.media->previewPath, {}});
  if (change.duration_seconds) store_member<&ArticleDocument::durationSeconds>(a->doc, *change.duration_seconds);
  if (change.cover_url) {
    // The COVER artworks take the new url (added, square, when there is none); the others stay as they read.
    auto artworks = stored_member<&ArticleDocument::artworks>(a->doc).value_or(std::vector<ArticleArtwork>{});
    bool set = false;
    for (auto& w : artworks)
      if (w.artworkClass == "COVER") w.url = *change.cover_url, set = true;
    if (!set) artworks.push_back(ArticleArtwork{*change.cover_url, "COVER", "Square", {}, {}, {}, {}});
    store_member<&ArticleDocument::artworks>(a->doc, std::move(artworks));
  }
  published.after = media_snapshot(a->doc);
  s.execute(kSetDoc, {tenant_id, article_id, json::serialize(a->doc), db::utc_timestamp()});
  std::vector<ArticleRecord> artists;
  for (const auto id : stored_member<&ArticleDocument::artistIds>(a->doc).value_or(std::vector<std::int64_t>{}))
    if (auto artist = find(s, tenant_id, id)) artists.push_back(std::move(*artist));
  db::execute_for_ids(s, sql::kDeleteViews, {tenant_id}, {article_id});  // pieces of an earlier shape go too
  for (auto lang : kLanguages) s.execute(sql::kUpsertView, {tenant_id, article_id, view_key(lang), article_view(*a, artists, lang)});
  return published;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(ArticleRecord, sql::kFindArticle);
}  // namespace portal::catalog
