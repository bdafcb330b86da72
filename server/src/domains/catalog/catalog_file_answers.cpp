#include "domains/catalog/catalog_file_answers.hpp"

#include <boost/json.hpp>

namespace portal::catalog {
namespace json = boost::json;

CatalogFileCountsDto counts_dto(const file::Counts& c) {
  return {c.rows, c.create, c.update, c.unchanged, c.invalid, c.errors};
}

CatalogFileErrorDto error_dto(const file::CellError& e) { return {e.row, e.column, e.reason, e.article_id}; }

CatalogDryRunDto dry_run_dto(const file::Plan& plan, file::Format format) {
  CatalogDryRunDto out;
  out.format = std::string(file::format_name(format));
  out.counts = counts_dto(plan.counts);
  for (const auto& e : plan.file_errors) out.fileErrors.push_back(error_dto(e));
  out.rows.reserve(plan.rows.size());
  for (const auto& r : plan.rows) {
    CatalogFileRowDto row{r.row, r.id, std::string(file::action_name(r.action)), r.title, {}, {}};
    for (const auto& c : r.changes) row.changes.push_back({c.field, c.before, c.after});
    for (const auto& e : r.errors) row.errors.push_back(error_dto(e));
    out.rows.push_back(std::move(row));
  }
  return out;
}

http::Error http_error(const file::Error& e) {
  if (e.code == file::ErrorCode::not_found) return http::Error::not_found("CATALOG_IMPORT_NOT_FOUND", e.message);
  CatalogFileErrorsData data{"file", e.message, std::vector<CatalogFileErrorDto>{}};
  for (const auto& x : e.errors) data.errors->push_back(error_dto(x));
  return {400, "VALIDATION_ERROR", e.message, json::value_from(data)};
}

}  // namespace portal::catalog
