#pragma once
// The catalog's calls (contracts.md "Catalog"): lists, details with related
// items, fragments, categories, search, read counter, media URLs and import.
// Every call applies the request's rating window: an article above it does
// not exist for that request. Blocking: run on the database pool.
#include <boost/json/object.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "domains/catalog/catalog_rules.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

class CatalogRepository;

inline constexpr std::chrono::seconds kMediaUrlLifetime{3600};

class CatalogService {
 public:
  // Reads (or creates) the media signing secret: call after migrations.
  CatalogService(CatalogRepository& repository, const core::Clock& clock,
                 std::chrono::seconds media_url_lifetime = kMediaUrlLifetime);

  // Validates and upserts an import file; answers {"categories": n, "articles": n}.
  core::Result<boost::json::object> import(std::int64_t tenant_id, const boost::json::value& file);

  boost::json::object list(std::int64_t tenant_id, const ListQuery& query);
  // Article & {related, tracks?|episodes?|chapters?|albums?}; 404 ARTICLE_NOT_FOUND.
  core::Result<boost::json::object> details(std::int64_t tenant_id, std::int64_t id, const std::string& lang,
                                            RatingRange rating);
  // The ConfigNode of fragments_get-article-details.
  core::Result<boost::json::object> details_fragment(std::int64_t tenant_id, std::int64_t id, const std::string& lang,
                                                     RatingRange rating);
  // fragments_get-articles: a category id or a collection article id.
  core::Result<boost::json::object> articles_fragment(std::int64_t tenant_id, const std::string& id,
                                                      const ListQuery& query);
  boost::json::array categories(std::int64_t tenant_id, const std::string& section, const std::string& lang,
                                RatingRange rating);
  boost::json::object search(std::int64_t tenant_id, std::string_view q, const ListQuery& query);
  core::Result<boost::json::object> category_artwork(std::int64_t tenant_id, const std::string& category_id);
  core::Result<boost::json::object> count_read(std::int64_t tenant_id, std::int64_t id, RatingRange rating);
  // kind "preview" (public) or "full" (signed_in required: 401 otherwise).
  core::Result<boost::json::object> media(std::int64_t tenant_id, std::int64_t id, std::string_view kind,
                                          bool signed_in, RatingRange rating);

  const MediaSigner& signer() const { return signer_; }

 private:
  boost::json::object answer(std::int64_t tenant_id, const ArticleRecord& a, const std::string& lang);
  boost::json::array answers(std::int64_t tenant_id, const std::vector<ArticleRecord>& list, const std::string& lang);
  core::Result<ArticleRecord> visible(std::int64_t tenant_id, std::int64_t id, RatingRange rating);

  CatalogRepository& repository_;
  MediaSigner signer_;
};

}  // namespace portal::catalog
