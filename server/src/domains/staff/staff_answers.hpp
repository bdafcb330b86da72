#pragma once
// The one place where staff and the audit log meet HTTP: the domains' errors
// as the one error shape with their status and code (docs/contracts.md
// "Staff"), and their values as the DTOs of staff_dto.hpp.
#include <string>
#include <utility>
#include <vector>

#include "http/error.hpp"
#include "http/respond.hpp"
#include "domains/audit/audit_types.hpp"
#include "domains/staff/staff_dto.hpp"
#include "domains/staff/staff_types.hpp"

namespace portal::audit {
// The audit log's filter errors (400 naming the field), where value_or_throw finds them.
http::Error http_error(const Error& e);
}  // namespace portal::audit

namespace portal::staff {

using audit::http_error;

http::Error http_error(const Error& e);

// The value, or the error as the one error shape (the generic one of http/respond.hpp).
using http::value_or_throw;

StaffMemberDto member_dto(const Account& a);
// tenant_name: the member's tenant's name ("" for the platform); tenants: those it may act on.
StaffMeDto me_dto(const Account& a, const std::string& tenant_name, std::vector<std::string> tenants,
                  const std::string& session_expires_at);
InvitationDto invitation_dto(const InvitationView& v, const std::string& tenant_name);
AuditPageDto audit_page_dto(const audit::Page& page);

}  // namespace portal::staff
