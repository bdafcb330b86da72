#pragma once
// The catalog as a file (issue 78 item 2) on the wire (/backend/admin/catalog/import/..., catalog_file_routes.cpp):
// the bodies of a dry run and an apply, their answers, and the data of a refused apply. catalog_file_answers.hpp maps
// the service's values and errors to them.
#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/described_json.hpp"

namespace portal::catalog {

// POST .../import/dry-run: the file as its text (a CSV, or the import's JSON), its format and its name.
struct CatalogFileBody {
  std::string format;    // csv or json
  std::string fileName;  // for the audit ("catalog.csv")
  std::string file;      // the file's text (UTF-8)
};
BOOST_DESCRIBE_STRUCT(CatalogFileBody, (), (format, fileName, file))

// POST .../import/apply: the same file again and how to write it.
struct CatalogApplyBody {
  std::string format;
  std::string fileName;
  std::string file;
  std::string mode;  // all (every row or none) or per-row (the rows without errors)
};
BOOST_DESCRIBE_STRUCT(CatalogApplyBody, (), (format, fileName, file, mode))

// An error of one cell: row 1 is the first article (the CSV's line under the header), row 0 the file itself.
struct CatalogFileErrorDto {
  std::int64_t row = 0;
  std::string column;  // the CSV column, or the JSON article's field
  std::string reason;
  std::optional<std::int64_t> articleId;
};
BOOST_DESCRIBE_STRUCT(CatalogFileErrorDto, (), (row, column, reason, articleId))
inline void tag_invoke(const boost::json::value_from_tag&, boost::json::value& jv, const CatalogFileErrorDto& dto) {
  jv = core::described_object(dto, {"articleId"});
}

struct CatalogFileChangeDto {
  std::string field;  // the CSV column, or a JSON member no column holds
  std::string before;
  std::string after;
};
BOOST_DESCRIBE_STRUCT(CatalogFileChangeDto, (), (field, before, after))

// One row of the file that would change something or has errors (unchanged rows are only counted).
struct CatalogFileRowDto {
  std::int64_t row = 0;
  std::int64_t id = 0;
  std::string action;  // create, update, invalid
  std::string title;
  std::vector<CatalogFileChangeDto> changes;
  std::vector<CatalogFileErrorDto> errors;
};
BOOST_DESCRIBE_STRUCT(CatalogFileRowDto, (), (row, id, action, title, changes, errors))

struct CatalogFileCountsDto {
  std::int64_t rows = 0;
  std::int64_t create = 0;
  std::int64_t update = 0;
  std::int64_t unchanged = 0;
  std::int64_t invalid = 0;
  std::int64_t errors = 0;
};
BOOST_DESCRIBE_STRUCT(CatalogFileCountsDto, (), (rows, create, update, unchanged, invalid, errors))

struct CatalogDryRunDto {
  std::string format;
  CatalogFileCountsDto counts;
  std::vector<CatalogFileErrorDto> fileErrors;  // row 0: the header, the file's categories or challenges
  std::vector<CatalogFileRowDto> rows;
};
BOOST_DESCRIBE_STRUCT(CatalogDryRunDto, (), (format, counts, fileErrors, rows))

struct CatalogAppliedDto {
  std::string importId;  // the audit entry's object id
  std::string mode;
  CatalogFileCountsDto counts;
  std::int64_t written = 0;
  std::int64_t skipped = 0;
  std::vector<CatalogFileErrorDto> errors;  // per-row: the rows left out, each error
};
BOOST_DESCRIBE_STRUCT(CatalogAppliedDto, (), (importId, mode, counts, written, skipped, errors))

// 400 VALIDATION_ERROR of an apply refused (mode all with errors, or errors of the file itself): every error.
struct CatalogFileErrorsData {
  std::string field;  // "file"
  std::string reason;
  std::optional<std::vector<CatalogFileErrorDto>> errors;  // absent when the body itself could not be read
};
BOOST_DESCRIBE_STRUCT(CatalogFileErrorsData, (), (field, reason, errors))

}  // namespace portal::catalog
