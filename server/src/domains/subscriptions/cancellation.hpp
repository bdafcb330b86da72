#pragma once
// Cancelling a subscription: it stays ACTIVE until its end date and is not
// renewed; a plan with a cancelUrl is cancelled there instead. Blocking (SQL).
#include <optional>
#include <string>

#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/service_types.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"

namespace portal::subscriptions {

struct Cancelled {
  SubscriptionView view;                       // after the cancel
  std::optional<std::string> redirection_url;  // where the user cancels (the plan's cancelUrl) or returns to
};

class Cancellation {
 public:
  explicit Cancellation(Context& ctx) : ctx_(ctx) {}
  // `redirection`: where to return, kept only when it is the tenant's.
  Result<Cancelled> cancel(const Caller& c, const std::string& id, const std::optional<std::string>& redirection);

 private:
  Context& ctx_;
};

}  // namespace portal::subscriptions
