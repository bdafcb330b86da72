#pragma once
// The one place where media ingest meets HTTP: uploads and jobs made wire shapes (media_dto.hpp), and the domain's
// errors as the one error shape with their status.
#include <cstdint>

#include "domains/media/media_dto.hpp"
#include "domains/media/media_types.hpp"
#include "http/error.hpp"
#include "http/respond.hpp"

namespace portal::media {

UploadDto upload_dto(const Upload& u, std::int64_t chunk_limit);
JobDto job_dto(const Job& j);

// 400 VALIDATION_ERROR, 404 ARTICLE_NOT_FOUND / UPLOAD_NOT_FOUND / MEDIA_JOB_NOT_FOUND,
// 413 MEDIA_TOO_LARGE (data.limit), 409 UPLOAD_OFFSET_MISMATCH and UPLOAD_COMPLETE (data.offset),
// 409 MEDIA_UPLOAD_QUOTA_EXCEEDED (data.limit: the tenant's quota, data.open: its open uploads' bytes),
// 409 MEDIA_STORAGE_QUOTA_EXCEEDED (data.limit: the tenant's stored-bytes quota, data.used: its finished media's bytes).
http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::media
