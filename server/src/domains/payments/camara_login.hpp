#pragma once
// The sign-in by the operator's network (issue 75 item 4; docs/decisions.md "Sign-in by the operator's network"):
// CAMARA Number Verification after the OpenID Connect authorization code flow with prompt=none, which the operator
// answers from the device's mobile connection; off the mobile network (Wi-Fi: the operator answers
// login_required), the operator's One Time Password SMS proves the number instead. Each attempt is a row of
// camara_logins (migration 0062) keyed by the authorization request's state: single use, 10 minutes, with its
// nonce and PKCE verifier (S256). The ID token is read from the token endpoint's answer over TLS (OpenID Connect
// Core 3.1.3.7: its issuer, audience, expiry and nonce are checked; the signature needs no check on that channel),
// and the number is the operator's answer to GET /device-phone-number with the three-legged token (spent by that
// one call). Blocking: call on the database pool.
#include <cstdint>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/camara_accounts.hpp"
#include "domains/payments/camara_client.hpp"

namespace portal::payments {

inline constexpr std::chrono::minutes kCamaraLoginLifetime{10};
inline constexpr int kCamaraLoginCodeTries = 3;

class CamaraLogin {
 public:
  CamaraLogin(db::Database& db, const CamaraAccounts& accounts, const CamaraClient& client, const core::Clock& clock)
      : db_(db), accounts_(accounts), client_(client), clock_(clock) {}

  // Whether the tenant's operator signs subscribers in by its network.
  bool offered(std::int64_t tenant_id) const;
  // A new attempt: the operator's authorization URL to send the browser to (nullopt when not offered). `callback`
  // is the redirect URI registered at the operator; `return_to` where the storefront continues.
  std::optional<std::string> start(std::int64_t tenant_id, const std::string& callback, const std::string& return_to,
                                   const std::string& lang);

  struct Attempt {
    std::string state;
    std::string return_to;
    std::string lang;
    std::optional<std::string> msisdn;  // the number a code was sent to (off the network)
    std::int64_t tries_left = 0;
  };
  // The attempt of `state` while it lasts (not used, not expired).
  std::optional<Attempt> attempt(std::int64_t tenant_id, const std::string& state) const;

  enum class Outcome { signed_in, off_network, failed };
  struct Finished {
    Outcome outcome = Outcome::failed;
    std::string msisdn;  // signed_in: the operator's number (digits)
    Attempt attempt;
  };
  // The operator's callback: its code (then the number) or its error (login_required and its kin: off the network).
  // nullopt: no attempt of that state (unknown, used or expired).
  std::optional<Finished> finish(std::int64_t tenant_id, const std::string& state, const std::string& code,
                                 const std::string& error, const std::string& callback);

  enum class Sent { sent, invalid_number, too_many, unavailable };
  // Off the network: the operator's code by SMS to the number typed (`message` has {{code}} where it goes).
  Sent send_code(std::int64_t tenant_id, const std::string& state, const std::string& msisdn, const std::string& message);
  struct Checked {
    bool signed_in = false;
    std::string msisdn;
    std::int64_t tries_left = 0;  // when not signed in: 0 means ask for a new code
  };
  // The code typed, checked by the operator (validate-code and its attempt limit); signed in ends the attempt.
  std::optional<Checked> check_code(std::int64_t tenant_id, const std::string& state, const std::string& code);

 private:
  db::Database& db_;
  const CamaraAccounts& accounts_;
  const CamaraClient& client_;
  const core::Clock& clock_;
};

}  // namespace portal::payments
