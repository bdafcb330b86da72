#pragma once
// The catalog's answers on the wire, as described structs: routes serialise
// them with boost::json::value_from and the OpenAPI document takes their
// schemas (http::schema_of). The article answers kept per language
// (catalog_views.hpp) are ArticleDto serialised by value_from; lists, searches,
// pages and details splice those pieces (catalog_rules_test compares them).
// Every member has its type here (the import checks the operator's file against
// the same types, catalog_article_document.hpp); customProperties types the members
// the storefront reads and answers the file's others as they are.
#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/value_from.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/described_json.hpp"
#include "core/json_of.hpp"
#include "domains/catalog/catalog_article_document.hpp"
#include "domains/catalog/catalog_types.hpp"

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

// One price of an article, in the tenant's currency (the import keeps those).
struct PriceDto {
  std::int64_t amount = 0;  // minor units: 799 is 7.99
  std::string currency;
  std::string businessModel;  // SUBSCRIPTION, PAY_PER_DOWNLOAD, DOWNLOAD_TO_OWN_FREEMIUM, or the file's own
  std::optional<std::int64_t> promotionAmount;  // the price on offer, in minor units (commerce §5)
};
BOOST_DESCRIBE_STRUCT(PriceDto, (), (amount, currency, businessModel, promotionAmount))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const PriceDto& dto) {
  jv = core::described_object(dto, {"promotionAmount"});
}

// One artwork of an article; only the url is required of a catalog file.
struct ArtworkDto {
  std::optional<std::string> artworkClass;  // COVER, BANNER, SCREENSHOT, VIDEO_TRAILER or VIDEO_GAMEPLAY
  std::string url;
  std::optional<std::string> orientation;  // Square, Portrait or Landscape
  std::optional<std::int64_t> width;
  std::optional<std::int64_t> height;
  std::optional<std::string> group;
};
BOOST_DESCRIBE_STRUCT(ArtworkDto, (), (artworkClass, url, orientation, width, height, group))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArtworkDto& dto) {
  jv = core::described_object(dto, {"artworkClass", "orientation", "width", "height", "group"});
}

// One article in the asked language (catalog_views.cpp article_dto). A kept
// piece reads back with core::from_json (catalog_service.cpp kept_dto).
struct ArticleDto {
  std::int64_t id = 0;
  std::string title;
  std::string name;  // = title
  std::string description;
  std::string contentType;
  std::optional<std::string> firstEpisodeContentType;
  std::optional<std::string> providerId;  // a number in the file answers as its digits
  std::int64_t rating = 0;  // minimum age
  std::string gradingLabel;
  std::vector<std::string> categoryIds;
  std::optional<std::string> releaseDate;
  std::optional<std::string> licensorName;
  std::optional<std::string> developerName;
  std::optional<std::int64_t> durationSeconds;
  std::optional<std::int64_t> fileSizeBytes;
  std::vector<PriceDto> prices;
  std::vector<ArtworkDto> additionalArtworks;
  std::optional<std::string> imageUrl;
  ArticleCustomProperties customProperties;
  CollectionInfoDto collectionInfo;
  std::vector<ArtistRefDto> artists;
  std::optional<std::int64_t> episode;
  std::optional<std::int64_t> season;
  std::string slug;
  std::string href;  // the portal page of the article
  // Whether a signed-in caller owns it (commerce §3): set on their answers
  // (catalog_routes.cpp mark_wallet_items), left out of everyone's.
  std::optional<bool> isWalletItem;
  std::optional<bool> explicit_;  // "explicit": explicit lyrics or content; left out when the document has none
};
BOOST_DESCRIBE_STRUCT(ArticleDto, (),
                      (id, title, name, description, contentType, firstEpisodeContentType, providerId, rating,
                       gradingLabel, categoryIds, releaseDate, licensorName, developerName, durationSeconds,
                       fileSizeBytes, prices, additionalArtworks, imageUrl, customProperties, collectionInfo, artists,
                       episode, season, slug, href, isWalletItem, explicit_))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleDto& dto) {
  jv = core::described_object(dto, {"isWalletItem", "explicit"});
}

// An article with what belongs to it (catalog_views.hpp details_text splices
// the same members from kept pieces; catalog_rules_test compares them): an
// artist's topTracks, then under the name of its kind the related list (an
// album's tracks, an artist's albums, ...), then `related` always. The lists
// an article's kind has not are left out, not null.
struct ArticleDetailsDto : ArticleDto {
  std::optional<std::vector<ArticleDto>> topTracks;  // an artist's most played tracks (at most 10)
  std::optional<std::vector<ArticleDto>> tracks;
  std::optional<std::vector<ArticleDto>> chapters;
  std::optional<std::vector<ArticleDto>> episodes;
  std::optional<std::vector<ArticleDto>> albums;
  std::optional<std::vector<ArticleDto>> games;
  std::vector<ArticleDto> related;
};
BOOST_DESCRIBE_STRUCT(ArticleDetailsDto, (ArticleDto), (topTracks, tracks, chapters, episodes, albums, games, related))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleDetailsDto& dto) {
  jv = core::described_object(dto, {"isWalletItem", "explicit", "topTracks", "tracks", "chapters", "episodes", "albums", "games"});
}

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

inline CategoryDto category_dto(Category c) {
  return {std::move(c.id),      std::move(c.title),     std::move(c.section),
          std::move(c.artwork), std::move(c.parent_id), c.count};
}

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

// The artwork of a category: its banner, when it has one.
inline CategoryArtworksDto artworks_dto(CategoryArtwork a) {
  CategoryArtworksDto out{std::move(a.category_id), {}};
  if (!a.url.empty()) out.artworks.push_back({std::move(a.url), "BANNER", "Landscape"});
  return out;
}

struct CountReadDto {
  std::int64_t id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(CountReadDto, (), (id, count))

// A node of a page structure (a ConfigNode) drawn from an article: its card
// (title, grading label, image, page) and what the node's type adds.
struct CardPropertiesDto {
  std::string type = "card";
  std::int64_t articleId = 0;
  std::string contentType;
};
BOOST_DESCRIBE_STRUCT(CardPropertiesDto, (), (type, articleId, contentType))

struct CardDataDto {
  std::string title;
  std::string subTitle;  // the grading label
  std::optional<std::string> imageUrl;
  std::string clickUrl;  // the article's page
  CardPropertiesDto customProperties;
};
BOOST_DESCRIBE_STRUCT(CardDataDto, (), (title, subTitle, imageUrl, clickUrl, customProperties))

// A related article as a card: no children.
struct CardNodeDto {
  std::string id;    // the article id, in digits
  std::string name;  // "article-<id>"
  CardDataDto data;
  boost::json::array substructure;  // a card has no children: always []
};
BOOST_DESCRIBE_STRUCT(CardNodeDto, (), (id, name, data, substructure))

struct DetailsPropertiesDto {
  std::string type = "article-details";
  // The article's details answer (ArticleDetailsDto), spliced from the kept
  // pieces as GET /catalog/articles/{id} answers it: passed on as that answer's
  // JSON, documented (and typed for the client) as ArticleDetailsDto.
  core::JsonOf<ArticleDetailsDto> article;
};
BOOST_DESCRIBE_STRUCT(DetailsPropertiesDto, (), (type, article))

struct DetailsDataDto {
  std::string title;
  std::string subTitle;
  std::optional<std::string> imageUrl;
  std::string clickUrl;
  DetailsPropertiesDto customProperties;
};
BOOST_DESCRIBE_STRUCT(DetailsDataDto, (), (title, subTitle, imageUrl, clickUrl, customProperties))

// fragments_get-article-details: the article's node, its related articles as cards.
struct DetailsFragmentDto {
  std::string id;
  std::string name = "fragments_get-article-details";
  DetailsDataDto data;
  std::vector<CardNodeDto> substructure;
};
BOOST_DESCRIBE_STRUCT(DetailsFragmentDto, (), (id, name, data, substructure))

}  // namespace portal::catalog
