#include "domains/staff/staff_answers.hpp"

#include <boost/json.hpp>

namespace portal::staff {
namespace json = boost::json;

namespace {

struct Shape {
  int status;
  const char* code;
};

Shape shape_of(ErrorCode code) {
  switch (code) {
    case ErrorCode::invalid_field: return {400, "VALIDATION_ERROR"};
    case ErrorCode::invalid_credentials: return {401, "INVALID_CREDENTIALS"};
    case ErrorCode::code_reused: return {401, "TOTP_REUSED"};
    case ErrorCode::too_many_attempts: return {429, "TOO_MANY_ATTEMPTS"};
    case ErrorCode::too_many_requests: return {429, "TOO_MANY_REQUESTS"};
    case ErrorCode::reset_invalid: return {404, "RESET_INVALID"};
    case ErrorCode::invitation_invalid: return {404, "INVITATION_INVALID"};
    case ErrorCode::staff_exists: return {409, "STAFF_EXISTS"};
    case ErrorCode::staff_not_found: return {404, "STAFF_NOT_FOUND"};
    case ErrorCode::role_not_allowed: return {403, "ROLE_NOT_ALLOWED"};
    case ErrorCode::own_role: return {409, "OWN_ROLE"};
  }
  return {500, "INTERNAL_ERROR"};
}

}  // namespace

http::Error http_error(const Error& e) {
  if (e.code == ErrorCode::invalid_field) return http::Error::invalid_field(e.field, e.reason);
  const Shape shape = shape_of(e.code);
  json::value data = nullptr;
  if (e.code == ErrorCode::too_many_attempts || e.code == ErrorCode::too_many_requests)
    data = json::object{{"retryAfter", e.retry_after_seconds}};
  return {shape.status, shape.code, e.message, std::move(data)};
}


StaffMemberDto member_dto(const Account& a) {
  return {a.id, a.email, std::string(role_name(a.role)), a.status, a.language, a.created_at};
}

StaffMeDto me_dto(const Account& a, const std::string& tenant_name, std::vector<std::string> tenants,
                  const std::string& session_expires_at) {
  StaffMeDto dto;
  dto.id = a.id;
  dto.email = a.email;
  dto.role = std::string(role_name(a.role));
  if (a.tenant_id) dto.tenant = tenant_name;
  dto.tenants = std::move(tenants);
  dto.sessionExpiresAt = session_expires_at;
  return dto;
}

InvitationDto invitation_dto(const InvitationView& v, const std::string& tenant_name) {
  InvitationDto dto;
  dto.email = v.account.email;
  dto.role = std::string(role_name(v.account.role));
  if (v.account.tenant_id) dto.tenant = tenant_name;
  dto.totpSecret = v.totp_secret;
  dto.otpauthUri = v.otpauth_uri;
  dto.expiresAt = v.expires_at;
  return dto;
}

AuditPageDto audit_page_dto(const audit::Page& page) {
  AuditPageDto dto;
  dto.total = page.total;
  dto.page = page.page;
  dto.size = page.size;
  for (const auto& e : page.items)
    dto.items.push_back({e.id, e.at, e.actor_id, e.actor_email, e.actor_role, e.action, e.call, e.object_type,
                         e.object_id, e.before, e.after, e.client_address, e.request_id});
  return dto;
}

}  // namespace portal::staff

namespace portal::audit {
http::Error http_error(const Error& e) { return http::Error::invalid_field(e.field, e.reason); }
}  // namespace portal::audit
