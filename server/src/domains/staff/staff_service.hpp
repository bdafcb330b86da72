#pragma once
// The staff realm's rules (docs/staff.md): invitations, accepting one (a
// password and an enrolled TOTP authenticator), sign-in with e-mail,
// password and a code, throttled as the customers' sign-in is (SignInGuard:
// unknown and known e-mails alike, a known device passes the account's
// limits, a replayed code is no guess), sessions that end (8 h, 30 idle
// minutes, revocation), password reset by mail, re-invitation, roles and who
// may grant them. TOTP secrets are stored sealed (TotpSeal). Every write of a
// person, every sign-in, failed sign-in and lock is recorded in the audit log.
// Returns Result<T> (staff_types.hpp); knows no HTTP. Blocking (argon2id,
// SQL): call on the database pool.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/identity/identity_types.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/sign_in_guard.hpp"
#include "domains/staff/staff_repository.hpp"
#include "domains/staff/staff_types.hpp"
#include "domains/staff/totp_seal.hpp"

namespace portal::staff {

struct Lifetimes {
  std::chrono::seconds session{8 * 3600};     // absolute, from sign-in
  std::chrono::seconds idle{30 * 60};         // without a call
  std::chrono::seconds invitation{72 * 3600};
  std::chrono::seconds reset{30 * 60};        // a password-reset link
};
// Failures of one e-mail (known or not) from browsers it has not signed in on
// before, in 15 minutes, before such attempts are refused for the rest of the
// window; its known devices pass (docs/staff.md "Sign-in").
inline constexpr std::int64_t kMaxFailures = 5;
// The staff realm's sign-in limits (SignInGuard, realm "staff").
identity::ThrottleLimits staff_sign_in_limits();

struct InviteInput {
  std::optional<std::int64_t> tenant_id;  // nullopt: a platform administrator
  std::string email;
  std::string role;                       // a role name (staff_types.hpp)
  std::string language = "en";            // of the mail and the pages
  std::string base_url;                   // "https://host" the link starts with
  std::string site;                       // the name the mail says ("Vela Stream", or the platform)
  std::optional<std::int64_t> mail_tenant;  // whose outbox takes the mail; nullopt: not mailed
};

struct SignedIn {
  Session session;
  Account account;
  std::string device_cookie;  // to set: this browser is now a known device of the member
};

// What a sign-in attempt carries besides its credentials.
struct Attempt {
  std::string device_cookie;  // the browser's staff device cookie ("" when none)
  std::string request_id;
  std::string call = "POST /backend/admin/login";
};

// A password-reset request from the sign-in page (the tenant it came through).
struct ResetRequest {
  std::int64_t tenant_id = 0;
  std::string email;
  std::string base_url;  // "https://host" the link starts with
  std::string site;      // the name the mail says
  std::string language = "en";
  std::string client_address;
  std::string request_id;
  std::string call = "POST /backend/admin/password/forgot";
};

// Where a re-invitation's link points and whose outbox mails it.
struct Mailing {
  std::string base_url;
  std::string site;
  std::int64_t mail_tenant = 0;
};

class StaffService {
 public:
  // A translated text: language, key below "hosted.staff.", {{site}} filled by the caller's texts.
  using Text = std::function<std::string(const std::string& lang, std::string_view key, const std::string& site)>;

  StaffService(StaffRepository& repository, identity::SignInGuard& guard, const TotpSeal& seal,
               identity::Mailer& mailer, const core::Clock& clock, Text text, Lifetimes lifetimes = {})
      : repository_(repository),
        guard_(guard),
        seal_(seal),
        mailer_(mailer),
        clock_(clock),
        text_(std::move(text)),
        lifetimes_(lifetimes) {}

  Result<Invitation> invite(const Actor& actor, InviteInput input);
  Result<InvitationView> invitation(const std::string& token, const std::string& issuer);
  Result<Account> accept(const std::string& token, const std::string& password, const std::string& code,
                         const std::string& client_address, const std::string& request_id);

  // tenant_id: the tenant the sign-in comes through; its members first, then the platform's.
  // An unknown e-mail is answered and throttled as a known one (refused, then throttled); a browser the
  // member signed in on before (attempt.device_cookie) passes the e-mail's limits; a right
  // password with a spent code answers code_reused and counts as no failure.
  Result<SignedIn> login(std::int64_t tenant_id, const std::string& email, const std::string& password,
                         const std::string& code, const std::string& client_address, const Attempt& attempt = {});
  // Mails a short-lived single-use link when the e-mail is an active member's; answers the same
  // otherwise. too_many_requests past the limits per address and per e-mail (every request counts).
  Result<void> request_password_reset(const ResetRequest& request);
  // Uses a reset link once: the new password (the authenticator stays); every session of the member ends.
  Result<Account> reset_password(const std::string& token, const std::string& password,
                                 const std::string& client_address, const std::string& request_id);
  // A new invitation for an existing member (invited or active): a fresh link and secret are mailed,
  // earlier links stop working; an active member stays active until the new link is used.
  Result<Invitation> reinvite(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id,
                              const Mailing& mailing);
  // Start-up: seals the TOTP secrets still stored plain; throws when a sealed one does not open
  // under the configured key. The number of values sealed.
  std::int64_t seal_stored_secrets();
  std::optional<Principal> authenticate(const std::string& token);
  void logout(const std::string& session_id);

  std::vector<Account> members(std::int64_t tenant_id);
  Result<Account> change_role(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id,
                              const std::string& role);
  Result<std::int64_t> revoke_sessions(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id);
  // Deactivates ("disabled": no sign-in, sessions ended, open links void) or reactivates ("active") a member;
  // a reactivated member who never enrolled is invited again. Not one's own; ranked as a role change.
  // invalid_field ("status"), staff_not_found, own_role, role_not_allowed. Audited staff.disable / staff.enable.
  Result<Account> set_status(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id,
                             const std::string& status);
  // Takes an invitation back: a member who never enrolled is removed (their link stops working).
  // staff_not_found, role_not_allowed, invalid_field ("status": the member has enrolled; deactivate instead).
  Result<Account> revoke_invitation(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id);

 private:
  std::string at(std::chrono::seconds from_now) const;
  void mail_invitation(const Invitation& invitation, std::int64_t mail_tenant, const std::string& site);

  StaffRepository& repository_;
  identity::SignInGuard& guard_;
  const TotpSeal& seal_;
  identity::Mailer& mailer_;
  const core::Clock& clock_;
  Text text_;
  Lifetimes lifetimes_;
};

// The audit entry of a write by `actor` (at, actor and call filled).
audit::Entry audit_entry(const Actor& actor, std::optional<std::int64_t> tenant_id, std::string action,
                         std::string object_type, std::string object_id, const std::string& now);
// An account as the audit log keeps it (no secrets).
boost::json::value audit_value(const Account& account);

}  // namespace portal::staff
