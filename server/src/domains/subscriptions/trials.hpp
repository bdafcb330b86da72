#pragma once
// Free trials: one per plan group (or type without a group) and user, a level
// of its group like any other; it ends at its end date without a charge.
// Blocking (SQL).
#include <optional>
#include <string>
#include <vector>

#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/service_types.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"

namespace portal::subscriptions {

struct TrialStarted {
  SubscriptionView view;
  std::string url;  // the redirect with status=200&type=trial&subTypeId=<id>
};

class Trials {
 public:
  explicit Trials(Context& ctx) : ctx_(ctx) {}
  // The type ids the caller may still trial (none for a guest).
  std::vector<std::int64_t> eligibility(const Caller& c);
  // The trial of `type_id`, or of the first plan with one.
  Result<TrialStarted> start(const Caller& c, const std::string& redirect, std::optional<std::int64_t> type_id);

 private:
  Context& ctx_;
};

}  // namespace portal::subscriptions
