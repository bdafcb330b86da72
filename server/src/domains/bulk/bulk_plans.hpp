#pragma once
// The plans' bulk action (issue 78 item 3): retire, each plan through the console's retirement
// (subscriptions::PlansAdmin::retire: the single call's checks and refusals, its audit entry in its transaction), with
// one successor for all or none.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domains/bulk/bulk_types.hpp"
#include "domains/subscriptions/plans_admin.hpp"

namespace portal::bulk {

inline constexpr const char* kPlans = "plans";

Kind plans_kind(subscriptions::PlansAdmin& plans);

struct PlansRequest {
  std::string action;  // retire
  std::vector<std::int64_t> ids;
  std::optional<std::int64_t> successor_id;
  std::string currency;        // the tenant's, as the single call checks against
  std::string default_locale;
};

// The job; refused when an id is not positive.
Result<NewJob> plans_job(const PlansRequest& request);

}  // namespace portal::bulk
