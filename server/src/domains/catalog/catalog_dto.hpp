#pragma once
// The catalog's answers on the wire, as described structs: the OpenAPI document
// takes their schemas (http::schema_of). The service still builds these answers
// as JSON (catalog_rules.cpp article_json, catalog_service.cpp); a field added
// there is added here, and the Prism run of the API tests fails until it is.
// Members that the import keeps as given (prices, artworks, custom properties,
// episode and season) stay free-form JSON.
#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::catalog {

struct ArtistRefDto {
  std::int64_t id = 0;
  std::string title;
  std::string slug;
};
BOOST_DESCRIBE_STRUCT(ArtistRefDto, (), (id, title, slug))

struct CollectionInfoDto {
  std::optional<std::int64_t> articleId;  // the album, series or audiobook an item belongs to
};
BOOST_DESCRIBE_STRUCT(CollectionInfoDto, (), (articleId))

// One article in the asked language (catalog_rules.cpp article_json).
struct ArticleDto {
  std::int64_t id = 0;
  std::string title;
  std::string name;  // = title
  std::string description;
  std::string contentType;
  std::optional<std::string> firstEpisodeContentType;
  boost::json::value providerId;
  std::int64_t rating = 0;  // minimum age
  std::string gradingLabel;
  std::vector<std::string> categoryIds;
  std::optional<std::string> releaseDate;
  boost::json::value licensorName;
  boost::json::value developerName;
  boost::json::value durationSeconds;
  boost::json::value fileSizeBytes;
  boost::json::array prices;              // [{amount (minor units), currency, businessModel}]
  boost::json::array additionalArtworks;  // [{artworkClass, url, orientation, width, height, group}]
  std::optional<std::string> imageUrl;
  boost::json::object customProperties;
  CollectionInfoDto collectionInfo;
  std::vector<ArtistRefDto> artists;
  boost::json::value episode;
  boost::json::value season;
  std::string slug;
  std::string href;  // the portal page of the article
};
BOOST_DESCRIBE_STRUCT(ArticleDto, (),
                      (id, title, name, description, contentType, firstEpisodeContentType, providerId, rating,
                       gradingLabel, categoryIds, releaseDate, licensorName, developerName, durationSeconds,
                       fileSizeBytes, prices, additionalArtworks, imageUrl, customProperties, collectionInfo, artists,
                       episode, season, slug, href))

// An article with what belongs to it: `related` always, and under the name of
// its kind the same list (an album's tracks, an artist's albums, ...).
struct ArticleDetailsDto : ArticleDto {
  std::vector<ArticleDto> related;
  std::optional<std::vector<ArticleDto>> tracks;
  std::optional<std::vector<ArticleDto>> chapters;
  std::optional<std::vector<ArticleDto>> episodes;
  std::optional<std::vector<ArticleDto>> albums;
  std::optional<std::vector<ArticleDto>> games;
  std::optional<std::vector<ArticleDto>> topTracks;  // an artist's most played tracks (at most 10)
};
BOOST_DESCRIBE_STRUCT(ArticleDetailsDto, (ArticleDto), (related, tracks, chapters, episodes, albums, games, topTracks))

struct ArticlePageDto {
  std::vector<ArticleDto> entries;
  std::int64_t total = 0;
  std::int64_t offset = 0;
  std::int64_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(ArticlePageDto, (), (entries, total, offset, limit))

struct CategoryDto {
  std::string id;
  std::string title;
  std::string section;
  std::optional<std::string> artwork;
  std::optional<std::string> parentId;
  std::int64_t count = 0;  // articles in it the caller may see
};
BOOST_DESCRIBE_STRUCT(CategoryDto, (), (id, title, section, artwork, parentId, count))

struct CategoryArtworkDto {
  std::string url;
  std::string artworkClass;
  std::string orientation;
};
BOOST_DESCRIBE_STRUCT(CategoryArtworkDto, (), (url, artworkClass, orientation))

struct CategoryArtworksDto {
  std::string categoryId;
  std::vector<CategoryArtworkDto> artworks;
};
BOOST_DESCRIBE_STRUCT(CategoryArtworksDto, (), (categoryId, artworks))

struct CountReadDto {
  std::int64_t id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(CountReadDto, (), (id, count))

struct OptInDto {
  std::int64_t challengeId = 0;
  bool optedIn = false;
};
BOOST_DESCRIBE_STRUCT(OptInDto, (), (challengeId, optedIn))

// A fragment of a page structure (a ConfigNode) built from catalog data: data
// holds title, subTitle, imageUrl, clickUrl and customProperties (whose `type`
// says what else it carries: "article-details", "challenge", "card").
struct CatalogFragmentDto {
  std::string id;
  std::string name;
  boost::json::object data;
  boost::json::array substructure;
};
BOOST_DESCRIBE_STRUCT(CatalogFragmentDto, (), (id, name, data, substructure))

}  // namespace portal::catalog
