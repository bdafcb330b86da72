#pragma once
// The one place where the console's page structures meet HTTP: the service's values made the wire shapes of
// /backend/admin/structures (structure_dto.hpp; docs/contracts.md "Page structures from the console") and the
// errors of structure_admin_service.hpp with their status.
#include "domains/structure/structure_dto.hpp"
#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/structure/structure_admin_service.hpp"

namespace portal::structure {

StructureVersionInfoDto version_dto(const VersionInfo& v);
StructureSummaryDto summary_dto(const StructureSummary& s);
StructureChangeDto change_dto(const StructureChange& c);
// The preview's request, checked (400 VALIDATION_ERROR naming the field).
http::Result<PreviewRequest> preview_request(const PreviewDto& dto);

// The new structure's input, checked (400 VALIDATION_ERROR "kind").
http::Result<NewStructure> new_structure(const CreateStructureDto& dto);

// 400 VALIDATION_ERROR (field, reason), 404 STRUCTURE_NOT_FOUND, 404 STRUCTURE_VERSION_NOT_FOUND,
// 409 STRUCTURE_EXISTS, 409 STRUCTURE_REQUIRED.
http::Error http_error(const AdminError& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

}  // namespace portal::structure
