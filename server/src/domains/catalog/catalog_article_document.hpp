#pragma once
// The article of a catalog file (docs/catalog-format.md) as one described struct: the import checks a file's
// article against it (core::from_json names a wrongly typed member by its field), the console's article is
// documented as it (the client's form is bound to the generated type), and the answers (catalog_views.cpp), the
// first view (app/first_view.cpp, through ArticleDto) and media paths read the stored document through it, as do
// the other domains that read an article (purchases, streaming, games, vouchers, tournaments, reports, media):
// whole (stored_document) or, on a hot path, the one member they need (stored_member). What writes one or two
// members of a stored article (a publish, a move, a price, an upload's media) writes them through it too
// (store_member), so no member's key is typed outside this file.
// Members the struct does not name are kept as they came (core::OtherMembers), here and in customProperties, so
// nothing a file carries is lost. A new optional field is one member here (and, when answered, one in ArticleDto).
#include <boost/describe/class.hpp>
#include <boost/describe/members.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <boost/mp11/algorithm.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
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
  // The members the server reads.
  std::optional<std::vector<std::int64_t>> trackIds;    // an album's tracks: a purchase of it owns them too
  std::optional<std::vector<std::int64_t>> chapterIds;  // an audiobook's chapters (the same)
  std::optional<std::vector<std::int64_t>> episodeIds;  // a series' or podcast's episodes (the same)
  std::optional<std::string> gameEngine;      // an online game's engine: its own highest accepted score, if configured
  std::optional<std::int64_t> teamSize;       // a tournament's team size (a positive number, at most 1000; default 1)
  std::optional<std::string> status;          // a tournament's state (upcoming, running, finished): the demo's brackets
  std::optional<std::int64_t> discountPercentage;  // a voucher's or voucher book's saving shown, 0-99
  std::optional<std::int64_t> availableNo;         // a voucher's codes for sale (absent: no limit)
  std::optional<std::int64_t> validityMonths;      // a voucher's months to redeem its code, 1-120 (default 12)
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticleCustomProperties, (),
                      (startDate, platforms, packageName, subscriptionTypeIds, useGameFrame, trackIds, chapterIds,
                       episodeIds, gameEngine, teamSize, status, discountPercentage, availableNo, validityMonths, other))
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
  std::optional<std::string> type;  // audio, video, hls, game, ...: the kind of file an upload for it must be
  std::optional<std::string> path;
  std::optional<std::string> previewPath;
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticleMedia, (), (type, path, previewPath, other))
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

// Which collection a member (a track, a chapter, an episode) belongs to: a purchase of it covers the member.
struct ArticleCollectionInfo {
  std::optional<std::int64_t> articleId;
  core::OtherMembers other;
};
BOOST_DESCRIBE_STRUCT(ArticleCollectionInfo, (), (articleId, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleCollectionInfo& c) {
  jv = core::described_object_without_nulls(c);
}

// {"en": ..., "ar": ...}. Sorted by language: where the file's order matters (the fallback to a text in any
// language is the file's first), read the stored texts with texts_of (catalog_document.hpp).
using LanguageTexts = std::map<std::string, std::string>;

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
  std::optional<ArticleCollectionInfo> collectionInfo;
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
                       developerName, prices, collectionInfo, media, artworks, customProperties, published, availableFrom,
                       availableUntil, explicit_, other))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleDocument& d) {
  jv = core::described_object_without_nulls(d);
}

// The document as JSON again: every member it read, the others as they came.
inline boost::json::object document_json(const ArticleDocument& d) { return core::described_object_without_nulls(d); }

// A stored document read as an ArticleDocument. The import checked it against the same type; a member that does
// not read (a document kept before its member had a type) is left out, so an old row still answers.
ArticleDocument stored_document(const boost::json::object& doc);

namespace document_detail {
// Removes the member a field names ("customProperties.platforms"; "prices[2].amount": the list itself).
bool erase_field(boost::json::object& doc, const std::string& field);
}  // namespace document_detail

// The wire name of one member of ArticleDocument (core::wire_name of its C++ name): the key it is stored under, and
// the field a refusal of it names.
//   member_name<&ArticleDocument::categoryIds>() == "categoryIds"
template <auto Member>
constexpr std::string_view member_name() {
  std::string_view found;
  boost::mp11::mp_for_each<boost::describe::describe_members<ArticleDocument, boost::describe::mod_public>>(
      [&](auto member) {
        if constexpr (std::is_same_v<std::remove_cv_t<decltype(member.pointer)>, std::remove_cv_t<decltype(Member)>>)
          if (member.pointer == Member) found = core::wire_name(member.name);
      });
  return found;
}

// The type of one member of ArticleDocument: a std::optional of what the document holds there.
template <auto Member>
using member_type = std::remove_cvref_t<decltype(std::declval<const ArticleDocument&>().*Member)>;

// One member of a stored document, read as ArticleDocument types it, without reading the others: what a domain
// reads of an article per request (a play's length, a sale's prices). As stored_document: absent or not reading,
// it is empty; a nested member that does not read is left out and the rest kept.
//   auto seconds = stored_member<&ArticleDocument::durationSeconds>(record.doc);
template <auto Member>
auto stored_member(const boost::json::object& doc) {
  using M = member_type<Member>;
  static_assert(core::is_optional<M>::value, "every member of ArticleDocument but `other` is optional");
  static constexpr std::string_view wire = member_name<Member>();
  static_assert(!wire.empty(), "a described member of ArticleDocument");
  const boost::json::value* value = doc.if_contains(wire);
  if (!value || value->is_null()) return M{};
  const std::string name(wire);
  try {
    return M{core::from_json<typename M::value_type>(*value, name)};
  } catch (const core::JsonFieldError&) {
  }
  boost::json::object one{{wire, *value}};
  for (int round = 0; round < 64; ++round) {
    const boost::json::value* left = one.if_contains(wire);
    if (!left || left->is_null()) break;
    try {
      return M{core::from_json<typename M::value_type>(*left, name)};
    } catch (const core::JsonFieldError& e) {
      if (!document_detail::erase_field(one, e.field)) break;
    }
  }
  return M{};
}

// The writer beside stored_member: one member of a stored document set as ArticleDocument types it (nested members
// with their wire names, absent ones left out, as document_json writes them), in its place when it was there, last
// when it was not; an empty value (std::nullopt) removes it. Every other member stays as stored, in its order. What
// a write to one or two members of an article uses (a publish, a move, a price, an upload's media), instead of a
// key typed by hand.
//   store_member<&ArticleDocument::published>(record.doc, false);
//   store_member<&ArticleDocument::published>(record.doc, std::nullopt);  // the default (true): the key goes
template <auto Member>
void store_member(boost::json::object& doc, const member_type<Member>& value) {
  using M = member_type<Member>;
  static_assert(core::is_optional<M>::value, "every member of ArticleDocument but `other` is optional");
  static constexpr std::string_view wire = member_name<Member>();
  static_assert(!wire.empty(), "a described member of ArticleDocument");
  if (!value) {
    doc.stable_erase(wire);
    return;
  }
  doc[wire] = boost::json::value_from(*value);
}

// Whether a price has businessModel DOWNLOAD_TO_OWN_FREEMIUM, and so whether an online game is free
// (catalog_rules.hpp is_free_online_game): read from the typed prices.
bool has_freemium_price(const std::optional<std::vector<ArticlePrice>>& prices);
bool is_free_online_game(std::string_view content_type, const std::optional<std::vector<ArticlePrice>>& prices);

}  // namespace portal::catalog
