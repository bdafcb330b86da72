#include "domains/catalog/catalog_media_paths.hpp"

#include <boost/json.hpp>  // free-form: the article document, edited here at the repository edge

#include "core/described_json.hpp"
#include "db/row_batch.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_rows.hpp"
#include "domains/catalog/catalog_sql.hpp"
#include "domains/catalog/catalog_views.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

constexpr std::string_view kSetDoc =
    "UPDATE catalog_articles SET doc = $3, version = version + 1, updated_at = $4 WHERE tenant_id = $1 AND id = $2";

// The audit's view of an article's media.
json::value media_snapshot(const json::object& doc) {
  json::object out{{"media", nullptr}, {"durationSeconds", nullptr}, {"cover", nullptr}};
  if (const auto* m = doc.if_contains("media")) out["media"] = *m;
  if (const auto* d = doc.if_contains("durationSeconds")) out["durationSeconds"] = *d;
  if (const auto* list = doc.if_contains("artworks"); list && list->is_array())
    for (const auto& w : list->as_array())
      if (const auto* o = w.if_object(); o && o->if_contains("artworkClass") && o->at("artworkClass") == "COVER")
        if (const auto* url = o->if_contains("url")) out["cover"] = *url;
  return out;
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
  if (change.media) a->doc["media"] = core::described_object(*change.media, {"previewPath"});
  if (change.duration_seconds) a->doc["durationSeconds"] = *change.duration_seconds;
  if (change.cover_url) {
    auto* list = a->doc.if_contains("artworks");
    if (!list || !list->is_array()) list = &(a->doc["artworks"] = json::array{});
    bool set = false;
    for (auto& w : list->as_array())
      if (w.is_object() && w.as_object().if_contains("artworkClass") && w.as_object().at("artworkClass") == "COVER") {
        w.as_object()["url"] = *change.cover_url;
        set = true;
      }
    if (!set)
      list->as_array().push_back(json::object{{"artworkClass", "COVER"}, {"url", *change.cover_url}, {"orientation", "Square"}});
  }
  published.after = media_snapshot(a->doc);
  s.execute(kSetDoc, {tenant_id, article_id, json::serialize(a->doc), db::utc_timestamp()});
  std::vector<ArticleRecord> artists;
  if (auto* v = a->doc.if_contains("artistIds"); v && v->is_array())
    for (const auto& x : v->as_array())
      if (x.is_int64())
        if (auto artist = find(s, tenant_id, x.as_int64())) artists.push_back(std::move(*artist));
  db::execute_for_ids(s, sql::kDeleteViews, {tenant_id}, {article_id});  // pieces of an earlier shape go too
  for (auto lang : kLanguages) s.execute(sql::kUpsertView, {tenant_id, article_id, view_key(lang), article_view(*a, artists, lang)});
  return published;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(ArticleRecord, sql::kFindArticle);
}  // namespace portal::catalog
