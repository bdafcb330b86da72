#include "domains/catalog/catalog_repository.hpp"

#include "db/secrets.hpp"

#include <sodium.h>

#include <boost/json.hpp>  // the edge: article and challenge documents (free-form) and category titles as stored
#include <cctype>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

#include "db/json_column.hpp"
#include "db/row_batch.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_rows.hpp"
#include "domains/catalog/catalog_search.hpp"
#include "domains/catalog/catalog_sql.hpp"
#include "domains/catalog/catalog_views.hpp"
#include "domains/tenants/tenants_repository.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

// Two-column answers: an article and a text (its document, a title); an article of a tenant.
struct ArticleText {
  std::int64_t id = 0;
  std::string text;
};
BOOST_DESCRIBE_STRUCT(ArticleText, (), (id, text))
struct TenantArticle {
  std::int64_t tenant_id = 0;
  std::int64_t article_id = 0;
};
BOOST_DESCRIBE_STRUCT(TenantArticle, (), (tenant_id, article_id))
// A page of kept answers: each article's answer (NULL before its import wrote one) and, with the page, the kept count.
struct KeptView {
  std::optional<std::string> body;
};
BOOST_DESCRIBE_STRUCT(KeptView, (), (body))
struct KeptTotal {
  std::int64_t total = 0;
};
BOOST_DESCRIBE_STRUCT(KeptTotal, (), (total))

ArticleRecord to_article(const db::Row& row) { return db::read_row<ArticleRecord>(row); }
std::vector<ArticleRecord> to_articles(const db::Rows& rows) { return db::read_rows<ArticleRecord>(rows); }

db::Value nullable(const std::optional<std::int64_t>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

// The price_rank of an article not sold alone (migration 0060): after every price in the "price" order.
constexpr std::int64_t kNotSoldAlone = std::numeric_limits<std::int64_t>::max();

enum class ListSelect { views, records, count };

// The kept count of a list's filter; each filter value is a placeholder of st
// ("" for a filter the list does not have).
std::string kept_count(std::string_view category, std::string_view section, std::string_view type) {
  std::string text = fill(sql::kCountKept, {{"{category}", category.empty() ? "''" : std::string(category)}});
  if (!section.empty()) text += fill(sql::kCountKeptSection, {{"{section}", std::string(section)}});
  if (!type.empty()) text += fill(sql::kCountKeptType, {{"{type}", std::string(type)}});
  else text += sql::kCountKeptNoPublishers;
  return text;
}

// The statement of one list shape (catalog_sql.hpp "Lists"): only the filters
// the query has, so that the shape's index (0015) serves its filter and order.
// A page of kept answers without a developer filter also carries the kept
// count (kPageTotal), so a page is one statement.
Statement list_statement(ListSelect select, std::int64_t tenant_id, const ListQuery& q) {
  Statement st{{}, {tenant_id, std::int64_t{q.rating.min}, std::int64_t{q.rating.max}}};
  std::string& text = st.text;
  std::string category, section, type;  // their placeholders
  text = select == ListSelect::views ? sql::kListViews : select == ListSelect::records ? sql::kListRecords : sql::kListCount;
  if (!q.category.empty()) text += fill(sql::kListInCategory, {{"{category}", category = st.add(q.category)}});
  if (select == ListSelect::views) text = fill(text, {{"{lang}", st.add(view_key(q.lang))}});
  text += sql::kListWhere;
  if (!q.section.empty()) text += fill(sql::kListSection, {{"{section}", section = st.add(q.section)}});
  if (!q.content_type.empty()) text += fill(sql::kListType, {{"{type}", type = st.add(q.content_type)}});
  else text += sql::kListNoPublishers;
  if (!q.developer.empty()) text += fill(sql::kListDeveloper, {{"{developer}", st.add(q.developer)}});
  if (select == ListSelect::views)
    text = fill(text, {{"{total}", q.developer.empty() ? fill(sql::kPageTotal, {{"{count}", kept_count(category, section, type)}})
                                                        : std::string()}});
  if (select == ListSelect::count) return st;
  text += q.sort == "new"       ? sql::kOrderNew
          : q.sort == "popular" ? sql::kOrderPopular
          : q.sort == "title"   ? sql::kOrderTitle
          : q.sort == "rated"   ? sql::kOrderRated
          : q.sort == "price"   ? sql::kOrderPrice
          : q.category.empty()  ? sql::kOrderPosition
                                : sql::kOrderCategoryPosition;
  text += fill(sql::kListPage, {{"{limit}", st.add(q.limit)}, {"{offset}", st.add(q.offset)}});
  return st;
}

std::int64_t list_total(db::Database& db, std::int64_t tenant_id, const ListQuery& q) {
  auto st = list_count_statement(tenant_id, q);
  return db::read_value<std::int64_t>(db.query(st.text, st.params)).value_or(0);
}

std::vector<std::int64_t> artist_ids_of(const json::object& doc) {
  std::vector<std::int64_t> out;
  if (auto* v = doc.if_contains("artistIds"); v && v->is_array())
    for (const auto& x : v->as_array())
      if (x.is_int64()) out.push_back(x.as_int64());
  return out;
}


std::string json_ids(const std::vector<std::int64_t>& ids) {
  std::string out = "[";
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? "," : "") + std::to_string(ids[i]);
  return out + "]";
}

// Writes the kept answers (every language) of the given articles, in the
// caller's transaction, in batches (db/row_batch.hpp). `known` holds the
// records at hand (an import's); others, and their artists, are read from the session.
void write_views(db::Session& s, std::int64_t tenant_id, const std::vector<std::int64_t>& ids,
                 const std::map<std::int64_t, const ArticleRecord*>& known) {
  std::map<std::int64_t, std::optional<ArticleRecord>> read;
  auto record = [&](std::int64_t id) -> const ArticleRecord* {
    if (auto it = known.find(id); it != known.end()) return it->second;
    auto [it, fresh] = read.try_emplace(id);
    if (fresh) {
      auto rows = s.query(sql::kFindArticle, {tenant_id, id});
      if (!rows.empty()) it->second = to_article(rows[0]);
    }
    return it->second ? &*it->second : nullptr;
  };
  // Every answer of these articles goes (those of an earlier shape, view_key, too); a published one gets new ones,
  // an unpublished one none: nothing of the storefront finds it.
  std::vector<std::int64_t> present;
  for (auto id : ids)
    if (record(id)) present.push_back(id);
  db::execute_for_ids(s, sql::kDeleteViews, {tenant_id}, present);
  db::RowBatch views(s, sql::kUpsertView);
  for (auto id : present) {
    const ArticleRecord* a = record(id);
    if (!article_published(a->doc)) continue;
    std::vector<ArticleRecord> artists;
    for (auto artist_id : artist_ids_of(a->doc))
      if (const ArticleRecord* artist = record(artist_id)) artists.push_back(*artist);
    for (auto lang : kLanguages) views.add({tenant_id, id, view_key(lang), article_view(*a, artists, lang)});
  }
  views.flush();
}

// The counts of every list filter, written anew (catalog_list_counts).
void keep_counts(db::Session& s, std::int64_t tenant_id) {
  for (auto statement : {sql::kDeleteCounts, sql::kKeepCounts, sql::kKeepCategoryCounts}) s.execute(statement, {tenant_id});
}

}  // namespace

Statement list_page_statement(std::int64_t tenant_id, const ListQuery& q) {
  return list_statement(ListSelect::views, tenant_id, q);
}

// From the counts kept per import, or (with a developer filter, which they do
// not keep) by counting the articles.
Statement list_count_statement(std::int64_t tenant_id, const ListQuery& q) {
  if (!q.developer.empty()) return list_statement(ListSelect::count, tenant_id, q);
  Statement st{{}, {tenant_id, std::int64_t{q.rating.min}, std::int64_t{q.rating.max}}};
  const std::string category = q.category.empty() ? "" : st.add(q.category);
  const std::string section = q.section.empty() ? "" : st.add(q.section);
  const std::string type = q.content_type.empty() ? "" : st.add(q.content_type);
  st.text = kept_count(category, section, type);
  return st;
}

bool CatalogRepository::category_exists(std::int64_t tenant_id, std::string_view id) {
  return !db_.query(sql::kCategoryExists, {tenant_id, std::string(id)}).empty();
}

bool CatalogRepository::article_exists(std::int64_t tenant_id, std::int64_t id) {
  return !db_.query(sql::kArticleExists, {tenant_id, id}).empty();
}

std::vector<std::int64_t> CatalogRepository::priced_in(std::int64_t tenant_id, std::string_view currency) {
  std::vector<std::int64_t> out;
  for (const auto& article : db::read_rows<ArticleText>(db_.query(sql::kPricedArticles, {tenant_id}))) {
    boost::system::error_code ec;
    const auto doc = json::parse(article.text, ec);
    const auto* prices = !ec && doc.is_object() ? doc.as_object().if_contains("prices") : nullptr;
    if (!prices || !prices->is_array()) continue;
    for (const auto& p : prices->as_array()) {
      const auto* o = p.if_object();
      const auto* c = o ? o->if_contains("currency") : nullptr;
      if (c && c->is_string() && c->as_string() == currency) {
        out.push_back(article.id);
        break;
      }
    }
  }
  return out;
}

std::int64_t CatalogRepository::write(std::int64_t tenant_id, const ImportSet& set, bool prune, const WriteHook& hook) {
  const bool postgres = db_.dialect() == "postgres";
  std::int64_t pruned = 0;
  db_.transaction([&](db::Session& s) {
    pruned = 0;  // a retried transaction (db::TransientError) counts again from here
    std::vector<std::int64_t> pruned_ids;
    for (const auto& c : set.categories)
      s.execute(sql::kUpsertCategory,
                {tenant_id, c.record.id, c.record.section,
                 c.record.parent_id ? db::Value(*c.record.parent_id) : db::Value(nullptr), c.record.artwork,
                 json::serialize(texts_json(c.record.titles)), std::int64_t{c.position}});
    std::map<std::int64_t, const ImportArticle*> in_file;
    for (const auto& a : set.articles) in_file[a.record.id] = &a;
    const std::string now = db::utc_timestamp();
    // The rows go in batches, table by table: the articles, then their old children gone, then the new ones.
    db::RowBatch articles(s, sql::kUpsertArticle);
    std::vector<std::int64_t> written;
    written.reserve(set.articles.size());
    for (const auto& a : set.articles) {
      const auto& r = a.record;
      const auto window = availability_of(r.doc);
      articles.add({tenant_id, r.id, r.content_type, r.section, nullable(r.parent_id), std::int64_t{r.rating},
                    r.release_date, a.sort_title, r.slug, a.developer_name, std::int64_t{a.position},
                    json::serialize(r.doc), std::int64_t{article_published(r.doc) ? 1 : 0},
                    window.from.empty() ? db::Value(nullptr) : db::Value(window.from),
                    window.until.empty() ? db::Value(nullptr) : db::Value(window.until), now,
                    sale_price_of(r.doc).value_or(kNotSoldAlone)});
      written.push_back(r.id);
    }
    articles.flush();
    for (auto statement : {sql::kDeleteTexts, sql::kDeleteCategories, sql::kDeleteArtists, sql::kDeleteMembers})
      db::execute_for_ids(s, statement, {tenant_id}, written);
    db::RowBatch texts(s, sql::kInsertText), categories(s, sql::kInsertCategory), artists_of(s, sql::kInsertArtist),
        members(s, sql::kInsertMember), search(s, sql::kUpsertSearchDocument);
    for (const auto& a : set.articles) {
      const auto& r = a.record;
      for (const auto& [lang, text] : a.texts) texts.add({tenant_id, r.id, lang, text.first, text.second});
      for (const auto& c : a.category_ids) categories.add({tenant_id, r.id, c, std::int64_t{a.position}});
      std::int64_t position = 0;
      std::vector<std::string> artist_names;
      for (auto artist : a.artist_ids) {
        artists_of.add({tenant_id, r.id, artist, position++});
        if (auto it = in_file.find(artist); it != in_file.end()) {
          for (const auto& [lang, text] : it->second->texts) artist_names.push_back(text.first);
        } else if (auto rows = s.query(sql::kArticleDoc, {tenant_id, artist}); !rows.empty()) {
          const auto doc = db::json_object_column(rows[0], 0, "article " + std::to_string(artist) + ": doc");
          if (auto* t = doc.if_contains("title"); t && t->is_object())
            for (const auto& kv : t->as_object())
              if (kv.value().is_string()) artist_names.emplace_back(kv.value().as_string());
        }
      }
      position = 0;
      for (auto member : a.member_ids) members.add({tenant_id, r.id, member, position++});
      search.add({tenant_id, r.id, fold_for_search(search_body(a, artist_names))});
    }
    for (auto* batch : {&texts, &categories, &artists_of, &members, &search}) batch->flush();
    // The kept answers: the file's articles, and those naming an artist of the
    // file (their answers carry the artist's titles).
    std::map<std::int64_t, const ArticleRecord*> records;
    std::vector<std::int64_t> ids, artists;
    for (const auto& a : set.articles) {
      records[a.record.id] = &a.record;
      ids.push_back(a.record.id);
      if (a.record.content_type == "artist") artists.push_back(a.record.id);
    }
    if (!artists.empty())
      for (auto id : db::read_values<std::int64_t>(s.query(
               postgres ? sql::kArticlesOfArtistsPostgres : sql::kArticlesOfArtistsSqlite, {tenant_id, json_ids(artists)})))
        if (!records.count(id)) ids.push_back(id);
    write_views(s, tenant_id, ids, records);
    for (const auto& c : set.challenges)
      s.execute(sql::kUpsertChallenge, {tenant_id, c.record.id, c.record.game_id, std::int64_t{c.position},
                                        json::serialize(c.record.doc)});
    if (prune) {
      std::set<std::int64_t> keep_challenges;
      for (const auto& c : set.challenges) keep_challenges.insert(c.record.id);
      for (auto id : db::read_values<std::int64_t>(s.query(sql::kChallengeIds, {tenant_id})))
        if (!keep_challenges.count(id)) s.execute(sql::kDeleteChallenge, {tenant_id, id});
      for (auto id : db::read_values<std::int64_t>(s.query(sql::kArticleIds, {tenant_id}))) {
        if (in_file.count(id)) continue;
        pruned += s.execute(sql::kDeleteArticle, {tenant_id, id});
        pruned_ids.push_back(id);
      }
    }
    keep_counts(s, tenant_id);
    // Every instance's search follows: the written and pruned articles' postings,
    // or (a large import) the whole index rebuilt beside the serving one.
    if (static_cast<std::int64_t>(set.articles.size()) + static_cast<std::int64_t>(pruned_ids.size()) >
        kIncrementalImportLimit) {
      note_catalog_rewritten(s, tenant_id);
    } else {
      std::vector<std::int64_t> changed = pruned_ids;
      for (const auto& a : set.articles) changed.push_back(a.record.id);
      note_articles_changed(s, tenant_id, changed);
    }
    if (hook) hook(s);  // the console's own checks and its audit entry, in this transaction
    tenants::raise_config_version(s, tenant_id);  // lists and page shells kept by every instance follow
  });
  return pruned;
}

std::vector<ArticleRecord> CatalogRepository::online_games(std::int64_t tenant_id) {
  return to_articles(db_.query(sql::kOnlineGames, {tenant_id}));
}

std::vector<ArticleRecord> CatalogRepository::all_articles(std::int64_t tenant_id) {
  return to_articles(db_.query(sql::kAllArticles, {tenant_id}));
}

std::optional<ChallengeRecord> CatalogRepository::challenge(std::int64_t tenant_id, std::int64_t id) {
  return db::read_first<ChallengeRecord>(db_.query(sql::kFindChallenge, {tenant_id, id}));
}

bool CatalogRepository::opt_in(std::int64_t tenant_id, std::int64_t challenge_id, const std::string& user_uuid,
                               const std::string& now) {
  if (db_.query(sql::kChallengeExists, {tenant_id, challenge_id}).empty()) return false;
  db_.execute(sql::kOptIn, {tenant_id, challenge_id, user_uuid, now});
  return true;
}

bool CatalogRepository::opted_in(std::int64_t tenant_id, std::int64_t challenge_id, const std::string& user_uuid) {
  return !db_.query(sql::kOptedIn, {tenant_id, challenge_id, user_uuid}).empty();
}

std::optional<ArticleRecord> CatalogRepository::find(std::int64_t tenant_id, std::int64_t id) {
  auto rows = db_.query(sql::kFindArticle, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return to_article(rows[0]);
}

Page CatalogRepository::list(std::int64_t tenant_id, const ListQuery& q) {
  auto st = list_statement(ListSelect::records, tenant_id, q);
  return {to_articles(db_.query(st.text, st.params)), list_total(db_, tenant_id, q)};
}

ViewPage CatalogRepository::list_views(std::int64_t tenant_id, const ListQuery& q) {
  auto st = list_statement(ListSelect::views, tenant_id, q);
  ViewPage page;
  const auto rows = db_.query(st.text, st.params);
  page.entries.reserve(rows.size());
  for (auto& view : db::read_rows<KeptView>(rows))
    if (view.body) page.entries.push_back(std::move(*view.body));  // every article has its answers (import)
  // The kept count came with the page; an empty page (or a developer's list) asks for it.
  page.total = !rows.empty() && rows[0].size() > 1 ? db::read_row<KeptTotal>(rows[0]).total : list_total(db_, tenant_id, q);
  return page;
}

std::optional<std::string> CatalogRepository::view(std::int64_t tenant_id, std::int64_t id, std::string_view lang) {
  return db::read_value<std::string>(db_.query(sql::kView, {tenant_id, id, view_key(lang)}));
}

std::vector<ArticleRecord> CatalogRepository::children(std::int64_t tenant_id, std::int64_t parent_id, RatingRange r) {
  return to_articles(db_.query(sql::kChildren, {tenant_id, parent_id, std::int64_t{r.min}, std::int64_t{r.max}}));
}

std::vector<ArticleRecord> CatalogRepository::by_artist(std::int64_t tenant_id, std::int64_t artist_id,
                                                        std::string_view type, RatingRange r) {
  return to_articles(db_.query(sql::kByArtist, {tenant_id, artist_id, std::string(type), std::int64_t{r.min},
                                                std::int64_t{r.max}}));
}

std::vector<ArticleRecord> CatalogRepository::artist_top_tracks(std::int64_t tenant_id, std::int64_t artist_id,
                                                                RatingRange r, std::int64_t limit) {
  return to_articles(db_.query(sql::kArtistTopTracks, {tenant_id, artist_id, std::int64_t{r.min}, std::int64_t{r.max}, limit}));
}

std::vector<ArticleRecord> CatalogRepository::playlist_members(std::int64_t tenant_id, std::int64_t playlist_id,
                                                               RatingRange r) {
  return to_articles(db_.query(sql::kPlaylistMembers, {tenant_id, playlist_id, std::int64_t{r.min}, std::int64_t{r.max}}));
}

std::vector<ArticleRecord> CatalogRepository::by_developer(std::int64_t tenant_id, std::string_view developer,
                                                           RatingRange r) {
  return to_articles(
      db_.query(sql::kByDeveloper, {tenant_id, std::string(developer), std::int64_t{r.min}, std::int64_t{r.max}}));
}

std::int64_t CatalogRepository::search_generation(std::int64_t tenant_id) {
  return db::read_value<std::int64_t>(db_.query(sql::kSearchGeneration, {tenant_id})).value_or(0);
}

std::vector<CatalogChange> CatalogRepository::catalog_changes(std::int64_t tenant_id, std::int64_t after,
                                                              std::int64_t upto) {
  return db::read_rows<CatalogChange>(db_.query(sql::kCatalogChangesAfter, {tenant_id, after, upto}));
}

namespace {
SearchDocument search_document(const db::Row& row) { return db::read_row<SearchDocument>(row); }
}  // namespace

std::vector<SearchDocument> CatalogRepository::search_documents_of(std::int64_t tenant_id,
                                                                   std::span<const std::int64_t> ids) {
  constexpr std::size_t kChunk = 500;
  std::vector<SearchDocument> out;
  for (std::size_t from = 0; from < ids.size(); from += kChunk) {
    const auto chunk = ids.subspan(from, std::min(kChunk, ids.size() - from));
    db::Params params{tenant_id};
    std::string placeholders;
    for (auto id : chunk) {
      params.push_back(id);
      placeholders += (placeholders.empty() ? "$" : ", $") + std::to_string(params.size());
    }
    std::map<std::int64_t, SearchDocument> found;
    for (const auto& row : db_.query(fill(sql::kSearchDocumentsOf, {{"{ids}", placeholders}}), params)) {
      auto d = search_document(row);
      found.emplace(d.id, std::move(d));
    }
    for (const auto& title : db::read_rows<ArticleText>(db_.query(fill(sql::kSearchDocumentTitlesOf, {{"{ids}", placeholders}}), params)))
      if (auto it = found.find(title.id); it != found.end()) it->second.titles += title.text + "\n";
    for (auto& [id, d] : found) out.push_back(std::move(d));
  }
  return out;
}

void CatalogRepository::search_documents(std::int64_t tenant_id, const std::function<void(const SearchDocument&)>& each) {
  constexpr std::int64_t kPage = 2000;
  for (std::int64_t after = std::numeric_limits<std::int64_t>::min();;) {
    std::vector<SearchDocument> page;
    for (const auto& row : db_.query(sql::kSearchDocuments, {tenant_id, after, kPage})) page.push_back(search_document(row));
    if (page.empty()) return;
    // Both answers are in article order: the titles join their documents in one pass.
    std::size_t at = 0;
    for (const auto& title : db::read_rows<ArticleText>(db_.query(sql::kSearchDocumentTitles, {tenant_id, after, page.back().id}))) {
      while (at < page.size() && page[at].id < title.id) ++at;
      if (at < page.size() && page[at].id == title.id) page[at].titles += title.text + "\n";
    }
    for (const auto& d : page) each(d);
    if (static_cast<std::int64_t>(page.size()) < kPage) return;
    after = page.back().id;
  }
}

std::vector<std::string> CatalogRepository::views_of(std::int64_t tenant_id, const std::vector<std::int64_t>& ids,
                                                     std::string_view lang) {
  if (ids.empty()) return {};
  db::Params params{tenant_id, view_key(lang)};
  std::string placeholders;
  for (auto id : ids) {
    params.push_back(id);
    placeholders += (placeholders.empty() ? "$" : ", $") + std::to_string(params.size());
  }
  std::unordered_map<std::int64_t, std::string> by_id;
  auto rows = db_.query(fill(sql::kViewsOf, {{"{ids}", placeholders}}), params);
  for (auto& view : db::read_rows<ArticleText>(rows)) by_id[view.id] = std::move(view.text);
  std::vector<std::string> out;
  for (auto id : ids)
    if (auto it = by_id.find(id); it != by_id.end()) out.push_back(std::move(it->second));
  return out;
}

void CatalogRepository::fill_views_if_missing() {
  std::map<std::int64_t, std::vector<std::int64_t>> missing;
  for (const auto& a : db::read_rows<TenantArticle>(db_.query(sql::kArticlesWithoutViews, {view_key("en")})))
    missing[a.tenant_id].push_back(a.article_id);
  std::vector<std::int64_t> uncounted;
  for (auto tenant_id : db::read_values<std::int64_t>(db_.query(sql::kTenantsWithArticles)))
    if (db_.query(sql::kAnyCounts, {tenant_id}).empty()) uncounted.push_back(tenant_id);
  if (missing.empty() && uncounted.empty()) return;
  db_.transaction([&](db::Session& s) {
    for (const auto& [tenant_id, ids] : missing) write_views(s, tenant_id, ids, {});
    for (auto tenant_id : uncounted) keep_counts(s, tenant_id);
  });
}

std::vector<CategoryRecord> CatalogRepository::categories(std::int64_t tenant_id, std::string_view section,
                                                          RatingRange r) {
  return db::read_rows<CategoryRecord>(
      db_.query(sql::kCategories, {tenant_id, std::string(section), std::int64_t{r.min}, std::int64_t{r.max}}));
}

std::optional<CategoryRecord> CatalogRepository::category(std::int64_t tenant_id, std::string_view id) {
  return db::read_first<CategoryRecord>(db_.query(sql::kCategory, {tenant_id, std::string(id)}));
}

std::optional<std::int64_t> CatalogRepository::count_read(std::int64_t tenant_id, std::int64_t id, RatingRange r) {
  return db::read_value<std::int64_t>(db_.query(sql::kCountRead, {tenant_id, id, std::int64_t{r.min}, std::int64_t{r.max}}));
}

std::string CatalogRepository::media_secret() { return db::shared_secret(db_, "media"); }

namespace {

// U+00C0..U+017F to a base ASCII letter, 0 to keep the character.
constexpr char kLatinFold[] =
    "AAAAAAACEEEEIIII"  // C0-CF (C6 Æ -> A)
    "DNOOOOO\0OUUUUY\0\0"  // D0-DF (D7 ×, DE Þ, DF ß kept)
    "aaaaaaaceeeeiiii"  // E0-EF
    "dnooooo\0ouuuuy\0y"  // F0-FF (F7 ÷, FE þ kept)
    "AaAaAaCcCcCcCcDd"  // 100-10F
    "DdEeEeEeEeEeGgGg"  // 110-11F
    "GgGgHhHhIiIiIiIi"  // 120-12F
    "IiJjJjKkkLlLlLlL"  // 130-13F
    "lLlNnNnNnnNnOoOo"  // 140-14F
    "OoOoRrRrRrSsSsSs"  // 150-15F
    "SsTtTtTtUuUuUuUu"  // 160-16F
    "UuUuWwYyYZzZzZzs";  // 170-17F

}  // namespace

std::string fold_for_search(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c == 0xC3 || c == 0xC4 || c == 0xC5) && i + 1 < text.size()) {
      const unsigned cp = ((c & 0x1Fu) << 6) | (static_cast<unsigned char>(text[i + 1]) & 0x3Fu);
      if (cp >= 0xC0 && cp <= 0x17F && kLatinFold[cp - 0xC0] != '\0') {
        out += kLatinFold[cp - 0xC0];
        ++i;
        continue;
      }
    }
    if (c == 0xC8 && i + 1 < text.size()) {
      // Romanian comma-below letters U+0218..U+021B: Ș ș Ț ț.
      const auto n = static_cast<unsigned char>(text[i + 1]);
      if (n >= 0x98 && n <= 0x9B) {
        out += "SsTt"[n - 0x98];
        ++i;
        continue;
      }
    }
    if (c == 0xD9 && i + 1 < text.size()) {
      const auto n = static_cast<unsigned char>(text[i + 1]);
      // U+064B..U+065F (harakat, tanwin, shadda, sukun, ...) and U+0670 (superscript alef).
      if ((n >= 0x8B && n <= 0x9F) || n == 0xB0) {
        ++i;
        continue;
      }
    }
    out += static_cast<char>(c);
  }
  return out;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(ArticleText, sql::kPricedArticles);
PORTAL_ROW_READS(ArticleText, fill(sql::kViewsOf, {{"{ids}", "$3"}}));
PORTAL_ROW_READS(KeptView, list_statement(ListSelect::views, 1, ListQuery{}).text);
PORTAL_ROW_READS(KeptTotal, list_statement(ListSelect::views, 1, ListQuery{}).text);
PORTAL_ROW_READS(ChallengeRecord, sql::kFindChallenge);
PORTAL_ROW_READS(CatalogChange, sql::kCatalogChangesAfter);
PORTAL_ROW_READS(ArticleText, sql::kSearchDocumentTitles);
PORTAL_ROW_READS(TenantArticle, sql::kArticlesWithoutViews);
PORTAL_ROW_READS(CategoryRecord, sql::kCategories);
PORTAL_ROW_READS(CategoryRecord, sql::kCategory);
PORTAL_ROW_READS(ArticleRecord, sql::kFindArticle);
PORTAL_ROW_READS(ArticleRecord, sql::kOnlineGames);
PORTAL_ROW_READS(ArticleRecord, sql::kAllArticles);
PORTAL_ROW_READS(ArticleRecord, sql::kChildren);
PORTAL_ROW_READS(ArticleRecord, sql::kByArtist);
PORTAL_ROW_READS(ArticleRecord, sql::kArtistTopTracks);
PORTAL_ROW_READS(ArticleRecord, sql::kPlaylistMembers);
PORTAL_ROW_READS(ArticleRecord, sql::kByDeveloper);
PORTAL_ROW_READS(ArticleRecord, list_statement(ListSelect::records, 1, ListQuery{}).text);
PORTAL_ROW_READS(SearchDocument, sql::kSearchDocuments);
PORTAL_ROW_READS(SearchDocument, fill(sql::kSearchDocumentsOf, {{"{ids}", "$2"}}));
PORTAL_ROW_READS(ArticleText, fill(sql::kSearchDocumentTitlesOf, {{"{ids}", "$2"}}));
}  // namespace portal::catalog
