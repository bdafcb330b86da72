#pragma once
// What partners call: metadata on a subscription, external (partner) codes,
// the redirection that opens a checkout for a partner's user, and whether a
// subscription unlocks the voucher book. Blocking (SQL).
// free-form: partner metadata is the partner's own object, stored and answered verbatim.
#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "domains/subscriptions/checkout_flow.hpp"

namespace portal::subscriptions {

struct ExternalCodeValidity {
  int validity = 2;  // 1 valid, 2 unknown, 3 expired, 4 in use by a pending subscription
  std::optional<std::int64_t> type_id;
};

// Where the partner's user continues (the hosted checkout, or back when the
// plan was free), or the Pending of a subscription of the type that awaits payment.
using Redirection = std::variant<std::string, Pending>;

class Partners {
 public:
  Partners(Context& ctx, CheckoutFlow& checkout) : ctx_(ctx), checkout_(checkout) {}

  // Merges `value` into the subscription's partner metadata (at most 16 KiB as JSON).
  Result<SubscriptionView> merge_metadata(const Caller& c, const std::string& id, const boost::json::object& value);
  ExternalCodeValidity validate_external(const Caller& c, const std::string& code);
  // Starts the checkout of the first type; the checkout returns to `redirection`
  // (an address of the tenant, else invalid_redirect) or to <origin>/subscription.
  Result<Redirection> redirection(const Caller& c, const std::vector<std::int64_t>& type_ids,
                                  const std::optional<std::string>& external_code,
                                  const std::optional<std::string>& redirection);
  bool voucherbook_eligible(const Caller& c, std::int64_t type_id);

 private:
  Context& ctx_;
  CheckoutFlow& checkout_;
};

}  // namespace portal::subscriptions
