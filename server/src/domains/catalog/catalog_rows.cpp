#include "domains/catalog/catalog_rows.hpp"

#include "db/json_column.hpp"
#include "db/row_struct.hpp"
#include "domains/catalog/catalog_document.hpp"
#include "domains/catalog/catalog_sql.hpp"

namespace portal::catalog {

static_assert(db::columns_match<ArticleRecord>(sql::kArticleColumns));
static_assert(db::columns_match<ChallengeRecord>(sql::kChallengeColumns));
static_assert(db::columns_match<CategoryRecord>(sql::kCategoryColumns));
static_assert(db::columns_match<SearchDocument>(sql::kSearchDocumentColumns));

void read_column(const db::Row& r, std::size_t i, boost::json::object& out, const ArticleRecord*) {
  out = db::json_object_column(r, i, "article " + std::to_string(r.integer(0)) + ": doc");
}

void read_column(const db::Row& r, std::size_t i, boost::json::object& out, const ChallengeRecord*) {
  out = db::json_object_column(r, i, "challenge " + std::to_string(r.integer(0)) + ": doc");
}

void read_column(const db::Row& r, std::size_t i, Texts& out, const CategoryRecord*) {
  const boost::json::value titles = db::json_object_column(r, i, "category " + r.text(0) + ": titles");
  out = texts_of(&titles);
}

}  // namespace portal::catalog
