#pragma once
// The one place where the bulk jobs' errors and answers meet HTTP.
#include "domains/bulk/bulk_dto.hpp"
#include "domains/bulk/bulk_service.hpp"
#include "http/error.hpp"
#include "http/respond.hpp"

namespace portal::bulk {

http::Error http_error(const Error& e);
BulkJobDto job_dto(const JobView& view);

using http::value_or_throw;

}  // namespace portal::bulk
