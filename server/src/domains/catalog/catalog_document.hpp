#pragma once
// The catalog's documents and the few fields the catalog reads of them. An
// article's document (ArticleRecord::doc, admin::Article::doc) and a
// challenge's are the operator's JSON, edited and imported whole
// (docs/contracts.md "Catalog"); what the catalog computes from them is typed
// (Texts, Availability, the rules' parameters).
#include <boost/json/object.hpp>  // free-form: the article and challenge documents, edited and imported whole
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

// A {"en": ..., "ar": ...} map of the document as Texts (its string members,
// in the document's order); a plain string is one English text.
Texts texts_of(const boost::json::value* texts);
boost::json::object texts_json(const Texts& texts);

// A localised text of a document's {"en": ..., "ar": ...} map: lang, else en, else any.
std::string localized(const boost::json::value* texts, std::string_view lang);

// Whether a price of the article has businessModel DOWNLOAD_TO_OWN_FREEMIUM.
bool has_freemium_price(const boost::json::object& doc);
// The article's price when bought alone: its least PAY_PER_DOWNLOAD amount above 0 (minor units of the tenant's
// currency, the catalog's), what the query rails' "price" order sorts by; none when it is not sold alone.
std::optional<std::int64_t> sale_price_of(const boost::json::object& doc);
// is_free_online_game (catalog_rules.hpp) of an article's document.
bool is_free_online_game(std::string_view content_type, const boost::json::object& doc);

// Whether an article's doc is published ("published": false hides it from the
// storefront; absent means published) and its availability window
// ("availableFrom", "availableUntil": ISO-8601 times, "" = open).
bool article_published(const boost::json::object& doc);
Availability availability_of(const boost::json::object& doc);

}  // namespace portal::catalog
