#pragma once
// Wire shapes of the staff realm and the audit log (docs/contracts.md
// "Staff"): described structs serialised by boost::json::value_from; their
// JSON Schema documents the calls. staff_answers.hpp maps values to them.
#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/body.hpp"

namespace portal::staff {

struct StaffMemberDto {
  std::string id;
  std::string email;
  std::string role;    // platform_admin | owner | admin | editor | support | finance
  std::string status;  // invited | active | disabled
  std::string language;
  std::string createdAt;
};
BOOST_DESCRIBE_STRUCT(StaffMemberDto, (), (id, email, role, status, language, createdAt))

struct StaffMeDto {
  std::string id;
  std::string email;
  std::string role;
  std::optional<std::string> tenant;  // the member's tenant; null for a platform administrator
  std::vector<std::string> tenants;   // the tenants the member may act on (X-Tenant-ID)
  std::string sessionExpiresAt;       // the session's absolute end (30 idle minutes end it sooner)
};
BOOST_DESCRIBE_STRUCT(StaffMeDto, (), (id, email, role, tenant, tenants, sessionExpiresAt))

struct StaffSessionDto {
  std::string token;      // Authorization: Bearer <token>; also set as the portal_staff cookie
  std::string expiresAt;
  StaffMeDto staff;
};
BOOST_DESCRIBE_STRUCT(StaffSessionDto, (), (token, expiresAt, staff))

struct SignedOutDto {
  bool signedOut = true;
};
BOOST_DESCRIBE_STRUCT(SignedOutDto, (), (signedOut))

struct ResetAskedDto {
  bool requested = true;  // the same whether the e-mail is a member's or not
};
BOOST_DESCRIBE_STRUCT(ResetAskedDto, (), (requested))

struct StaffListDto {
  std::vector<StaffMemberDto> items;
};
BOOST_DESCRIBE_STRUCT(StaffListDto, (), (items))

struct InvitationSentDto {
  StaffMemberDto staff;
  std::string expiresAt;  // the link's end
  bool mailed = false;
};
BOOST_DESCRIBE_STRUCT(InvitationSentDto, (), (staff, expiresAt, mailed))

struct InvitationDto {
  std::string email;
  std::string role;
  std::optional<std::string> tenant;
  std::string totpSecret;  // base32, to type into an authenticator app
  std::string otpauthUri;  // the same as an otpauth:// link (QR codes carry it)
  std::string expiresAt;
};
BOOST_DESCRIBE_STRUCT(InvitationDto, (), (email, role, tenant, totpSecret, otpauthUri, expiresAt))

struct RevokedDto {
  std::int64_t revoked = 0;  // sessions ended
};
BOOST_DESCRIBE_STRUCT(RevokedDto, (), (revoked))

struct AuditEntryDto {
  std::int64_t id = 0;
  std::string at;
  std::string actorId;
  std::string actorEmail;
  std::string actorRole;
  std::string action;
  std::string call;
  std::string objectType;
  std::string objectId;
  boost::json::value before;  // the object before the write; null when it did not exist
  boost::json::value after;   // after it; null when gone
  std::string clientAddress;
  std::string requestId;
};
BOOST_DESCRIBE_STRUCT(AuditEntryDto, (), (id, at, actorId, actorEmail, actorRole, action, call, objectType, objectId,
                                          before, after, clientAddress, requestId))

struct AuditPageDto {
  std::vector<AuditEntryDto> items;  // newest first
  std::int64_t total = 0;
  std::int64_t page = 1;
  std::int64_t size = 50;
};
BOOST_DESCRIBE_STRUCT(AuditPageDto, (), (items, total, page, size))

// ---- request bodies (http::read_body)

struct LoginBody {
  http::Text email;
  http::Text password;
  http::Text totp;  // the 6 digits the authenticator shows
};
BOOST_DESCRIBE_STRUCT(LoginBody, (), (email, password, totp))

struct ForgotBody {
  http::Text email;  // the member's e-mail: the same answer whether it is one
};
BOOST_DESCRIBE_STRUCT(ForgotBody, (), (email))

struct ResetBody {
  http::Text token;     // the reset link's token
  http::Text password;  // the new password, 10 to 128 characters
};
BOOST_DESCRIBE_STRUCT(ResetBody, (), (token, password))

struct InviteBody {
  http::Text email;
  http::Text role;                      // owner | admin | editor | support | finance
  std::optional<http::Text> language;  // of the mail and the pages; default the tenant's
};
BOOST_DESCRIBE_STRUCT(InviteBody, (), (email, role, language))

struct RoleBody {
  http::Text role;
};
BOOST_DESCRIBE_STRUCT(RoleBody, (), (role))

struct StatusBody {
  http::Text status;  // active | disabled
};
BOOST_DESCRIBE_STRUCT(StatusBody, (), (status))

struct AcceptBody {
  http::Text token;     // the invitation link's token
  http::Text password;  // 10 to 128 characters
  http::Text totp;      // a current code of the enrolled secret
};
BOOST_DESCRIBE_STRUCT(AcceptBody, (), (token, password, totp))

}  // namespace portal::staff
