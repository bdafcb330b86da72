#pragma once
// The article answers kept per language (issue 14): the Article of commerce §3
// as GET /catalog/articles answers it, serialised once at import so that lists,
// searches and pages splice ready pieces instead of building them per request.
// Pure: no storage, no HTTP.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "domains/catalog/catalog_dto.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

// The Article answer (contracts.md) in lang; artists are a's artists already
// resolved, in their order (the first one's slug goes into album paths).
ArticleDto article_dto(const ArticleRecord& a, std::string_view lang, std::vector<ArtistRefDto> artists,
                       std::string_view artist_slug = {});

// The answer of `a` in `lang` (article_dto serialised); artists are a's artists in their order (the
// first one's slug goes into album paths).
std::string article_view(const ArticleRecord& a, const std::vector<ArticleRecord>& artists, std::string_view lang);

// The key a kept answer of lang is stored under (catalog_article_views.lang): the language and the shape of
// ArticleDto compiled in ("en.1f3a9c07", core/described_shape.hpp). A DTO change gives every piece a new key:
// the old pieces are not found (start-up writes the new ones, catalog_repository.cpp fill_views_if_missing)
// and no migration drops them.
std::string view_key(std::string_view lang);

// The details answer (ArticleDetailsDto) from kept pieces: the article's
// members, then topTracks, the list under its kind and related.
std::string details_text(const ArticleDetails& d);

// A page answer from serialised entries: {"entries":[…],"total":…,"offset":…,"limit":…},
// with extra_members (serialised `"key":value` pairs, comma-separated) appended.
std::string page_text(const std::vector<std::string>& entries, std::int64_t total, std::int64_t offset,
                      std::int64_t limit, std::string_view extra_members = {});
// The whole body of a list answer, {"data":<page_text>}, written in one pass
// (the page is tens of kilobytes: no second copy to wrap it).
std::string page_body(const std::vector<std::string>& entries, std::int64_t total, std::int64_t offset,
                      std::int64_t limit);

}  // namespace portal::catalog
