#pragma once
// The rules of identity (docs/contracts.md "Identity"): sign-in with
// throttling, registration, operator (MSISDN) sign-in, one-time codes,
// sessions with rotating refresh tokens and reuse detection, profile,
// theme and language, password reset, devices.
//
// Expected failures are core::Error values: 400 VALIDATION_ERROR naming the
// field, 400 INVALID_CREDENTIALS (never saying whether the e-mail exists),
// 400 INVALID_CODE, 400 RESET_SESSION_INVALID, 401 UNAUTHORIZED, 409
// EMAIL_ALREADY_USED, 429 TOO_MANY_ATTEMPTS / TOO_MANY_REQUESTS with
// data.retryAfter (seconds).
// Every method blocks (SQL, argon2id): call it on the database pool.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "domains/identity/identity_types.hpp"
#include "domains/identity/throttle_repository.hpp"

namespace portal::identity {

class UsersRepository;
class TokensRepository;
class DevicesRepository;
class Mailer;
struct IssuedHashes;

// Trimmed and lower-cased.
std::string normalize_email(std::string_view email);
bool valid_email(std::string_view normalized);
// "+49 170 1234567" -> "491701234567"; "" when not 6 to 15 digits.
std::string normalize_msisdn(std::string_view msisdn);
// Trims and checks name, lastName, email and userInformation.
core::Result<ProfileInput> validate_profile(ProfileInput input);
core::Result<void> validate_password(std::string_view password);
// The 429 answers: failed sign-ins, and too many registrations or reset mails.
core::Error too_many_attempts(std::chrono::seconds retry_after);
core::Error too_many_requests(std::chrono::seconds retry_after);

struct Registration {
  std::string name;
  std::string last_name;
  std::string email;
  std::string password;
};

// A mail in the reader's language; "{{link}}" in body is replaced.
struct MailText {
  std::string subject;
  std::string body;
  std::string lang = "en";  // of the HTML alternative (right-to-left for ar)
};

class IdentityService {
 public:
  struct Repositories {
    UsersRepository& users;
    TokensRepository& tokens;
    ThrottleRepository& throttle;
    DevicesRepository& devices;
  };
  IdentityService(Repositories repositories, Mailer& mailer, const core::Clock& clock, Lifetimes lifetimes = {},
                  ThrottleLimits limits = {});

  core::Result<User> sign_in(std::int64_t tenant_id, std::string_view email, std::string_view password,
                             const std::string& client_address);
  core::Result<User> register_user(std::int64_t tenant_id, Registration input, const std::string& client_address);
  // The subscriber an operator assertion (operator_assertion.hpp) vouches for,
  // signed with `secret` for `tenant_name`; created on first sight. 401
  // UNAUTHORIZED when the assertion is missing, forged, expired or unsigned.
  core::Result<User> operator_sign_in(std::int64_t tenant_id, std::string_view tenant_name, std::string_view secret,
                                      std::string_view assertion);
  // A fresh assertion for `msisdn`, valid for `lifetime` (the dev operator page
  // plays the operator's gateway); "" when the number is not 6 to 15 digits.
  std::string operator_assertion(std::string_view tenant_name, std::string_view secret, std::string_view msisdn,
                                 std::chrono::seconds lifetime) const;

  // A one-time code for the canonical redirect URL (redirects.hpp).
  std::string issue_code(std::int64_t tenant_id, const User& user, const std::string& canonical_redirect);
  core::Result<TokenPair> exchange_code(std::int64_t tenant_id, std::string_view code, std::string_view redirect_url);
  core::Result<TokenPair> open_session(std::int64_t tenant_id, const User& user);
  core::Result<TokenPair> refresh(std::int64_t tenant_id, std::string_view refresh_token);
  core::Result<Authenticated> authenticate(std::int64_t tenant_id, std::string_view access_token);
  void logout(std::int64_t tenant_id, const std::string& session_id);

  core::Result<User> profile(std::int64_t tenant_id, const std::string& uuid);
  core::Result<User> update_profile(std::int64_t tenant_id, const std::string& uuid, ProfileInput input);
  core::Result<User> set_theme(std::int64_t tenant_id, const std::string& uuid, bool alternate);
  core::Result<User> set_lang(std::int64_t tenant_id, const std::string& uuid, std::string_view lang);

  // Mails link_base + "?session=<token>" when the e-mail belongs to a user
  // with a password; does nothing otherwise (the caller answers the same).
  // 429 TOO_MANY_REQUESTS past the limits per address and per e-mail, which
  // count every request, so the answer never tells whether the e-mail exists.
  core::Result<void> request_password_reset(std::int64_t tenant_id, std::string_view email, const std::string& link_base,
                                            const MailText& text, const std::string& client_address);
  core::Result<void> reset_password(std::int64_t tenant_id, std::string_view session, std::string_view password);

  // The device of the cookie id (a UUID) or a new one, recorded per tenant.
  DeviceDto device(std::int64_t tenant_id, std::string_view cookie_id, std::string_view user_agent);

  const Lifetimes& lifetimes() const { return lifetimes_; }

 private:
  core::Result<void> check_sign_in(std::int64_t tenant_id, const std::string& account, const std::string& address);
  void record_failure(std::int64_t tenant_id, const std::string& account, const std::string& address);
  // Counts one request of `scope` for `subject`; 429 when `limit` were already made in the request window.
  core::Result<void> take_request(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject, int limit);
  TokenPair new_pair(IssuedHashes& hashes) const;
  std::string now_text() const;
  std::string later_text(std::chrono::seconds d) const;

  Repositories repos_;
  Mailer& mailer_;
  const core::Clock& clock_;
  Lifetimes lifetimes_;
  ThrottleLimits limits_;
};

}  // namespace portal::identity
