#include "domains/media/media_answers.hpp"

#include <boost/json.hpp>

namespace portal::media {
namespace json = boost::json;

UploadDto upload_dto(const Upload& u, std::int64_t chunk_limit) {
  return {u.id,     u.article_id,  std::string(kind_name(u.kind)), u.name, u.size, u.received, chunk_limit,
          u.job_id, std::string(purpose_name(u.purpose))};
}

JobDto job_dto(const Job& j) {
  return {j.id,        j.article_id, j.upload_id, std::string(kind_name(j.kind)), j.name, std::string(state_name(j.state)),
          j.progress,  j.error,      j.attempts,  j.created_at, j.updated_at, j.media_path, j.preview_path,
          std::string(purpose_name(j.purpose))};
}

http::Error http_error(const Error& e) {
  switch (e.code) {
    case ErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case ErrorCode::article_not_found: return http::Error::not_found("ARTICLE_NOT_FOUND", e.message);
    case ErrorCode::upload_not_found: return http::Error::not_found("UPLOAD_NOT_FOUND", e.message);
    case ErrorCode::job_not_found: return http::Error::not_found("MEDIA_JOB_NOT_FOUND", e.message);
    case ErrorCode::too_large:
      return {413, "MEDIA_TOO_LARGE", e.message, json::object{{"limit", e.limit.value_or(0)}}};
    case ErrorCode::offset_mismatch:
      return {409, "UPLOAD_OFFSET_MISMATCH", e.message, json::object{{"offset", e.offset.value_or(0)}}};
    case ErrorCode::quota_exceeded:
      return {409, "MEDIA_UPLOAD_QUOTA_EXCEEDED", e.message,
              json::object{{"limit", e.limit.value_or(0)}, {"open", e.open.value_or(0)}}};
    case ErrorCode::storage_quota_exceeded:
      return {409, "MEDIA_STORAGE_QUOTA_EXCEEDED", e.message,
              json::object{{"limit", e.limit.value_or(0)}, {"used", e.used.value_or(0)}}};
    case ErrorCode::digest_mismatch: return {400, "CONTENT_DIGEST_MISMATCH", e.message, nullptr};
    case ErrorCode::upload_complete:
      return {409, "UPLOAD_COMPLETE", e.message, json::object{{"offset", e.offset.value_or(0)}}};
  }
  return {500, "INTERNAL_ERROR", e.message, nullptr};
}

}  // namespace portal::media
