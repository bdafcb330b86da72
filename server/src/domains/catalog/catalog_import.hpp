#pragma once
// The catalog import file (docs/catalog-format.md, contracts.md "Import
// format"): parsed and validated before anything is written. Errors name the
// article (or category) and the field.
#include <boost/json/value.hpp>  // free-form: the operator's catalog file and its article documents, until parse_import reads them
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "domains/catalog/catalog_errors.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

struct ImportCategory {
  CategoryRecord record;
  int position = 0;
};

struct ImportArticle {
  ArticleRecord record;     // doc = the article object as given
  std::string sort_title;   // English title, lower case
  std::string developer_name;
  int position = 0;
  std::vector<std::string> category_ids;
  std::vector<std::int64_t> artist_ids;
  std::vector<std::int64_t> member_ids;
  std::map<std::string, std::pair<std::string, std::string>> texts;  // lang -> (title, description)
};

// A challenge (commerce §3): a game's steps with TICKETS rewards. `record.doc`
// keeps the object as given (titles, goals, dates, steps).
struct ImportChallenge {
  ChallengeRecord record;
  int position = 0;
};

struct ImportSet {
  std::vector<ImportCategory> categories;
  std::vector<ImportArticle> articles;
  std::vector<ImportChallenge> challenges;
};

// known_category / known_article: whether an id already exists for the tenant
// (ids not in the file; an empty known_article knows none, as with --prune).
// Every reference (parentId, artistIds, memberIds, categoryIds, a challenge's
// gameId) must name something in the file or known. Errors: invalid_field,
// message naming the article (or challenge) id and field, field
// "articles[3].contentType", article_id 2101 (or challenge_id).
Result<ImportSet> parse_import(const boost::json::value& file,
                                const std::function<bool(std::string_view)>& known_category,
                                const std::function<bool(std::int64_t)>& known_article = {});

// A tenant sells in one currency (settings.currency of the tenant): the file's
// articles keep only their prices in `currency`, so one file can carry a price
// per currency (the demo catalog has EUR and SAR). An article with prices but
// none in `currency` is an invalid_field naming it and `prices`. An
// empty `currency` (a tenant without the setting) keeps every price.
Result<boost::json::value> prices_in_currency(const boost::json::value& file, std::string_view currency);

// The search body of one article: titles and descriptions in every language
// plus the artists' names.
std::string search_body(const ImportArticle& article, const std::vector<std::string>& artist_names);

}  // namespace portal::catalog
