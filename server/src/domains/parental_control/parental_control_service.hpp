#pragma once
// Parental control (commerce §3, §5, §7): the account's settings, the
// password check with its lock-out, and the reset by a mailed code. Every
// method blocks (SQL, argon2id): call it on the database pool. Knows nothing
// of HTTP; answers parental_control::Error values (parental_control_errors.hpp;
// the statuses below are what parental_control_answers.cpp answers them with).
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "domains/parental_control/parental_control_errors.hpp"
#include "domains/parental_control/parental_control_repository.hpp"
#include "domains/parental_control/parental_control_types.hpp"

namespace portal::identity {
class Mailer;
}

namespace portal::parental_control {

// The address a user's mail goes to, if any (identity's users, through app.cpp).
using EmailLookup = std::function<std::optional<std::string>(std::int64_t tenant_id, const std::string& user_uuid)>;

// The reset mail's texts in the user's language; "{{code}}" in body is the code.
struct ResetMailText {
  std::string subject;
  std::string body;
};

struct ResetMail {
  std::string recipient;  // partly hidden
  std::chrono::seconds expires_in{};
};

class ParentalControlService {
 public:
  ParentalControlService(ParentalControlRepository& repository, identity::Mailer& mailer, EmailLookup email,
                         const core::Clock& clock)
      : repository_(repository), mailer_(mailer), email_(std::move(email)), clock_(clock) {}

  // The account, or nullopt when the user never set one.
  std::optional<Account> account(std::int64_t tenant_id, const std::string& user_uuid);
  // The limit the request carries (maxAgeGroup while active).
  std::optional<int> active_limit(std::int64_t tenant_id, const std::string& user_uuid);

  // Creates or changes the account. A first call needs password (4-64
  // characters) and maxAgeGroup; a change needs currentPassword, checked like
  // verify (it counts towards the lock).
  Result<Account> update(std::int64_t tenant_id, const std::string& user_uuid, const Settings& settings);

  // PARENTAL_PASSWORD_WRONG (data: field, reason, attemptsLeft),
  // TOO_MANY_ATTEMPTS while locked (data: retryAfter), not found without an account.
  Result<void> verify(std::int64_t tenant_id, const std::string& user_uuid, const std::string& password);

  // Mails a random 8-digit code (valid 15 minutes, single use; only its hash
  // is kept). Not found without an account, NO_EMAIL without an address, TOO_MANY_REQUESTS
  // after kResetMailsPerHour mails in an hour.
  // Empty texts fall back to English.
  Result<ResetMail> send_reset_code(std::int64_t tenant_id, const std::string& user_uuid,
                                    const ResetMailText& text = {});

  // Sets a new parental password with a mailed code. A wrong, used or expired
  // code is RESET_CODE_INVALID and counts towards the lock.
  Result<void> reset(std::int64_t tenant_id, const std::string& user_uuid, const std::string& code,
                     const std::string& new_password);

 private:
  // Takes one attempt and checks `ok` against it; the lock and the count.
  Result<void> attempt(std::int64_t tenant_id, const std::string& user_uuid, const std::function<bool()>& ok,
                       Error wrong);

  ParentalControlRepository& repository_;
  identity::Mailer& mailer_;
  EmailLookup email_;
  const core::Clock& clock_;
};

// "anna@example.com" -> "a***@example.com".
std::string hidden_address(const std::string& email);
Result<void> validate_password(const std::string& password, std::string_view field);

}  // namespace portal::parental_control
