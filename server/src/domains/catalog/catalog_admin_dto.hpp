#pragma once
// The console's catalog on the wire (/backend/admin/catalog/articles, catalog_admin_routes.cpp): the article list's
// rows, one article whole, the bodies of a save, a creation and a publish, the import's counts, and the data of a
// refused write. catalog_admin_answers.hpp maps the service's values and errors to them.
#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/described_json.hpp"
#include "core/json_of.hpp"
#include "domains/catalog/catalog_article_document.hpp"

namespace portal::catalog {

// One row of the console's article list (small on purpose).
struct AdminArticleRowDto {
  std::int64_t id = 0;
  std::string title;  // in the console's language, else English
  std::string contentType;
  std::string section;
  std::int64_t rating = 0;
  std::string state;  // published, unpublished, scheduled, expired
  std::string licensor;
  std::string updatedAt;
  std::int64_t version = 0;
};
BOOST_DESCRIBE_STRUCT(AdminArticleRowDto, (),
                      (id, title, contentType, section, rating, state, licensor, updatedAt, version))

struct AdminArticleRowsDto {
  std::vector<AdminArticleRowDto> entries;
  std::int64_t total = 0;
  std::int64_t offset = 0;
  std::int64_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(AdminArticleRowsDto, (), (entries, total, offset, limit))

// One article whole: the catalog-file object (texts of every language, artist
// or licensor, genre, rating, prices per business model, availability window,
// published, media, ...), its version, and what it belongs to and holds.
struct AdminArticleDto {
  std::int64_t id = 0;
  std::int64_t version = 0;
  std::string state;
  std::string updatedAt;
  core::JsonOf<ArticleDocument> article;  // the stored document as it is
  std::optional<AdminArticleRowDto> parent;
  std::vector<AdminArticleRowDto> children;
  std::vector<AdminArticleRowDto> artists;  // the articles artistIds names, titled in the console's language
};
BOOST_DESCRIBE_STRUCT(AdminArticleDto, (), (id, version, state, updatedAt, article, parent, children, artists))

// PUT: the article as in a catalog file, based on the version read.
// The article is read as the JSON it is and checked by the import's rules, every field error listed.
struct AdminArticleUpdateBody {
  std::int64_t version = 0;
  core::JsonOf<ArticleDocument> article;
};
BOOST_DESCRIBE_STRUCT(AdminArticleUpdateBody, (), (version, article))

// POST: a new article (without an id it gets the next free one).
struct AdminArticleCreateBody {
  core::JsonOf<ArticleDocument> article;
};
BOOST_DESCRIBE_STRUCT(AdminArticleCreateBody, (), (article))

struct AdminPublishBody {
  std::int64_t version = 0;
};
BOOST_DESCRIBE_STRUCT(AdminPublishBody, (), (version))

struct AdminImportDto {
  std::int64_t categories = 0;
  std::int64_t articles = 0;
  std::int64_t challenges = 0;
};
BOOST_DESCRIBE_STRUCT(AdminImportDto, (), (categories, articles, challenges))

// One field error of a refused write or import; articleId (the import's
// article it names) is left out when there is none.
struct ArticleFieldErrorDto {
  std::string field;
  std::string reason;
  std::optional<std::int64_t> articleId;
};
BOOST_DESCRIBE_STRUCT(ArticleFieldErrorDto, (), (field, reason, articleId))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const ArticleFieldErrorDto& dto) {
  jv = core::described_object(dto, {"articleId"});
}

// 400 VALIDATION_ERROR's data: the first field error, and every one in
// `errors` (absent when the body itself could not be read).
struct ArticleFieldErrorsData {
  std::string field;
  std::string reason;
  std::optional<std::vector<ArticleFieldErrorDto>> errors;
};
BOOST_DESCRIBE_STRUCT(ArticleFieldErrorsData, (), (field, reason, errors))

// 409 ARTICLE_VERSION_CONFLICT's data: the stored version.
struct VersionConflictData {
  std::string field;  // "version"
  std::int64_t version = 0;
};
BOOST_DESCRIBE_STRUCT(VersionConflictData, (), (field, version))

}  // namespace portal::catalog
