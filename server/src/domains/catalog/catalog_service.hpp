#pragma once
// The catalog's calls (contracts.md "Catalog"): lists, details with related
// items, fragments, categories, search, read counter, media URLs and import.
// Every call applies the request's rating window: an article above it does
// not exist for that request. Blocking: run on the database pool.
#include <boost/json/value.hpp>  // free-form: the operator's catalog file (import), until parse_import reads it
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "domains/catalog/catalog_challenge.hpp"
#include "domains/catalog/catalog_dto.hpp"
#include "domains/catalog/catalog_errors.hpp"
#include "core/ttl_cache.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

class CatalogRepository;
class ServingIndex;

inline constexpr std::chrono::seconds kMediaUrlLifetime{3600};
// What the tenants' search indexes may hold together by default (--search-index-mb).
inline constexpr std::size_t kSearchIndexCap = std::size_t{256} << 20;

class CatalogService {
 public:
  // Reads (or creates) the media signing secret: call after migrations.
  // search_index_cap: the bytes every tenant's search index may hold together; past it the least recently
  // searched tenant's is dropped (built again at its next search).
  CatalogService(CatalogRepository& repository, const core::Clock& clock,
                 std::chrono::seconds media_url_lifetime = kMediaUrlLifetime,
                 std::size_t search_index_cap = kSearchIndexCap);
  // Waits for a search index rebuild under way.
  ~CatalogService();
  CatalogService(const CatalogService&) = delete;
  CatalogService& operator=(const CatalogService&) = delete;

  // Validates and upserts an import file; answers the counts it wrote. prune:
  // articles and challenges of the tenant absent from the file are deleted
  // (references must then be in the file).
  Result<ImportCounts> import(std::int64_t tenant_id, const boost::json::value& file, bool prune = false);

  // A list page of kept answers (catalog_views.hpp page_text serialises it).
  ViewPage list(std::int64_t tenant_id, const ListQuery& query);
  // Article & {related, tracks?|episodes?|chapters?|albums?}; article_not_found.
  Result<ArticleDetails> details(std::int64_t tenant_id, std::int64_t id, const std::string& lang,
                                            RatingRange rating);
  // fragments_get-articles: a category id or a collection article id.
  Result<ViewPage> articles_fragment(std::int64_t tenant_id, const std::string& id, const ListQuery& query);
  // The challenge resolved to lang, with its game (nullopt when it left the
  // catalog) and opted_in for user_uuid (false for guests); the challenges
  // domain answers it (fragments_get-challenge-by-id). challenge_not_found when
  // unknown or when its game is outside the rating window.
  Result<Challenge> challenge(std::int64_t tenant_id, std::int64_t id, const std::string& lang, RatingRange rating,
                              const std::optional<std::string>& user_uuid);
  // PATCH /kafka/optInChallenge/{id}: idempotent; challenge_not_found as above.
  Result<void> opt_in_challenge(std::int64_t tenant_id, std::int64_t id, RatingRange rating,
                                                     const std::string& user_uuid);
  std::vector<Category> categories(std::int64_t tenant_id, const std::string& section, const std::string& lang,
                                RatingRange rating);
  ViewPage search(std::int64_t tenant_id, std::string_view q, const ListQuery& query);
  Result<CategoryArtwork> category_artwork(std::int64_t tenant_id, const std::string& category_id);
  Result<ReadCount> count_read(std::int64_t tenant_id, std::int64_t id, RatingRange rating);
  // For the commerce domains (purchases, wallet, vouchers): an article inside
  // the rating window, and the article answer of one the caller owns.
  Result<ArticleRecord> article_record(std::int64_t tenant_id, std::int64_t id, RatingRange rating);
  // The Article answer (in any rating: the caller owns it) made from the kept piece; nullopt when unknown.
  std::optional<ArticleDto> article_answer(std::int64_t tenant_id, std::int64_t id, const std::string& lang);

  // A public preview URL; media_not_found when the article has none.
  Result<MediaUrl> preview_media(const ArticleRecord& a);
  // The URL of an article's full media. It decides nothing: the caller asked
  // the entitlement decision (domains/purchases) first. Free games stay public
  // (guests may play them); everything else is signed for the article (a
  // playlist and a paid game's page: for the article and its directory).
  Result<MediaUrl> full_media(std::int64_t tenant_id, const ArticleRecord& a);
  // The full media as a download (`attachment` on the signed URL), saved under a name made of its titles in
  // `lang` (issue 72 item 16: "Neon Harbor - Midnight Drive.mp3", "Turbo Legends.zip"), signed with the link.
  // A collection without media of its own (an album, an audiobook) downloads as one zip of its members' files
  // ("Neon Harbor - Neon Skyline.zip", collection_download); media_not_found when there is nothing to save.
  // It decides nothing: the caller asked the entitlement decision first.
  Result<MediaUrl> download_media(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang);
  // What the zip of collection `id` holds (any rating: the grant was made inside the caller's window): each
  // member's own file of this tenant, named "<position> <title>.<ext>" in `lang`, in the collection's order;
  // nullopt when the article is not such a collection.
  std::optional<CollectionDownload> collection_download(std::int64_t tenant_id, std::int64_t id, const std::string& lang);
  // A grant presented for /media/secure/<path> (query or cookie values as
  // sent): valid when the article exists in the tenant with full media, sig
  // signs (tenant, article, that media's scope, exp), exp is not
  // past, and path lies in the scope. nullopt otherwise. Blocking (the
  // article's scope is kept 30 s).
  // `name`: a download link's (MediaSigner::sign_download), "" for any other.
  std::optional<MediaGrant> media_grant(std::string_view path, std::string_view tenant, std::string_view article,
                                        std::string_view exp, std::string_view sig, std::string_view name = {});

  // Whether a free online game of the tenant has its files in directory
  // ("games/<dir>/"): such a directory is public under /media/generated.
  bool public_game_directory(std::int64_t tenant_id, std::string_view directory);

  const MediaSigner& signer() const { return signer_; }

  // The memory of every tenant's search index in use (the metrics' portal_search_index_bytes), how many
  // tenants' are kept, and how many were dropped for the cap since the start (portal_search_index_evictions).
  std::size_t search_index_bytes();
  std::size_t search_indexes_kept();
  std::uint64_t search_index_evictions();

  // Builds these tenants' search indexes in the background (a serving instance's start): at a million articles a
  // build takes minutes, which a search must not find undone (decisions.md "A cold instance builds its search
  // indexes before it is ready"). Meanwhile search_warming(tenant) is true and /readyz answers 503.
  void warm_search(const std::vector<std::int64_t>& tenant_ids);
  bool search_warming(std::int64_t tenant_id);
  std::size_t search_indexes_warming();

 private:
  // A download's file name: the article's title in lang, after its artist's (a track, an album, an audiobook)
  // or its audiobook's (a chapter), with `ext`.
  std::string download_name(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang, std::string_view ext);
  std::string title_of(std::int64_t tenant_id, std::int64_t id, const std::string& lang);
  // The article's answer as kept (catalog_views.hpp), and as the DTO it serialises.
  std::string kept_answer(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang);
  std::vector<std::string> kept_answers(std::int64_t tenant_id, const std::vector<ArticleRecord>& list,
                                        const std::string& lang);
  ArticleDto kept_dto(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang);
  Result<ArticleRecord> visible(std::int64_t tenant_id, std::int64_t id, RatingRange rating);

  Result<ChallengeRecord> visible_challenge(std::int64_t tenant_id, std::int64_t id, RatingRange rating);

  // The tenant's search index (decisions.md "Search in memory"): built on first
  // use; then each search compares the number of the tenant's last catalog
  // change with the one the index applied, and when behind, one search reads
  // the changes and puts the changed articles' postings in a new overlay (the
  // searches meanwhile keep the index they have). A change of the whole catalog,
  // or an overlay grown past kOverlayLimit, has the index rebuilt beside the
  // serving one (rebuild_loop), swapped in when done.
  std::shared_ptr<const ServingIndex> search_index(std::int64_t tenant_id);
  // Applies the changes after kept's number up to stored: the new index, or
  // kept's when the changes need a rebuild (then queued).
  std::shared_ptr<const ServingIndex> apply_changes(std::int64_t tenant_id, std::int64_t stored);
  // The index read whole at the tenant's current number, with any change
  // after it applied; what a first use and a rebuild make.
  struct KeptIndex;
  KeptIndex build_index(std::int64_t tenant_id);
  // Brings index from number `from` to `to`; false when the changes between
  // need a rebuild (a whole catalog changed, or numbers pruned away).
  bool catch_up(std::int64_t tenant_id, std::shared_ptr<const ServingIndex>& index, std::int64_t from, std::int64_t to);
  void queue_rebuild(std::int64_t tenant_id);
  void rebuild_loop();

  CatalogRepository& repository_;
  const core::Clock& clock_;
  MediaSigner signer_;
  struct KeptIndex {
    std::int64_t seq = 0;  // the last catalog change it applied
    std::shared_ptr<const ServingIndex> index;
    bool rebuild_needed = false;  // changes after seq need the rebuild queued: searches keep index until then
    std::uint64_t used = 0;       // use_tick_ at its last search: the least recently searched goes first
  };
  // Past the cap, drops the least recently searched tenants' indexes but `keep`'s (search_mutex_ held); a search
  // running on one keeps its shared copy until it ends.
  void evict_over_cap(std::int64_t keep);
  std::size_t search_index_cap_;
  std::uint64_t use_tick_ = 0;
  std::uint64_t evictions_ = 0;
  std::mutex search_mutex_;        // guards search_indexes_ and the rebuild queue
  std::mutex search_build_mutex_;  // one first build at a time
  std::mutex search_apply_mutex_;  // one application of changes at a time (the others do not wait)
  std::unordered_map<std::int64_t, KeptIndex> search_indexes_;
  std::deque<std::int64_t> rebuilds_;  // tenants whose index is to be rebuilt beside the serving one
  std::unordered_set<std::int64_t> warming_;  // tenants whose first index warm_search queued, until it is in
  std::condition_variable warm_done_;          // a tenant left warming_
  std::condition_variable rebuild_wake_;
  bool stopping_ = false;
  std::thread rebuilder_;  // started with the first rebuild
  // "tenant:article" -> the scope of its full media ("" when none): media_grant asks per file.
  core::TtlCache<std::string> media_scopes_{std::chrono::seconds(30), 4096};
};

}  // namespace portal::catalog
