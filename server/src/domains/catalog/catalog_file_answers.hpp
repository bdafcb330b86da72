#pragma once
// The catalog as a file (issue 78 item 2) meets HTTP here: the service's plan and counts made the wire shapes of
// catalog_file_dto.hpp, and its errors as the one error shape.
#include "domains/catalog/catalog_file_dto.hpp"
#include "domains/catalog/catalog_file_service.hpp"
#include "http/error.hpp"

namespace portal::catalog {

CatalogFileCountsDto counts_dto(const file::Counts& c);
CatalogDryRunDto dry_run_dto(const file::Plan& plan, file::Format format);
CatalogFileErrorDto error_dto(const file::CellError& e);

// 400 VALIDATION_ERROR (data: every error), 404 CATALOG_IMPORT_NOT_FOUND.
http::Error http_error(const file::Error& e);
namespace file {
using catalog::http_error;
}

}  // namespace portal::catalog
