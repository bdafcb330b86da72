#pragma once
// The API flow of a checkout: the operator flow (an MSISDN gets a PIN by SMS,
// the PIN pays) and a card saved at an earlier checkout; and the one-call
// variant that subscribes to a type and takes the step at once. Blocking (SQL).
#include <optional>
#include <string>

#include "domains/subscriptions/checkout_flow.hpp"

namespace portal::subscriptions {

// What the step sends: an MSISDN (the PIN is sent to it) or the PIN it got;
// neither means the saved card (or, for the operator, an invalid MSISDN).
struct ApiStep {
  std::optional<std::string> msisdn;
  std::optional<std::string> pin;
};

class ApiFlow {
 public:
  ApiFlow(Context& ctx, CheckoutFlow& checkout) : ctx_(ctx), checkout_(checkout) {}

  // The step for the checkout option `option_uuid`: PinSent, Paid, Pending.
  Result<Purchase> step(const Caller& c, const std::string& option_uuid, const ApiStep& in);
  // Subscribes to `type_id` (`upgrade`: replacing the held level of its group)
  // and takes the step with its API option (operator step) or its other one.
  Result<Purchase> for_type(const Caller& c, std::int64_t type_id, const std::string& redirect, const ApiStep& in,
                            bool upgrade);

 private:
  Context& ctx_;
  CheckoutFlow& checkout_;
};

}  // namespace portal::subscriptions
