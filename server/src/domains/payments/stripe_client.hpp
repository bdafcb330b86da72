#pragma once
// Stripe's HTTP API as the portal calls it (https://docs.stripe.com/api): form-encoded requests with
// bracketed keys, JSON answers, the tenant's secret key as a Bearer token, the API version pinned to the one
// the portal was written and tested against, and an Idempotency-Key on every POST so that a retry after a
// timeout or a crash answers the first call's result and moves no money twice. Blocking: call it on the
// database pool or a worker's thread, never on an I/O thread.
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "domains/payments/payments_errors.hpp"

namespace portal::payments {

// The API version of Stripe's published document the tests check every call against
// (server/tests/api/fixtures/stripe): answers keep this shape whatever the account's default is.
inline constexpr std::string_view kStripeApiVersion = "2020-08-27";

// Form fields in order: {"line_items[0][quantity]", "1"}.
using StripeForm = std::vector<std::pair<std::string, std::string>>;

struct StripeAnswer {
  int status = 0;
  boost::json::value body;  // the object, or {"error": {...}}
  bool replayed = false;    // Idempotent-Replayed: the first call's answer, given again
  bool ok() const { return status >= 200 && status < 300; }
  // error.code / error.decline_code / error.message, "" when absent.
  std::string error(std::string_view member) const;
};

class StripeClient {
 public:
  // "https://api.stripe.com" in production; the tests' Stripe server behind Prism otherwise.
  explicit StripeClient(std::string api_base);
  const std::string& api_base() const { return base_; }
  // Throws std::runtime_error when Stripe cannot be reached or answers no JSON.
  StripeAnswer post(std::string_view secret_key, std::string_view path, const StripeForm& form,
                    std::string_view idempotency_key) const;
  StripeAnswer get(std::string_view secret_key, std::string_view path) const;

 private:
  StripeAnswer call(std::string_view method, std::string_view secret_key, std::string_view path, const std::string& body,
                    std::string_view idempotency_key) const;
  std::string base_;
};

// Whether Stripe takes `secret_key` for what the portal asks of it (one Checkout Session listed, which a restricted
// key for Checkout may do): nullopt when it does; invalid_key (secretKey) when Stripe refuses it;
// provider_unavailable when Stripe could not be asked or answered otherwise. Blocking (network).
std::optional<Error> check_secret_key(const StripeClient& client, std::string_view secret_key);

// "a b&c" -> "a%20b%26c" (application/x-www-form-urlencoded as Stripe reads it).
std::string form_encode(const StripeForm& form);

// One path segment of a call to Stripe: everything but letters, digits, '-', '_' and '~' percent-encoded
// (the dot too), so a value that came from outside ("pi_x/../../v1/refunds?...") stays one segment and
// cannot reach another resource.
std::string path_segment(std::string_view text);

// A Stripe object's id as Stripe writes them ("pi_3Mtw…", "re_…"): ASCII letters, digits and '_', 1 to 255 of
// them. An id in an event or a stored reference that is not one names nothing the portal asks Stripe about.
bool is_stripe_id(std::string_view id);

}  // namespace portal::payments
