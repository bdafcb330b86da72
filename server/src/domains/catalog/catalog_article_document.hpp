#pragma once
// The article of a catalog file (docs/catalog-format.md) as one described struct: the import checks a file's
// article against it (core::from_json names a wrongly typed member by its field), the console's article is
// documented as it (the client's form is bound to the generated type), and the answers (catalog_views.cpp), the
// first view (app/first_view.cpp, through ArticleDto) and media paths read the stored document through it.
// Members the struct does not name are kept as they came (core::OtherMembers), here and in customProperties, so
// nothing a file carries is lost. A new optional field is one member here (and, when answered, one in ArticleDto).
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/described_json.hpp"
#include "core/from_json.hpp"

namespace portal::catalog {

// The customProperties the storefront reads as fixed shapes; any other member is kept and answered as it is.
struct ArticleCustomProperties {
  std::optional<std::string> startDate;                // a tournament's start (ISO-8601): its page's date
  std::optional<std::vector<std::string>> platforms;   // an app's platforms (android, ios): its stores' links
  std::optional<std::string> packageName;              // an Android app's package name: its Google Play link
  std::optional<std::map<std::string, std::int64_t>> subscriptionTypeIds;  // a voucher's plan per tenant
  std::optional<bool> useGameFrame;                    // a game played in the portal's frame
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticleCustomProperties, (), (startDate, platforms, packageName, subscriptionTypeIds, useGameFrame, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleCustomProperties& p) {
  jv = core::described_object_without_nulls(p);
}

// One price: a whole number of minor units (799 is 7.99) in a currency, under a business model.
struct ArticlePrice {
  std::int64_t amount = 0;
  std::string currency;
  std::string businessModel;  // SUBSCRIPTION, PAY_PER_DOWNLOAD, DOWNLOAD_TO_OWN_FREEMIUM, or the file's own
  std::optional<std::int64_t> promotionAmount;
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticlePrice, (), (amount, currency, businessModel, promotionAmount, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticlePrice& p) {
  jv = core::described_object_without_nulls(p);
}

// The article's media: paths below the media root (the server's own uploads, or shared media).
struct ArticleMedia {
  std::optional<std::string> path;
  std::optional<std::string> previewPath;
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticleMedia, (), (path, previewPath, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleMedia& m) {
  jv = core::described_object_without_nulls(m);
}

struct ArticleArtwork {
  std::string url;
  std::optional<std::string> artworkClass;  // COVER, BANNER, SCREENSHOT, VIDEO_TRAILER or VIDEO_GAMEPLAY
  std::optional<std::string> orientation;   // Square, Portrait or Landscape
  std::optional<std::int64_t> width;
  std::optional<std::int64_t> height;
  std::optional<std::string> group;
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticleArtwork, (), (url, artworkClass, orientation, width, height, group, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleArtwork& w) {
  jv = core::described_object_without_nulls(w);
}

using LanguageTexts = std::map<std::string, std::string>;  // {"en": ..., "ar": ...}

// One article of a catalog file. The import's rules beyond the types (a known content type, language codes,
// ranges, references) are catalog_import.cpp's.
struct ArticleDocument {
  std::optional<std::int64_t> id;  // required in a file; the console's new article gets the next free one
  std::optional<std::string> contentType;
  std::optional<LanguageTexts> title;
  std::optional<LanguageTexts> description;
  std::optional<std::int64_t> rating;  // minimum age, 0-1000
  std::optional<std::string> releaseDate;
  std::optional<std::int64_t> parentId;
  std::optional<std::vector<std::string>> categoryIds;
  std::optional<std::vector<std::int64_t>> artistIds;
  std::optional<std::vector<std::int64_t>> memberIds;
  std::optional<std::int64_t> episode;
  std::optional<std::int64_t> season;
  std::optional<std::int64_t> durationSeconds;
  std::optional<std::int64_t> fileSizeBytes;
  std::optional<boost::json::value> providerId;  // a string or a whole number (answered as its digits)
  std::optional<std::string> licensorName;
  std::optional<std::string> developerName;
  std::optional<std::vector<ArticlePrice>> prices;
  std::optional<ArticleMedia> media;
  std::optional<std::vector<ArticleArtwork>> artworks;
  std::optional<ArticleCustomProperties> customProperties;
  std::optional<bool> published;  // default true
  std::optional<std::string> availableFrom;
  std::optional<std::string> availableUntil;
  std::optional<bool> explicit_;  // "explicit": explicit lyrics or content (a badge on the details page)
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticleDocument, (),
                      (id, contentType, title, description, rating, releaseDate, parentId, categoryIds, artistIds,
                       memberIds, episode, season, durationSeconds, fileSizeBytes, providerId, licensorName,
                       developerName, prices, media, artworks, customProperties, published, availableFrom,
                       availableUntil, explicit_, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleDocument& d) {
  jv = core::described_object_without_nulls(d);
}

// The document as JSON again: every member it read, the others as they came.
inline boost::json::object document_json(const ArticleDocument& d) { return core::described_object_without_nulls(d); }

// A stored document read as an ArticleDocument. The import checked it against the same type; a member that does
// not read (a document kept before its member had a type) is left out, so an old row still answers.
ArticleDocument stored_document(const boost::json::object& doc);

}  // namespace portal::catalog
