#pragma once
// Throttled password sign-in, shared by the realms that sign people in with a
// password: the customers' (IdentityService) and the staff's (StaffService).
// Failures are counted in the database (ThrottleRepository: every instance
// sees them) per account and address (a progressive delay), per account from
// anywhere and per address for any account (ceilings in a window); an unknown
// account is counted like a known one, so the answers never tell them apart.
// A device cookie (OWASP "Slow down online guessing attacks with device
// cookies") marks a browser that signed in to the account before: while its
// own failures stay under ThrottleLimits::per_device it passes the account's
// limits, so a stranger who fails on purpose cannot lock the owner out.
// Blocking (SQL): call on the database pool.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "domains/identity/identity_errors.hpp"
#include "domains/identity/identity_types.hpp"
#include "domains/identity/throttle_repository.hpp"

namespace portal::identity {

// Entries a device cookie keeps (accounts signed in on one browser).
inline constexpr std::size_t kDeviceCookieEntries = 4;

class SignInGuard {
 public:
  // `realm` keeps one realm's counts and device cookies apart from another's
  // ("" for the customers, whose subjects are the bare e-mail and address).
  SignInGuard(ThrottleRepository& throttle, const core::Clock& clock, ThrottleLimits limits, std::string realm = {});

  // The key device cookies are signed with (db::shared_secret, so every
  // instance agrees); until set, a random key of this process.
  void set_device_key(std::string key) { device_key_ = std::move(key); }
  const ThrottleLimits& limits() const { return limits_; }

  // An attempt let through: the device cookie's nonce when the browser's
  // cookie vouched for the account (and has not failed too often).
  struct Admission {
    std::optional<std::string> device;
    bool known_device() const { return device.has_value(); }
  };
  // Before the password is checked: a known device passes; any other attempt
  // meets the account's and the address's limits (429 too_many_attempts).
  Result<Admission> admit(std::int64_t tenant_id, const std::string& account, const std::string& address,
                          std::string_view device_cookie);
  // A failed attempt, counted against the device alone when it vouched, else
  // against the account, the address and the pair. True when this failure
  // closed the account to strangers (its ceiling reached just now).
  bool failed(std::int64_t tenant_id, const Admission& admission, const std::string& account,
              const std::string& address);
  // A successful attempt: the pair's delay ends.
  void succeeded(std::int64_t tenant_id, const std::string& account, const std::string& address);
  // The device cookie to set after a successful sign-in of `email`: a fresh
  // entry for this account, then the cookie's entries for other accounts of
  // this browser (kDeviceCookieEntries in all).
  std::string device_cookie(std::int64_t tenant_id, std::string_view email, std::string_view current_cookie) const;

  // The limits without a device (a password asked again for a change).
  Result<void> check(std::int64_t tenant_id, const std::string& account, const std::string& address);
  void record_failure(std::int64_t tenant_id, const std::string& account, const std::string& address);
  // Forgets the account's failures from anywhere and from each address (a lock lifted, a new password).
  void forget_account(std::int64_t tenant_id, const std::string& account);
  // Counts one request of `scope` for `subject`; 429 too_many_requests when
  // `limit` were already made in the request window.
  Result<void> take_request(std::int64_t tenant_id, ThrottleScope scope, const std::string& subject, int limit);

 private:
  std::string subject(const std::string& s) const { return realm_.empty() || s.empty() ? s : realm_ + "|" + s; }
  std::optional<std::string> device_nonce(std::int64_t tenant_id, const std::string& email,
                                          std::string_view cookie) const;
  std::string device_mac(std::int64_t tenant_id, const std::string& email, std::string_view nonce) const;

  ThrottleRepository& throttle_;
  const core::Clock& clock_;
  ThrottleLimits limits_;
  std::string realm_;
  std::string device_key_;
};

}  // namespace portal::identity
