#pragma once
// The catalog's records as the repository reads them: each described in the order of its columns in catalog_sql.hpp
// (checked beside the statements, catalog_rows.cpp) and read by db::read_row, so no reader counts positions.
#include <array>
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>  // free-form: the stored article and challenge documents
#include <string_view>

#include "db/database.hpp"
#include "domains/catalog/catalog_changes.hpp"
#include "domains/catalog/catalog_search_index.hpp"
#include "domains/catalog/catalog_types.hpp"

namespace portal::catalog {

BOOST_DESCRIBE_STRUCT(ArticleRecord, (), (id, content_type, section, parent_id, rating, release_date, slug, read_count, doc))
BOOST_DESCRIBE_STRUCT(ChallengeRecord, (), (id, game_id, doc))
BOOST_DESCRIBE_STRUCT(CategoryRecord, (), (id, section, parent_id, artwork, titles, count))
BOOST_DESCRIBE_STRUCT(CatalogChange, (), (seq, article_id))
BOOST_DESCRIBE_STRUCT(SearchDocument, (), (id, section, content_type, rating, release_date, titles, body))
// Its titles come from a second statement (kSearchDocumentTitlesOf).
constexpr std::array<std::string_view, 1> not_columns(const SearchDocument*) { return {"titles"}; }

// A stored document (doc, a JSON object in a TEXT column) and a category's titles (an object of language to text).
void read_column(const db::Row& r, std::size_t i, boost::json::object& out, const ArticleRecord*);
void read_column(const db::Row& r, std::size_t i, boost::json::object& out, const ChallengeRecord*);
void read_column(const db::Row& r, std::size_t i, Texts& out, const CategoryRecord*);

}  // namespace portal::catalog
