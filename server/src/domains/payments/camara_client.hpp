#pragma once
// A tenant's CAMARA operator as the portal calls it (server/tests/contracts/camara): JSON over HTTPS under the
// operator's API root, an x-correlator on every call, and the access tokens of the CAMARA security profile:
//  - two-legged calls (Carrier Billing, its refunds, One Time Password SMS) carry a client_credentials token for the
//    portal's scopes, asked with the client's JWT assertion (camara_jwt.hpp) and kept until a minute before it
//    expires; a call answered 401 asks a new token once;
//  - three-legged ones (Number Verification) carry the token of an authorization code the subscriber's network gave
//    (OpenID Connect with prompt=none: camara_login.hpp), which is spent by one call.
// The issuer's endpoints come from its discovery document (kept an hour). Blocking: call it on the database pool or
// a worker's thread, never on an I/O thread. Throws std::runtime_error when the operator cannot be reached.
#include <boost/json/value.hpp>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "domains/payments/camara_accounts.hpp"
#include "domains/payments/payments_errors.hpp"

namespace portal::payments {

// The base paths of the API versions the portal was written and tested against (the vendored YAML's servers).
inline constexpr std::string_view kCamaraBilling = "/carrier-billing/v0.5";
inline constexpr std::string_view kCamaraRefunds = "/carrier-billing-refund/v0.3";
inline constexpr std::string_view kCamaraOtp = "/one-time-password-sms/v1";
inline constexpr std::string_view kCamaraNumberVerification = "/number-verification/v2";
// What the portal's two-legged token asks for: every operation of the three two-legged APIs it calls.
inline constexpr std::string_view kCamaraTwoLeggedScopes =
    "carrier-billing:payments:create carrier-billing:payments:read carrier-billing:payments:write "
    "carrier-billing-refund:refunds:create carrier-billing-refund:refunds:read one-time-password-sms:send-validate";
inline constexpr std::string_view kCamaraShareScope = "number-verification:device-phone-number:read";
inline constexpr std::string_view kCamaraVerifyScope = "number-verification:verify";

struct CamaraAnswer {
  int status = 0;
  boost::json::value body;  // null when the answer had none (204, 202)
  bool ok() const { return status >= 200 && status < 300; }
  // A member of the body ("code", "paymentStatus"), "" when absent.
  std::string text(std::string_view member) const;
};

struct CamaraEndpoints {
  std::string authorization;
  std::string token;
};

// The operator's token endpoint refused the client (invalid_client, invalid_scope): its credentials are wrong.
struct CamaraRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class CamaraClient {
 public:
  explicit CamaraClient(const core::Clock& clock) : clock_(clock) {}

  CamaraEndpoints endpoints(const CamaraAccount& a) const;
  // The two-legged token (throws CamaraRefused or std::runtime_error).
  std::string token(const CamaraAccount& a) const;
  // One call under the API root with the two-legged token; `body` null for a GET.
  CamaraAnswer call(const CamaraAccount& a, std::string_view method, const std::string& path,
                    const boost::json::value& body, std::string_view correlator) const;
  // One call with a three-legged token.
  CamaraAnswer call_as(const CamaraAccount& a, std::string_view bearer, std::string_view method, const std::string& path,
                       const boost::json::value& body, std::string_view correlator) const;
  // The token endpoint's answer to an authorization code (PKCE verifier included).
  CamaraAnswer exchange_code(const CamaraAccount& a, const std::string& code, const std::string& redirect_uri,
                             const std::string& verifier) const;
  // Whether the operator gives the candidate a token: nullopt when it does; invalid_key (clientSecret) when it
  // refuses the client; provider_unavailable when it cannot be asked.
  std::optional<Error> check(const CamaraAccount& candidate) const;
  // How many tokens it asked for (the tests' check that one is kept until it expires is the operator's count).
  int tokens_asked() const;

 private:
  struct Kept {
    std::string token;
    std::chrono::system_clock::time_point until;
  };
  std::string ask_token(const CamaraAccount& a) const;
  void forget(const CamaraAccount& a) const;
  const core::Clock& clock_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, Kept, std::less<>> tokens_;  // by tenant, version and client
  mutable std::map<std::string, std::pair<CamaraEndpoints, std::chrono::system_clock::time_point>, std::less<>> discovered_;
  mutable int asked_ = 0;
};

// An amount in minor units as CAMARA writes it (a decimal number of the currency's units: 150 SAR minor -> 1.5),
// and back; the currency's ISO 4217 exponent (0, 2 or 3).
int currency_exponent(std::string_view currency);
double camara_amount(std::int64_t minor, std::string_view currency);
std::int64_t minor_units(double amount, std::string_view currency);

}  // namespace portal::payments
