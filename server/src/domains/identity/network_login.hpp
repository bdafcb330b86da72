#pragma once
// The sign-in by the operator's network, as the hosted pages ask for it (issue 75 item 4; docs/decisions.md "Sign-in
// by the operator's network"): a tenant's mobile operator that recognises its subscribers on its network (CAMARA
// Number Verification after OpenID Connect with prompt=none), and off the network proves the number with its own
// code by SMS. The composition root fills it from the payments domain's CAMARA operator (app/network_login.cpp), so
// identity knows no provider; absent (nullptr in RouteDeps), no tenant has it. Every call blocks: database pool.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace portal::identity {

struct NetworkLogin {
  struct Attempt {
    std::string state;
    std::string return_to;  // the storefront's address (canonical, allowed when the attempt began)
    std::string lang;
    std::optional<std::string> msisdn;  // off the network: the number the code went to
    std::int64_t tries_left = 0;
  };
  enum class Outcome { signed_in, off_network, failed };
  struct Finished {
    Outcome outcome = Outcome::failed;
    std::string msisdn;
    Attempt attempt;
  };
  enum class Sent { sent, invalid_number, too_many, unavailable };
  struct Checked {
    bool signed_in = false;
    std::string msisdn;
    std::int64_t tries_left = 0;
  };

  // Whether the tenant's operator signs subscribers in by its network.
  std::function<bool(std::int64_t tenant_id)> offered;
  // The operator's authorization URL of a new attempt (nullopt: not offered).
  std::function<std::optional<std::string>(std::int64_t tenant_id, const std::string& callback,
                                           const std::string& return_to, const std::string& lang)>
      start;
  std::function<std::optional<Attempt>(std::int64_t tenant_id, const std::string& state)> attempt;
  // The operator's callback (its code or its error); nullopt: no such attempt (unknown, used, expired).
  std::function<std::optional<Finished>(std::int64_t tenant_id, const std::string& state, const std::string& code,
                                        const std::string& error, const std::string& callback)>
      finish;
  std::function<Sent(std::int64_t tenant_id, const std::string& state, const std::string& msisdn,
                     const std::string& message)>
      send_code;
  std::function<std::optional<Checked>(std::int64_t tenant_id, const std::string& state, const std::string& code)> check_code;
};

}  // namespace portal::identity
