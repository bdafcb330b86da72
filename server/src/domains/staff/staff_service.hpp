#pragma once
// The staff realm's rules (docs/staff.md): invitations, accepting one (a
// password and an enrolled TOTP authenticator), sign-in with e-mail,
// password and a code, sessions that end (8 h, 30 idle minutes, revocation),
// roles and who may grant them. Every write of a person is recorded in the
// audit log in the same transaction. Returns Result<T> (staff_types.hpp);
// knows no HTTP. Blocking (argon2id, SQL): call on the database pool.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/staff/staff_repository.hpp"
#include "domains/staff/staff_types.hpp"

namespace portal::staff {

struct Lifetimes {
  std::chrono::seconds session{8 * 3600};     // absolute, from sign-in
  std::chrono::seconds idle{30 * 60};         // without a call
  std::chrono::seconds invitation{72 * 3600};
  std::chrono::seconds lock{15 * 60};         // after kMaxFailures wrong sign-ins
};
inline constexpr std::int64_t kMaxFailures = 5;

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
};

class StaffService {
 public:
  // A translated text: language, key below "hosted.staff.", {{site}} filled by the caller's texts.
  using Text = std::function<std::string(const std::string& lang, std::string_view key, const std::string& site)>;

  StaffService(StaffRepository& repository, identity::Mailer& mailer, const core::Clock& clock, Text text,
               Lifetimes lifetimes = {})
      : repository_(repository), mailer_(mailer), clock_(clock), text_(std::move(text)), lifetimes_(lifetimes) {}

  Result<Invitation> invite(const Actor& actor, InviteInput input);
  Result<InvitationView> invitation(const std::string& token, const std::string& issuer);
  Result<Account> accept(const std::string& token, const std::string& password, const std::string& code,
                         const std::string& client_address, const std::string& request_id);

  // tenant_id: the tenant the sign-in comes through; its members first, then the platform's.
  Result<SignedIn> login(std::int64_t tenant_id, const std::string& email, const std::string& password,
                         const std::string& code, const std::string& client_address);
  std::optional<Principal> authenticate(const std::string& token);
  void logout(const std::string& session_id);

  std::vector<Account> members(std::int64_t tenant_id);
  Result<Account> change_role(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id,
                              const std::string& role);
  Result<std::int64_t> revoke_sessions(const Actor& actor, std::int64_t tenant_id, const std::string& staff_id);

 private:
  std::string now_text() const;
  std::string at(std::chrono::seconds from_now) const;

  StaffRepository& repository_;
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
