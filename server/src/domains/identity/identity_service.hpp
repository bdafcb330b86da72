#pragma once
// The rules of identity (docs/contracts.md "Identity"): sign-in with
// throttling, registration, operator (MSISDN) sign-in, one-time codes,
// sessions with rotating refresh tokens and reuse detection, profile,
// theme and language, password reset, devices.
//
// Expected failures are identity::Error values (identity_errors.hpp; their
// statuses and codes in identity_answers.cpp): an invalid field, invalid
// credentials (never saying whether the e-mail exists), an invalid code,
// reset session or link, unauthorized, the current password wrong, the e-mail
// already used (only when a confirmation link finds its address taken), too
// many attempts or requests with retry_after (seconds); for support, no such
// user and no verified e-mail address.
// Every method blocks (SQL, argon2id): call it on the database pool.
#include <chrono>
#include <cstdint>
#include <optional>
#include <functional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "domains/identity/identity_errors.hpp"
#include "domains/identity/identity_types.hpp"
#include "domains/identity/sign_in_guard.hpp"
#include "domains/identity/throttle_repository.hpp"

namespace portal::identity {

class UsersRepository;
class TokensRepository;
class DevicesRepository;
class Mailer;
struct IssuedHashes;
struct RefreshState;

// Trimmed and lower-cased.
std::string normalize_email(std::string_view email);
bool valid_email(std::string_view normalized);
// "+49 170 1234567" -> "491701234567"; "" when not 6 to 15 digits.
std::string normalize_msisdn(std::string_view msisdn);
// Trims and checks name, lastName, email and userInformation.
Result<ProfileInput> validate_profile(ProfileInput input);
Result<void> validate_password(std::string_view password);
// The throttles (TOO_MANY_REQUESTS): failed sign-ins, and too many registrations or reset mails.
Error too_many_attempts(std::chrono::seconds retry_after);
Error too_many_requests(std::chrono::seconds retry_after);

struct Registration {
  std::string name;
  std::string last_name;
  std::string email;
  std::string password;
  std::string redirect_url;  // canonical and allowed (redirects.hpp): where the confirmed user goes, signed in
};

// A mail in the reader's language; "{{link}}" in body is replaced (and
// "{{email}}" where a mail names an address).
struct MailText {
  std::string subject;
  std::string body;
  std::string lang = "en";  // of the HTML alternative (right-to-left for ar)
};

// The mails of a registration or an e-mail change, in the reader's language;
// every link is absolute, built from the tenant's configured origin.
struct ConfirmationMails {
  std::string link_prefix;  // the confirmation page's URL up to the token ("...?lang=en&token=")
  MailText confirm;         // to the new address: {{link}} confirms it
  MailText taken;           // to the new address when an account has it: {{link}} is `sign_in_url`
  std::string sign_in_url;
  MailText notice;          // e-mail change: to the old address, {{email}} the new one, {{link}} `reset_url`
  std::string reset_url;
};

// A confirmed registration: the new user and where they go, signed in.
struct Confirmed {
  User user;
  std::string redirect_url;
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

  // `device_cookie` is the browser's device cookie (""): an entry signed for
  // this account whose own failures stay under ThrottleLimits::per_device
  // marks the owner's browser, which the account's limits (the pair delay,
  // the account and the address ceilings) do not stop; its failures count
  // against it only (OWASP "device cookies"; SignInGuard, which the staff's
  // sign-in shares).
  Result<User> sign_in(std::int64_t tenant_id, std::string_view email, std::string_view password,
                             const std::string& client_address, std::string_view device_cookie = {});
  // The device cookie to set after a successful sign-in of `email`: a fresh
  // entry for this account, then the cookie's entries for other accounts of
  // this browser (kDeviceCookieEntries in all).
  std::string device_cookie(std::int64_t tenant_id, std::string_view email, std::string_view current_cookie) const {
    return guard_.device_cookie(tenant_id, email, current_cookie);
  }
  // The key device cookies are signed with (db::shared_secret, so every
  // instance agrees); until set, a random key of this process.
  void set_device_key(std::string key) { guard_.set_device_key(std::move(key)); }

  // Starts a registration and answers the same whether the e-mail has an
  // account or not: a new address gets `mails.confirm` with a link (the
  // account is made when it is used, confirm_registration), a known one gets
  // `mails.taken`. Both cost the same password hash. TOO_MANY_REQUESTS
  // past the limits per address and per e-mail.
  Result<void> register_user(std::int64_t tenant_id, Registration input, const ConfirmationMails& mails,
                                   const std::string& client_address);
  // Uses a registration link once: the new user. LINK_INVALID when the
  // link is unknown, used or expired; EMAIL_ALREADY_USED when the address
  // got an account meanwhile.
  // `lang`: the confirmation page's language (the registration's: its link carries it), kept as the account's
  // language, which its mails use (issue 73 item 3).
  Result<Confirmed> confirm_registration(std::int64_t tenant_id, std::string_view token,
                                         std::optional<std::string> lang = std::nullopt);
  // The subscriber an operator assertion (operator_assertion.hpp) vouches for,
  // signed with `secret` for `tenant_name`; created on first sight.
  // UNAUTHORIZED when the assertion is missing, forged, expired or unsigned.
  Result<User> operator_sign_in(std::int64_t tenant_id, std::string_view tenant_name, std::string_view secret,
                                      std::string_view assertion);
  // The subscriber of a number the operator's network vouched for itself (CAMARA Number Verification, or its One
  // Time Password SMS off the mobile network): found, or created on first sight. invalid_field (msisdn) otherwise.
  Result<User> number_sign_in(std::int64_t tenant_id, std::string_view msisdn);
  // A fresh assertion for `msisdn`, valid for `lifetime` (the dev operator page
  // plays the operator's gateway); "" when the number is not 6 to 15 digits.
  std::string operator_assertion(std::string_view tenant_name, std::string_view secret, std::string_view msisdn,
                                 std::chrono::seconds lifetime) const;

  // A one-time code for the canonical redirect URL (redirects.hpp).
  std::string issue_code(std::int64_t tenant_id, const User& user, const std::string& canonical_redirect);
  Result<TokenPair> exchange_code(std::int64_t tenant_id, std::string_view code, std::string_view redirect_url);
  Result<TokenPair> open_session(std::int64_t tenant_id, const User& user);
  Result<TokenPair> refresh(std::int64_t tenant_id, std::string_view refresh_token);
  Result<Authenticated> authenticate(std::int64_t tenant_id, std::string_view access_token);
  void logout(std::int64_t tenant_id, const std::string& session_id);

  // With pending_email set.
  Result<User> profile(std::int64_t tenant_id, const std::string& uuid);
  std::optional<std::string> pending_email(std::int64_t tenant_id, const std::string& uuid);
  // Saves name, last name and userInformation. A new e-mail needs
  // `current_password` (checked and throttled like a sign-in:
  // VALIDATION_ERROR when missing, CURRENT_PASSWORD_WRONG, TOO_MANY_REQUESTS) and then
  // waits for the link mailed to it; the old address is told. The answer is
  // the same whether another account has the new address or not.
  Result<User> update_profile(std::int64_t tenant_id, const std::string& uuid, ProfileInput input,
                                    std::string_view current_password, const ConfirmationMails& mails,
                                    const std::string& client_address);
  // Whether `password` is the account's (privacy: deleting the account), checked
  // and throttled like a sign-in: currentPassword required,
  // CURRENT_PASSWORD_WRONG, TOO_MANY_REQUESTS. False (and no check) when the account has no
  // password (an operator sign-in): the caller asks for a fresh sign-in instead.
  Result<bool> check_current_password(std::int64_t tenant_id, const std::string& uuid, std::string_view password,
                                      const std::string& client_address);
  // Uses an e-mail-change link once: the user with the new address.
  // LINK_INVALID, EMAIL_ALREADY_USED as confirm_registration.
  Result<User> confirm_email(std::int64_t tenant_id, std::string_view token);
  Result<User> set_theme(std::int64_t tenant_id, const std::string& uuid, bool alternate);
  Result<User> set_lang(std::int64_t tenant_id, const std::string& uuid, std::string_view lang);

  // Mails link_base + "?session=<token>" when the e-mail belongs to a user
  // with a password; does nothing otherwise (the caller answers the same).
  // TOO_MANY_REQUESTS past the limits per address and per e-mail, which
  // count every request, so the answer never tells whether the e-mail exists.
  Result<void> request_password_reset(std::int64_t tenant_id, std::string_view email, const std::string& link_base,
                                            const MailText& text, const std::string& client_address);
  // Sets the password, ends every session of the user and drops a pending e-mail change.
  Result<void> reset_password(std::int64_t tenant_id, std::string_view session, std::string_view password);

  // ---- support (issue 34). `record` runs in the write's transaction (its audit entry).
  using Record = std::function<void(db::Session&)>;
  // Ends every session (and so every access and refresh token) of the user: the count.
  // USER_NOT_FOUND unless the user is the tenant's.
  Result<std::int64_t> end_sessions(std::int64_t tenant_id, const std::string& uuid, const Record& record);
  // Clears the failed sign-ins that lock the account (from anywhere and from each address).
  Result<std::int64_t> lift_sign_in_lock(std::int64_t tenant_id, const std::string& uuid, const Record& record);
  // The reset flow of request_password_reset, asked by support: the mail goes to the user's
  // verified address (users.email, never a pending change); NO_EMAIL without one. Not
  // counted against the user's request limits. The address it went to.
  Result<std::string> send_password_reset(std::int64_t tenant_id, const std::string& uuid,
                                          const std::string& link_base, const MailText& text);

  // The device of the cookie id (a UUID) or a new one, recorded per tenant.
  DeviceDto device(std::int64_t tenant_id, std::string_view cookie_id, std::string_view user_agent);

  const Lifetimes& lifetimes() const { return lifetimes_; }

 private:
  Result<void> check_sign_in(std::int64_t tenant_id, const std::string& account, const std::string& address);
  void record_failure(std::int64_t tenant_id, const std::string& account, const std::string& address);
  // Counts one request of `scope` for `subject`; refused when `limit` were already made in the request window.
  Result<void> take_request(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject, int limit);
  // The successor pair a used refresh token may answer again within the grace period.
  std::optional<TokenPair> grace_answer(std::int64_t tenant_id, std::string_view refresh_token,
                                        const RefreshState& state);
  void mail(std::int64_t tenant_id, const std::string& to, const MailText& text, const std::string& link,
            const std::string& email = {});
  TokenPair new_pair(IssuedHashes& hashes) const;
  std::string later_text(std::chrono::seconds d) const;

  Repositories repos_;
  Mailer& mailer_;
  const core::Clock& clock_;
  Lifetimes lifetimes_;
  ThrottleLimits limits_;
  SignInGuard guard_;
};

}  // namespace portal::identity
