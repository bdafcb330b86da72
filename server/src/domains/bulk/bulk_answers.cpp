#include "domains/bulk/bulk_answers.hpp"

namespace portal::bulk {

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::job_not_found: return http::Error::not_found("BULK_JOB_NOT_FOUND", e.message);
    case ErrorCode::nothing_selected: return {400, "NOTHING_SELECTED", e.message, nullptr};
    case ErrorCode::too_many_rows: return {400, "TOO_MANY_ROWS", e.message, nullptr};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

BulkJobDto job_dto(const JobView& view) {
  const auto& j = view.job;
  BulkJobDto out{j.id, j.kind, j.action, j.state, j.total, j.done, j.failed, j.created_at, j.finished_at, {}};
  for (const auto& f : view.failures) out.failures.push_back({f.target, f.code, f.reason});
  return out;
}

}  // namespace portal::bulk
