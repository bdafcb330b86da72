#include "domains/catalog/catalog_service.hpp"

#include <boost/json.hpp>  // free-form: article documents (ArticleRecord::doc), the operator's catalog file (import), kept Article pieces read back
#include <algorithm>
#include <charconv>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "core/file_names.hpp"
#include "core/from_json.hpp"
#include "db/timestamp.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_import.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/catalog/catalog_search.hpp"
#include "domains/catalog/catalog_search_index.hpp"
#include "domains/catalog/catalog_views.hpp"

namespace portal::catalog {
namespace json = boost::json;

namespace {

constexpr std::int64_t kRelatedLimit = 10;  // same-category suggestions on a details answer
constexpr std::int64_t kTopTracks = 10;     // an artist's top tracks on their details answer
constexpr std::size_t kMaxSearchWords = 8;   // words of a query beyond these are ignored

Error article_not_found(std::int64_t id) {
  return Error::of(ErrorCode::article_not_found, "Article " + std::to_string(id) + " not found");
}

std::vector<std::int64_t> ids_of(const json::object& doc, std::string_view key) {
  std::vector<std::int64_t> out;
  if (auto* v = doc.if_contains(key); v && v->is_array())
    for (const auto& x : v->as_array())
      if (x.is_int64()) out.push_back(x.as_int64());
  return out;
}

}  // namespace

CatalogService::CatalogService(CatalogRepository& repository, const core::Clock& clock,
                               std::chrono::seconds media_url_lifetime, std::size_t search_index_cap)
    : repository_(repository),
      clock_(clock),
      signer_(repository.media_secret(), clock, media_url_lifetime),
      search_index_cap_(search_index_cap) {
  repository_.fill_views_if_missing();
}

Result<ImportCounts> CatalogService::import(std::int64_t tenant_id, const json::value& file, bool prune) {
  // With prune, whatever is not in the file is about to go: a reference must
  // name something in the file.
  std::function<bool(std::int64_t)> known_article;
  if (!prune) known_article = [&](std::int64_t id) { return repository_.article_exists(tenant_id, id); };
  auto set = parse_import(
      file, [&](std::string_view id) { return repository_.category_exists(tenant_id, id); }, known_article);
  if (!set) return set.error();
  const auto pruned = repository_.write(tenant_id, *set, prune);
  return ImportCounts{static_cast<std::int64_t>(set->categories.size()), static_cast<std::int64_t>(set->articles.size()),
                      static_cast<std::int64_t>(set->challenges.size()), pruned};
}

std::string CatalogService::kept_answer(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang) {
  // The answer kept at import; built here only for an article written since
  // by another instance's import that this one reads mid-way.
  if (auto view = repository_.view(tenant_id, a.id, lang); view && view->starts_with('{')) return std::move(*view);
  std::vector<ArticleRecord> artists;
  for (auto id : ids_of(a.doc, "artistIds"))
    if (auto artist = repository_.find(tenant_id, id)) artists.push_back(std::move(*artist));
  return article_view(a, artists, lang);
}

std::vector<std::string> CatalogService::kept_answers(std::int64_t tenant_id, const std::vector<ArticleRecord>& list,
                                                      const std::string& lang) {
  std::vector<std::string> out;
  out.reserve(list.size());
  for (const auto& a : list) out.push_back(kept_answer(tenant_id, a, lang));
  return out;
}

ArticleDto CatalogService::kept_dto(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang) {
  // The kept piece is the DTO's serialisation (catalog_views.cpp article_view): read back as one.
  try {
    return core::from_json<ArticleDto>(json::parse(kept_answer(tenant_id, a, lang)));
  } catch (const std::exception&) {
    // A piece kept in another shape (an earlier version's): the answer made afresh.
  }
  std::vector<ArtistRefDto> artists;
  std::string artist_slug;
  for (auto id : ids_of(a.doc, "artistIds"))
    if (auto artist = repository_.find(tenant_id, id)) {
      if (artists.empty()) artist_slug = artist->slug;
      artists.push_back({artist->id, localized(artist->doc.if_contains("title"), lang), artist->slug});
    }
  return article_dto(a, lang, std::move(artists), artist_slug);
}

Result<ArticleRecord> CatalogService::visible(std::int64_t tenant_id, std::int64_t id, RatingRange rating) {
  auto a = repository_.find(tenant_id, id);
  // Unpublished, or outside its availability window: not there for the storefront.
  if (a && (!article_published(a->doc) || !availability_of(a->doc).covers(db::utc_timestamp(clock_.now()))))
    return article_not_found(id);
  if (!a || !rating.allows(a->rating)) {
    auto e = article_not_found(id);
    // Above the caller's rating limit: the client shows the parental note.
    if (a && a->rating > rating.max) {
      e.max_rating = rating.max;
      e.rating = a->rating;
    }
    return e;
  }
  return std::move(*a);
}

ViewPage CatalogService::list(std::int64_t tenant_id, const ListQuery& query) {
  return repository_.list_views(tenant_id, query);
}

Result<ArticleDetails> CatalogService::details(std::int64_t tenant_id, std::int64_t id, const std::string& lang,
                                                   RatingRange rating) {
  auto a = visible(tenant_id, id, rating);
  if (!a) return a.error();
  ArticleDetails out;
  out.article = kept_answer(tenant_id, *a, lang);
  const auto& type = a->content_type;
  std::vector<ArticleRecord> related;
  std::string key;
  if (type == "album" || type == "videocollection" || type == "podcastcollection" || type == "audiobook") {
    related = repository_.children(tenant_id, id, rating);
    key = type == "album" ? "tracks" : type == "audiobook" ? "chapters" : "episodes";
  } else if (type == "playlist") {
    related = repository_.playlist_members(tenant_id, id, rating);
    key = "tracks";
  } else if (type == "artist") {
    related = repository_.by_artist(tenant_id, id, "album", rating);
    key = "albums";
  } else if (type == "publisher") {
    auto* dev = a->doc.if_contains("title");
    related = repository_.by_developer(tenant_id, localized(dev, "en"), rating);
    key = "games";
  } else if (a->parent_id) {
    // A track, episode or chapter: its collection's other items.
    for (auto& sibling : repository_.children(tenant_id, *a->parent_id, rating))
      if (sibling.id != id) related.push_back(std::move(sibling));
  } else if (auto* dev = a->doc.if_contains("developerName"); dev && dev->is_string() && !dev->as_string().empty()) {
    for (auto& game : repository_.by_developer(tenant_id, std::string_view(dev->as_string()), rating))
      if (game.id != id) related.push_back(std::move(game));
  }
  if (key.empty() && related.empty()) {
    // Nothing tied to it: more of the same kind from its first category.
    if (auto* c = a->doc.if_contains("categoryIds"); c && c->is_array() && !c->as_array().empty() &&
                                                      c->as_array()[0].is_string()) {
      ListQuery q;
      q.category = std::string(c->as_array()[0].as_string());
      q.content_type = type;
      q.rating = rating;
      q.limit = kRelatedLimit + 1;
      for (auto& other : repository_.list(tenant_id, q).entries)
        if (other.id != id && static_cast<std::int64_t>(related.size()) < kRelatedLimit) related.push_back(std::move(other));
    }
  }
  if (type == "artist") {
    // Their top tracks, played from the artist page (the mini player takes the list).
    out.top_tracks = kept_answers(tenant_id, repository_.artist_top_tracks(tenant_id, id, rating, kTopTracks), lang);
  }
  out.kind = std::move(key);
  out.related = kept_answers(tenant_id, related, lang);
  return out;
}

Result<ViewPage> CatalogService::articles_fragment(std::int64_t tenant_id, const std::string& id,
                                                         const ListQuery& query) {
  std::int64_t article_id = 0;
  auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), article_id);
  if (ec == std::errc{} && end == id.data() + id.size()) {
    auto details_answer = details(tenant_id, article_id, query.lang, query.rating);
    if (!details_answer) return details_answer.error();
    auto& all = details_answer->related;
    ViewPage page;
    page.total = static_cast<std::int64_t>(all.size());
    for (std::int64_t i = query.offset; i < page.total && i < query.offset + query.limit; ++i)
      page.entries.push_back(std::move(all[i]));
    return page;
  }
  if (!repository_.category(tenant_id, id))
    return Error::of(ErrorCode::category_not_found, "Category '" + id.substr(0, 64) + "' not found");
  ListQuery q = query;
  q.category = id;
  return list(tenant_id, q);
}

Result<ChallengeRecord> CatalogService::visible_challenge(std::int64_t tenant_id, std::int64_t id,
                                                                RatingRange rating) {
  auto c = repository_.challenge(tenant_id, id);
  auto not_found = Error::of(ErrorCode::challenge_not_found, "Challenge " + std::to_string(id) + " not found");
  if (!c) return not_found;
  // A challenge is as visible as its game (a game pruned since is no game: null).
  if (auto game = repository_.find(tenant_id, c->game_id); game && !rating.allows(game->rating)) return not_found;
  return std::move(*c);
}

Result<Challenge> CatalogService::challenge(std::int64_t tenant_id, std::int64_t id, const std::string& lang,
                                            RatingRange rating, const std::optional<std::string>& user_uuid) {
  auto c = visible_challenge(tenant_id, id, rating);
  if (!c) return c.error();
  std::optional<ArticleDto> game;
  if (auto g = repository_.find(tenant_id, c->game_id)) game = kept_dto(tenant_id, *g, lang);
  const bool opted_in = user_uuid && repository_.opted_in(tenant_id, id, *user_uuid);
  return challenge_of(*c, lang, std::move(game), opted_in);
}

Result<void> CatalogService::opt_in_challenge(std::int64_t tenant_id, std::int64_t id,
                                                            RatingRange rating, const std::string& user_uuid) {
  auto c = visible_challenge(tenant_id, id, rating);
  if (!c) return c.error();
  repository_.opt_in(tenant_id, id, user_uuid, db::utc_timestamp(clock_.now()));
  return {};
}

std::vector<Category> CatalogService::categories(std::int64_t tenant_id, const std::string& section,
                                                 const std::string& lang, RatingRange rating) {
  std::vector<Category> out;
  for (auto& c : repository_.categories(tenant_id, section, rating)) {
    std::optional<std::string> artwork;
    if (!c.artwork.empty()) artwork = std::move(c.artwork);
    out.push_back({std::move(c.id), localized(c.titles, lang), std::move(c.section), std::move(artwork),
                   std::move(c.parent_id), c.count});
  }
  return out;
}

namespace {
// Articles changed since the base past which the index is rebuilt beside the
// serving one (the overlay is rebuilt whole with each change: it stays small).
constexpr std::size_t kOverlayLimit = 1000;

void give_memory_back() {
#ifdef __GLIBC__
  // The build's transient tokens and pages go back to the system, not to this
  // thread's arena (a 100x catalog's build passes through some 100 MB).
  malloc_trim(0);
#endif
}
}  // namespace

CatalogService::~CatalogService() {
  {
    std::lock_guard lock(search_mutex_);
    stopping_ = true;
  }
  rebuild_wake_.notify_all();
  warm_done_.notify_all();
  if (rebuilder_.joinable()) rebuilder_.join();
}

bool CatalogService::catch_up(std::int64_t tenant_id, std::shared_ptr<const ServingIndex>& index, std::int64_t from,
                              std::int64_t to) {
  if (to <= from) return true;
  const auto changes = repository_.catalog_changes(tenant_id, from, to);
  // Every number from `from` on has its rows (a writer notes at least one
  // article): a missing one was pruned, and what it changed is unknown.
  std::vector<std::int64_t> ids;
  std::int64_t expected = from + 1;
  for (const auto& c : changes) {
    if (c.seq > expected) return false;
    if (c.seq == expected) ++expected;
    if (c.article_id == 0) return false;  // the whole catalog
    ids.push_back(c.article_id);
  }
  if (expected != to + 1) return false;
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  index = index->with_changes(repository_.search_documents_of(tenant_id, ids), ids);
  return true;
}

CatalogService::KeptIndex CatalogService::build_index(std::int64_t tenant_id) {
  for (;;) {
    // The documents read after the number: at least as new as it.
    const auto seq = repository_.search_generation(tenant_id);
    SearchIndexBuilder builder;
    repository_.search_documents(tenant_id, [&](const SearchDocument& d) { builder.add(d); });
    auto base = std::make_shared<const SearchIndex>(std::move(builder).finish());
    give_memory_back();
    std::shared_ptr<const ServingIndex> index = std::make_shared<const ServingIndex>(std::move(base));
    // What was written during the build (re-applying a change read by it too is harmless).
    const auto now = repository_.search_generation(tenant_id);
    if (catch_up(tenant_id, index, seq, now)) return {now, std::move(index), false};
    // The whole catalog changed again meanwhile: read it again.
  }
}

void CatalogService::warm_search(const std::vector<std::int64_t>& tenant_ids) {
  std::lock_guard lock(search_mutex_);
  if (stopping_) return;
  for (const auto id : tenant_ids) {
    if (auto it = search_indexes_.find(id); it != search_indexes_.end() && it->second.index) continue;
    if (std::find(rebuilds_.begin(), rebuilds_.end(), id) == rebuilds_.end()) rebuilds_.push_back(id);
    warming_.insert(id);
  }
  if (rebuilds_.empty()) return;
  if (!rebuilder_.joinable()) rebuilder_ = std::thread([this] { rebuild_loop(); });
  rebuild_wake_.notify_one();
}

bool CatalogService::search_warming(std::int64_t tenant_id) {
  std::lock_guard lock(search_mutex_);
  return warming_.contains(tenant_id);
}

std::size_t CatalogService::search_indexes_warming() {
  std::lock_guard lock(search_mutex_);
  return warming_.size();
}

void CatalogService::queue_rebuild(std::int64_t tenant_id) {
  std::lock_guard lock(search_mutex_);
  if (stopping_ || std::find(rebuilds_.begin(), rebuilds_.end(), tenant_id) != rebuilds_.end()) return;
  rebuilds_.push_back(tenant_id);
  if (!rebuilder_.joinable()) rebuilder_ = std::thread([this] { rebuild_loop(); });
  rebuild_wake_.notify_one();
}

void CatalogService::rebuild_loop() {
  for (;;) {
    std::int64_t tenant_id = 0;
    {
      std::unique_lock lock(search_mutex_);
      rebuild_wake_.wait(lock, [&] { return stopping_ || !rebuilds_.empty(); });
      if (stopping_) return;
      tenant_id = rebuilds_.front();
    }
    try {
      auto built = build_index(tenant_id);
      // Swapped in once it has every change the serving index applied (the
      // serving one kept taking small changes during the build).
      for (;;) {
        std::int64_t serving_seq = 0;
        {
          std::lock_guard lock(search_mutex_);
          auto& kept = search_indexes_[tenant_id];
          if (kept.seq <= built.seq || !kept.index) {
            const auto used = kept.used;
            kept = built;
            kept.used = used;
            rebuilds_.pop_front();
            if (warming_.erase(tenant_id) > 0) warm_done_.notify_all();
            evict_over_cap(tenant_id);
            break;
          }
          serving_seq = kept.seq;
        }
        if (!catch_up(tenant_id, built.index, built.seq, serving_seq)) {
          built = build_index(tenant_id);
          continue;
        }
        built.seq = serving_seq;
      }
    } catch (const std::exception&) {
      // The database failed: the serving index stays; the next search asks again.
      std::lock_guard lock(search_mutex_);
      rebuilds_.pop_front();
      if (warming_.erase(tenant_id) > 0) warm_done_.notify_all();  // a search builds it on first use
      if (auto it = search_indexes_.find(tenant_id); it != search_indexes_.end()) it->second.rebuild_needed = false;
    }
  }
}

std::shared_ptr<const ServingIndex> CatalogService::apply_changes(std::int64_t tenant_id, std::int64_t stored) {
  KeptIndex kept;
  {
    std::lock_guard lock(search_mutex_);
    kept = search_indexes_[tenant_id];
  }
  if (kept.seq >= stored || kept.rebuild_needed) return kept.index;
  auto index = kept.index;
  const bool applied = catch_up(tenant_id, index, kept.seq, stored);
  {
    std::lock_guard lock(search_mutex_);
    auto& now = search_indexes_[tenant_id];
    if (now.seq != kept.seq) return now.index;  // a rebuild was swapped in meanwhile
    if (applied) {
      now.seq = stored;
      now.index = index;
      evict_over_cap(tenant_id);
    } else {
      now.rebuild_needed = true;
    }
  }
  if (!applied || index->changed() > kOverlayLimit) queue_rebuild(tenant_id);
  return index;
}

std::shared_ptr<const ServingIndex> CatalogService::search_index(std::int64_t tenant_id) {
  const auto stored = repository_.search_generation(tenant_id);
  KeptIndex kept;
  {
    std::lock_guard lock(search_mutex_);
    if (auto it = search_indexes_.find(tenant_id); it != search_indexes_.end()) {
      it->second.used = ++use_tick_;
      kept = it->second;
    }
  }
  if (!kept.index) {
    {
      // The start's warm-up builds it: wait for that rather than build it twice (the search route waits before it
      // takes a thread of the pool; this is for the other callers: pages, the console).
      std::unique_lock lock(search_mutex_);
      warm_done_.wait(lock, [&] { return stopping_ || !warming_.contains(tenant_id); });
      if (auto it = search_indexes_.find(tenant_id); it != search_indexes_.end() && it->second.index) {
        it->second.used = ++use_tick_;
        return it->second.index;
      }
    }
    // The first use: nothing to serve yet. One build at a time: the requests
    // that find no index meanwhile wait for it rather than build it again.
    std::lock_guard build(search_build_mutex_);
    {
      std::lock_guard lock(search_mutex_);
      if (auto it = search_indexes_.find(tenant_id); it != search_indexes_.end() && it->second.index)
        return it->second.index;
    }
    auto built = build_index(tenant_id);
    std::lock_guard lock(search_mutex_);
    auto& slot = search_indexes_[tenant_id];
    if (!slot.index) slot = built;
    slot.used = ++use_tick_;
    auto index = slot.index;  // (evicting may move the map's entries)
    evict_over_cap(tenant_id);
    return index;
  }
  if (kept.seq >= stored || kept.rebuild_needed) return kept.index;
  // Behind: one search applies the changes; the others search what is there.
  std::unique_lock apply(search_apply_mutex_, std::try_to_lock);
  if (!apply) return kept.index;
  return apply_changes(tenant_id, stored);
}

ViewPage CatalogService::search(std::int64_t tenant_id, std::string_view q, const ListQuery& query) {
  const auto index = search_index(tenant_id);
  auto words = search_words(q);
  if (words.size() > kMaxSearchWords) words.resize(kMaxSearchWords);
  SearchRequest request;
  // Each word as a prefix; a word long enough for trigrams may also be one of
  // the close words of the vocabulary ("harbour" -> "harbor"), or a typo of the
  // beginning of a title word ("drve" -> "drive", "rian" -> "rain", "kepe" -> "keep").
  bool any_alternative = false;
  for (const auto& w : words) {
    request.exact.push_back({w});
    // Arabic: with or without the definite article is the same word.
    if (auto variant = arabic_article_variant(w); !variant.empty()) request.exact.back().push_back(std::move(variant));
    request.fuzzy.push_back(request.exact.back());
    if (code_points(w) < kFuzzyMinLength) continue;
    auto& alternatives = request.fuzzy.back();
    for (auto& alternative : best_alternatives(w, index->similar_words(w))) alternatives.push_back(std::move(alternative));
    for (auto& prefix : best_typo_prefixes(w, index->typo_prefixes(w)))
      if (std::find(alternatives.begin(), alternatives.end(), prefix) == alternatives.end())
        alternatives.push_back(std::move(prefix));
    any_alternative = any_alternative || alternatives.size() > request.exact.back().size();
  }
  if (!any_alternative) request.fuzzy.clear();
  // The whole query may name a section or content type in any language.
  auto named = named_targets(q);
  request.sections = std::move(named.sections);
  for (auto& type : named.content_types) request.types.emplace_back(std::string(section_of(type)), std::move(type));
  request.section = query.section;
  request.rating = query.rating;
  request.offset = query.offset;
  request.limit = query.limit;
  const auto hits = index->search(request);
  return {repository_.views_of(tenant_id, hits.ids, query.lang), hits.total};
}

Result<CategoryArtwork> CatalogService::category_artwork(std::int64_t tenant_id, const std::string& category_id) {
  auto c = repository_.category(tenant_id, category_id);
  if (!c) return Error::of(ErrorCode::category_not_found, "Category '" + category_id.substr(0, 64) + "' not found");
  return CategoryArtwork{std::move(c->id), std::move(c->artwork)};
}

Result<ReadCount> CatalogService::count_read(std::int64_t tenant_id, std::int64_t id, RatingRange rating) {
  auto count = repository_.count_read(tenant_id, id, rating);
  if (!count) return article_not_found(id);
  return ReadCount{id, *count};
}

namespace {
// The article's media paths below the media root, as ArticleDocument types them ("" when it has none).
std::string media_path(const ArticleRecord& a) {
  const auto media = stored_member<&ArticleDocument::media>(a.doc);
  return media && media->path ? *media->path : std::string();
}

std::string preview_path(const ArticleRecord& a) {
  const auto media = stored_member<&ArticleDocument::media>(a.doc);
  return media && media->previewPath ? *media->previewPath : std::string();
}

// Whether the article is an online game anyone may play (a freemium price): its files need no grant.
bool free_online_game(const ArticleRecord& a) {
  return is_free_online_game(a.content_type, stored_member<&ArticleDocument::prices>(a.doc));
}

// The articles whose files a collection without media of its own downloads as one zip (issue 72 item 1): an
// album's tracks, an audiobook's chapters, in their order; none for anything else.
std::vector<std::int64_t> download_members(const ArticleRecord& a) {
  if (!media_path(a).empty()) return {};
  const auto custom = stored_member<&ArticleDocument::customProperties>(a.doc);
  if (!custom) return {};
  if (custom->trackIds && !custom->trackIds->empty()) return *custom->trackIds;
  return custom->chapterIds.value_or(std::vector<std::int64_t>{});
}
}  // namespace

bool CatalogService::public_game_directory(std::int64_t tenant_id, std::string_view directory) {
  for (const auto& a : repository_.online_games(tenant_id))
    if (const auto path = media_path(a); !path.empty() && free_online_game(a) && game_directory(path) == directory)
      return true;
  return false;
}

std::string CatalogService::title_of(std::int64_t tenant_id, std::int64_t id, const std::string& lang) {
  auto a = repository_.find(tenant_id, id);
  return a ? localized(a->doc.if_contains("title"), lang) : std::string();
}

std::string CatalogService::download_name(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang,
                                          std::string_view ext) {
  const std::string title = localized(a.doc.if_contains("title"), lang);
  // Who made it before a track's or an album's title; the audiobook before a chapter's.
  std::string before;
  if (a.content_type == "audio_book_chapter") {
    if (a.parent_id) before = title_of(tenant_id, *a.parent_id, lang);
  } else if (a.content_type == "full_track_music" || a.content_type == "album" || a.content_type == "audiobook") {
    if (const auto artists = ids_of(a.doc, "artistIds"); !artists.empty()) before = title_of(tenant_id, artists.front(), lang);
  }
  const std::string stem = core::file_stem(before).empty() ? title : before + " - " + title;
  return core::file_name(stem, ext, std::to_string(a.id));
}

Result<ArticleRecord> CatalogService::article_record(std::int64_t tenant_id, std::int64_t id,
                                                           RatingRange rating) {
  return visible(tenant_id, id, rating);
}

std::optional<ArticleDto> CatalogService::article_answer(std::int64_t tenant_id, std::int64_t id,
                                                         const std::string& lang) {
  auto a = repository_.find(tenant_id, id);
  if (!a) return std::nullopt;
  return kept_dto(tenant_id, *a, lang);
}

Result<MediaUrl> CatalogService::preview_media(const ArticleRecord& a) {
  const auto path = preview_path(a);
  if (path.empty()) return Error::of(ErrorCode::media_not_found, "Article " + std::to_string(a.id) + " has no preview");
  return MediaUrl{"/media/generated/" + path, true, 0};
}

namespace {
// A positive id in plain digits (a grant's tenant and article); nullopt otherwise.
std::optional<std::int64_t> to_id(std::string_view s) {
  if (s.empty() || s.size() > 18 || s.front() == '0') return std::nullopt;
  std::int64_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

// The scope of an article's full media when it is served signed; "" when it
// has none or is public (a free game's directory, a public file).
std::string signed_scope_of(const ArticleRecord& a) {
  const auto path = media_path(a);
  if (path.empty()) return {};
  const bool game = !game_directory(path).empty();
  if (game ? free_online_game(a) : is_public_media_path(path)) return {};
  return media_scope(path);
}
}  // namespace

Result<MediaUrl> CatalogService::full_media(std::int64_t tenant_id, const ArticleRecord& a) {
  const auto path = media_path(a);
  // Another tenant's upload is never signed (an article saved before the console refused it).
  if (path.empty() || !media_of_tenant(path, tenant_id))
    return Error::of(ErrorCode::media_not_found, "Article " + std::to_string(a.id) + " has no media");
  // A free game's files and public files need no grant; everything else is
  // signed for this article (a paid game's page and a playlist: for the
  // article and its directory; a game's grant rides in its path, so its
  // relative requests carry it too: catalog_rules.hpp path_grant).
  if (signed_scope_of(a).empty()) return MediaUrl{"/media/generated/" + path, false, 0};
  // A stream's renditions and segments are fetched while it plays: twice its
  // length (pauses, seeking back) when that is longer than the usual lifetime.
  std::chrono::seconds at_least{0};
  if (const auto seconds = stored_member<&ArticleDocument::durationSeconds>(a.doc)) at_least = std::chrono::seconds(2 * *seconds);
  auto s = signer_.sign(tenant_id, a.id, path, at_least);
  return MediaUrl{s.url, false, s.expires};
}

Result<MediaUrl> CatalogService::download_media(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang) {
  const auto path = media_path(a);
  // A collection without media of its own (an album, an audiobook): its members' files in one zip, made while
  // it is sent (the portal face's /media/secure/collections/<id>.zip, collection_download).
  if (path.empty() && !download_members(a).empty()) {
    auto s = signer_.sign_download(tenant_id, a.id, collection_zip_path(a.id), download_name(tenant_id, a, lang, "zip"));
    // The entries' names in the same language (one of the six: it only picks among the members' titles).
    return MediaUrl{s.url + "&lang=" + lang, false, s.expires};
  }
  if (path.empty() || !media_of_tenant(path, tenant_id))
    return Error::of(ErrorCode::media_not_found, "Article " + std::to_string(a.id) + " has no media");
  // A game is its directory's files, not its entry page: it downloads as their package.
  const auto game = game_directory(path);
  const std::string file = game.empty() ? path : game + std::string(game_package_name);
  auto s = signer_.sign_download(tenant_id, a.id, file, download_name(tenant_id, a, lang, core::file_extension(file)));
  return MediaUrl{s.url, false, s.expires};
}

std::optional<CollectionDownload> CatalogService::collection_download(std::int64_t tenant_id, std::int64_t id,
                                                                      const std::string& lang) {
  auto a = repository_.find(tenant_id, id);
  if (!a) return std::nullopt;
  const auto members = download_members(*a);
  if (members.empty()) return std::nullopt;
  CollectionDownload out;
  // "01 Midnight Drive.mp3": the position first, so the files sort in the album's order (and two tracks of one
  // title stay two files).
  const std::size_t width = std::max<std::size_t>(2, std::to_string(members.size()).size());
  std::size_t position = 0;
  for (const auto member : members) {
    ++position;
    auto m = repository_.find(tenant_id, member);
    if (!m) continue;
    const auto path = media_path(*m);
    // Only a member's own file, of this tenant: never a playlist's segments or a game's folder.
    if (path.empty() || !media_of_tenant(path, tenant_id) || path.ends_with(".m3u8") || !game_directory(path).empty())
      continue;
    std::string number = std::to_string(position);
    number.insert(0, width - number.size(), '0');
    const std::string title = localized(m->doc.if_contains("title"), lang);
    out.entries.push_back({core::file_name(number + " " + title, core::file_extension(path), number), path});
  }
  return out;
}

std::optional<MediaGrant> CatalogService::media_grant(std::string_view path, std::string_view tenant,
                                                      std::string_view article, std::string_view exp,
                                                      std::string_view sig, std::string_view name) {
  const auto tenant_id = to_id(tenant);
  const auto article_id = to_id(article);
  if (!tenant_id || !article_id || signer_.seconds_left(exp) <= 0) return std::nullopt;
  const std::string key = std::to_string(*tenant_id) + ":" + std::to_string(*article_id);
  auto scope = media_scopes_.get(key);
  if (!scope) {
    // Any rating: the grant was made inside the caller's window; the media is what it was made for.
    auto a = repository_.find(*tenant_id, *article_id);
    // Whatever its media is (public files too: a download link of one is signed all the same); a collection
    // without media of its own: its zip.
    const auto path = a ? media_path(*a) : std::string();
    std::string found = path.empty() ? std::string() : media_scope(path);
    if (a && path.empty() && !download_members(*a).empty()) found = collection_zip_path(a->id);
    scope = media_scopes_.put(key, std::move(found));
  }
  if (scope->empty() || !within_scope(path, *scope)) return std::nullopt;
  // The file itself, whatever the article's media says: an upload is served for its own tenant only.
  if (!media_of_tenant(path, *tenant_id)) return std::nullopt;
  if (!signer_.verify(*tenant_id, *article_id, *scope, exp, sig, name)) return std::nullopt;
  const std::string t = std::to_string(*tenant_id), id = std::to_string(*article_id);
  return MediaGrant{*scope, signer_.seconds_left(exp),
                    "tenant=" + t + "&article=" + id + "&exp=" + std::string(exp) + "&sig=" + std::string(sig)};
}

std::size_t CatalogService::search_index_bytes() {
  std::lock_guard lock(search_mutex_);
  std::size_t n = 0;
  for (const auto& [tenant, kept] : search_indexes_)
    if (kept.index) n += kept.index->bytes();
  return n;
}

std::size_t CatalogService::search_indexes_kept() {
  std::lock_guard lock(search_mutex_);
  return static_cast<std::size_t>(
      std::count_if(search_indexes_.begin(), search_indexes_.end(), [](const auto& e) { return e.second.index != nullptr; }));
}

std::uint64_t CatalogService::search_index_evictions() {
  std::lock_guard lock(search_mutex_);
  return evictions_;
}

void CatalogService::evict_over_cap(std::int64_t keep) {
  std::size_t total = 0;
  for (const auto& [tenant, kept] : search_indexes_)
    if (kept.index) total += kept.index->bytes();
  while (total > search_index_cap_) {
    auto oldest = search_indexes_.end();
    for (auto it = search_indexes_.begin(); it != search_indexes_.end(); ++it) {
      if (it->first == keep || !it->second.index) continue;
      if (std::find(rebuilds_.begin(), rebuilds_.end(), it->first) != rebuilds_.end()) continue;  // being rebuilt
      if (oldest == search_indexes_.end() || it->second.used < oldest->second.used) oldest = it;
    }
    if (oldest == search_indexes_.end()) return;  // only the one in use (or being rebuilt) is left
    total -= oldest->second.index->bytes();
    search_indexes_.erase(oldest);
    ++evictions_;
  }
}

}  // namespace portal::catalog
