#pragma once
// Staff: the people who run a tenant (or the whole platform), a realm apart
// from the customers of identity (docs/staff.md): their own accounts,
// sessions, roles and two-factor sign-in. Rows, roles and the expected
// failures of the domain as values; nothing here knows HTTP.
#include <boost/describe/class.hpp>
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/domain_error.hpp"

namespace portal::staff {

// Ranked for "at least": platform_admin > owner > admin > {editor, support,
// finance}; the three specialists see only their own areas.
enum class Role { platform_admin, owner, admin, editor, support, finance };

std::string_view role_name(Role role);           // "platform_admin", "owner", ...
std::optional<Role> parse_role(std::string_view name);
// Whether a member of `role` may grant `granted` (invite with it, or change a
// member to it): a platform administrator any, an owner any tenant role, an
// admin the roles below owner. Nobody grants platform_admin over HTTP.
bool may_grant(Role role, Role granted);

struct Account {
  std::string id;                        // UUID
  std::optional<std::int64_t> tenant_id; // nullopt: a platform administrator
  std::string email;                     // lower case
  Role role = Role::support;
  std::string status;                    // invited | active | disabled
  std::string language = "en";
  std::string password_hash;
  std::string totp_secret;               // as stored: sealed (totp_seal.hpp); "" until enrolled
  std::int64_t totp_last_step = 0;
  std::int64_t failed_logins = 0;
  std::optional<std::string> locked_until;
  std::string created_at;
};

// An account as the audit log keeps it (no secrets): audit_value's shape.
struct AccountSnapshot {
  std::string email;
  std::string role;
  std::string status;
  std::string language;
};
BOOST_DESCRIBE_STRUCT(AccountSnapshot, (), (email, role, status, language))

// What the audit log keeps after a sign-in attempt ("staff.signIn", "staff.signInFailed"): how it ended
// ("signedIn", "password", "code", "disabled", ...) and whether the device was known.
struct SignInAudit {
  std::string outcome;
  bool knownDevice = false;
};
BOOST_DESCRIBE_STRUCT(SignInAudit, (), (outcome, knownDevice))

// After "staff.passwordResetAsked": when the reset link stops working.
struct ResetAskedAudit {
  std::string expiresAt;
};
BOOST_DESCRIBE_STRUCT(ResetAskedAudit, (), (expiresAt))

// After a revocation of a member's sessions: how many were open.
struct SessionsRevokedAudit {
  std::int64_t revokedSessions = 0;
};
BOOST_DESCRIBE_STRUCT(SessionsRevokedAudit, (), (revokedSessions))

// The caller of a staff call, as authenticated from its token.
struct Principal {
  Account account;
  std::string session_id;
  std::string session_expires_at;
};

// Who does a write, for the audit log: a signed-in member, or the command line.
struct Actor {
  std::string id;          // staff account id, or "cli"
  std::string email;       // or the operating-system user of the command line
  std::string role;        // role name, or "cli"
  std::string call;        // "POST /backend/admin/staff" or "portal staff invite"
  std::string client_address;
  std::string request_id;
  std::optional<Role> rank;  // nullopt: the command line (may do anything)
};

struct Session {
  std::string token;       // shown once; only its SHA-256 is stored
  std::string expires_at;  // the absolute end (an idle session ends sooner)
};

struct Invitation {
  Account account;
  std::string token;  // the link's secret (only its SHA-256 is stored)
  std::string link;   // where the member accepts it
  std::string expires_at;
  bool mailed = false;
};

// What the acceptance page shows: the account and the secret to enrol.
struct InvitationView {
  Account account;
  std::string totp_secret;  // base32
  std::string otpauth_uri;  // otpauth://totp/... for authenticator apps
  std::string expires_at;
};

enum class ErrorCode {
  invalid_field,        // field, reason
  invalid_credentials,  // e-mail, password or code wrong (one answer for all three)
  code_reused,          // the right password and a code whose step was spent already (a replay, not a guess)
  too_many_attempts,    // locked: retry_after_seconds
  too_many_requests,    // password-reset mails asked too often: retry_after_seconds
  reset_invalid,        // a password-reset link unknown, expired or used
  invitation_invalid,   // unknown, expired or used
  staff_exists,         // an active member has that e-mail
  staff_not_found,
  role_not_allowed,     // the caller may not grant (or change) that role
  own_role,             // nobody changes their own role
};

// What a staff error carries beyond code, message, field and reason.
struct ErrorDetails {
  std::int64_t retry_after_seconds = 0;  // too_many_attempts, too_many_requests
};

using Error = core::DomainError<ErrorCode, ErrorCode::invalid_field, ErrorDetails>;

template <class T>
using Result = boost::system::result<T, Error>;

}  // namespace portal::staff
