#pragma once
// The catalog as a file from the console (issue 78 item 2, docs/catalog-file.md): the articles the list's filter
// finds exported as CSV or as the import's JSON; a CSV or JSON file read into rows, each validated against the
// stored catalog and the rest of the file (the import's validator, media paths as an edit's) — a dry run answers
// every row's changes (field, before, after) and every error by row and column, writing nothing; an apply reads
// and validates the file again (it never trusts a dry run's answer) and writes every row or none (mode all), or
// the rows without errors (mode per-row), in one transaction with the file kept and one audit entry.
// Errors are values; no HTTP. Blocking: run on the database pool.
#include <boost/json/object.hpp>  // free-form: the catalog file's JSON and article documents
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/catalog/catalog_admin_service.hpp"

namespace portal::catalog {
class CatalogRepository;
}

namespace portal::catalog::file {

enum class Format { csv, json };
enum class Mode { all, per_row };
std::string_view format_name(Format f);
std::string_view mode_name(Mode m);

struct Input {
  Format format = Format::csv;
  std::string text;  // the file as sent
  std::string name;  // its file name, for the audit ("catalog.csv")
};

// An error of one cell: row 1 is the file's first article (a CSV's line under the header); row 0 is the file
// itself (its header, its categories or challenges). column: the CSV's column, or the JSON article's field.
struct CellError {
  std::int64_t row = 0;
  std::optional<std::int64_t> article_id;
  std::string column;
  std::string reason;
};

struct FieldChange {
  std::string field;  // the CSV column ("title_en", "price_subscription"), or a JSON member no column holds ("media")
  std::string before;
  std::string after;
};

enum class Action { create, update, unchanged, invalid };
std::string_view action_name(Action a);

struct PlannedRow {
  std::int64_t row = 0;
  std::int64_t id = 0;  // 0: a CSV line without an id, given the next free one on apply
  Action action = Action::unchanged;
  std::string title;  // English, else the first
  std::vector<FieldChange> changes;
  std::vector<CellError> errors;
  boost::json::object doc;  // the document to write (not on the wire)
};

struct Counts {
  std::int64_t rows = 0;
  std::int64_t create = 0;
  std::int64_t update = 0;
  std::int64_t unchanged = 0;
  std::int64_t invalid = 0;  // rows with at least one error
  std::int64_t errors = 0;   // every error, the file's own included
};

struct Plan {
  std::vector<PlannedRow> rows;
  std::vector<CellError> file_errors;  // row 0
  Counts counts;
};

struct Applied {
  std::string import_id;
  Counts counts;             // of the file as validated by the apply
  std::int64_t written = 0;  // articles created or updated
  std::int64_t skipped = 0;  // rows left out (per-row: those with errors)
};

enum class ErrorCode { invalid_rows, not_found };
struct Error {
  ErrorCode code = ErrorCode::invalid_rows;
  std::string message;
  std::vector<CellError> errors;  // invalid_rows: every one
};
template <class T>
using Result = boost::system::result<T, Error>;
[[noreturn]] void throw_exception_from_error(const Error& e, const boost::source_location& loc);

class FileService {
 public:
  FileService(CatalogRepository& repository, admin::AdminRepository& admin_repository, const core::Clock& clock)
      : repository_(repository), admin_repository_(admin_repository), clock_(clock) {}

  // The filter's articles (every one; its offset and limit are not used), in its order.
  std::string export_csv(std::int64_t tenant_id, const admin::Filter& filter, const std::string& currency);
  // As the import's JSON: every category, the articles, the challenges of their games.
  boost::json::object export_json(std::int64_t tenant_id, const admin::Filter& filter);

  Plan dry_run(std::int64_t tenant_id, const Input& file, const std::string& currency);
  // Mode all with any error: invalid_rows (every error), nothing written. The audit is called once, in the
  // write's transaction, with object_id the import's id; the file is kept (catalog_import_files).
  Result<Applied> apply(std::int64_t tenant_id, const Input& file, Mode mode, const std::string& currency,
                        const admin::Audit& audit);
  // A file applied before: its name, format and text.
  Result<Input> applied_file(std::int64_t tenant_id, const std::string& import_id);

 private:
  // per_row: validate again with the rows in error left out, until no row depends on one of them.
  Plan plan(std::int64_t tenant_id, const Input& file, const std::string& currency, bool per_row);

  CatalogRepository& repository_;
  admin::AdminRepository& admin_repository_;
  const core::Clock& clock_;
};

}  // namespace portal::catalog::file
