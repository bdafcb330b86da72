#pragma once
// What support does to a customer's subscription from the console (issue 34):
// cancel now or at the period's end, and comp free days. Each runs in one
// transaction with its subscription_events row and the caller's `record`
// (the audit entry), so the change and its audit commit together. Blocking (SQL).
#include <chrono>
#include <functional>
#include <string>

#include "db/database.hpp"
#include "domains/subscriptions/service_context.hpp"
#include "domains/subscriptions/subscriptions_errors.hpp"

namespace portal::subscriptions {

enum class CancelWhen { now, period_end };

struct StaffChange {
  UserSubscription before;
  UserSubscription after;
};

inline constexpr int kMaxCompDays = 366;
// Support's free days (docs/decisions.md "Support's actions on a customer"): at most kSupportCompDays
// per subscription in any kCompWindow, summed over every support agent; beyond that an admin
// (admin, owner, platform administrator) gives them, still 1..kMaxCompDays a call.
inline constexpr int kSupportCompDays = 31;
inline constexpr std::chrono::hours kCompWindow{24 * 30};

// Who gives free days: the staff account, and whether the window's cap applies (support) or not (an admin).
struct CompGiver {
  std::string staff_id;
  bool admin = false;
};

class StaffCare {
 public:
  // Runs inside the change's transaction (the audit entry).
  using Record = std::function<void(db::Session&, const StaffChange&)>;

  explicit StaffCare(Context& ctx) : ctx_(ctx) {}

  // subscription_not_found unless `id` is `user_uuid`'s in the tenant; subscription_not_active
  // unless it is active (and, at the period's end, not cancelled already). Now: it ends
  // (CANCELED) at once; at the period's end: it stays ACTIVE to its end date, not renewed.
  Result<StaffChange> cancel(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id,
                             CancelWhen when, const std::string& reason, const std::string& actor, const Record& record);
  // Moves the end (and the next renewal) `days` (1..366) later; invalid_field "days" / "reason";
  // comp_limit (days_left) when support's days in the window would pass kSupportCompDays (the
  // ledger row is written in the change's transaction, conditional on the window's sum).
  Result<StaffChange> comp(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id, int days,
                           const std::string& reason, const std::string& actor, const Record& record,
                           const CompGiver& giver = {});

 private:
  Context& ctx_;
};

}  // namespace portal::subscriptions
