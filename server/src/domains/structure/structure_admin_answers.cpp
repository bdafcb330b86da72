#include "domains/structure/structure_admin_answers.hpp"

#include <algorithm>

#include "core/languages.hpp"
#include "core/text.hpp"
#include "domains/structure/structure_templates.hpp"

namespace portal::structure {

StructureVersionInfoDto version_dto(const VersionInfo& v) { return {v.version, v.note, v.author, v.created_at}; }

StructureSummaryDto summary_dto(const StructureSummary& s) {
  StructureSummaryDto out;
  out.name = s.name;
  out.publishedVersion = s.published_version;
  out.publishedBy = s.published_by;
  out.publishedAt = s.published_at;
  if (s.latest) out.latest = version_dto(*s.latest);
  out.hasDraft = s.has_draft();
  if (s.scheduled) out.scheduled = StructureScheduleDto{s.scheduled->version, s.scheduled->at, s.scheduled->by};
  return out;
}

StructureChangeDto change_dto(const StructureChange& c) { return {summary_dto(c.after), version_dto(c.version)}; }

http::Result<PreviewRequest> preview_request(const PreviewDto& dto) {
  PreviewRequest r;
  const std::string audience = dto.audience.value_or("guest");
  if (audience != "guest" && audience != "subscriber") return http::Error::invalid_field("audience", "must be guest or subscriber");
  r.subscriber = audience == "subscriber";
  r.max_rating = dto.maxRating;
  if (dto.device && !dto.device->empty()) {
    if (*dto.device != "desktop" && *dto.device != "mobile") return http::Error::invalid_field("device", "must be desktop or mobile");
    r.is_desktop = *dto.device == "desktop";
  }
  if (dto.os && !dto.os->empty()) {
    std::string os = *dto.os;
    os = core::lower(os);
    bool ok = os.size() <= 32 && std::all_of(os.begin(), os.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    });
    if (!ok) return http::Error::invalid_field("os", "must be an operating system name such as android or ios");
    r.os = std::move(os);
  }
  if (dto.lang && !dto.lang->empty()) {
    if (std::find(core::kLanguages.begin(), core::kLanguages.end(), *dto.lang) == core::kLanguages.end()) {
      return http::Error::invalid_field("lang", "must be one of en, ar, fr, de, es, ro");
    }
    r.lang = *dto.lang;
  }
  r.at = dto.at.value_or("");
  return r;
}

http::Result<NewStructure> new_structure(const CreateStructureDto& dto) {
  auto kind = structure_kind(dto.kind);
  if (!kind) return http::Error::invalid_field("kind", "must be one of home, header, footer, section, info, marketing");
  return NewStructure{*kind, dto.slug.value_or(""), dto.title};
}

http::Error http_error(const AdminError& e) {
  switch (e.code) {
    case AdminErrorCode::invalid_field: return http::Error::invalid_field(e.field, e.reason);
    case AdminErrorCode::structure_not_found: return http::Error::not_found("STRUCTURE_NOT_FOUND", e.message);
    case AdminErrorCode::structure_exists: return http::Error::conflict("STRUCTURE_EXISTS", e.message);
    case AdminErrorCode::structure_required: return http::Error::conflict("STRUCTURE_REQUIRED", e.message);
    case AdminErrorCode::version_not_found: break;
  }
  return http::Error::not_found("STRUCTURE_VERSION_NOT_FOUND", e.message);
}

}  // namespace portal::structure
