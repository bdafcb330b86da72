#pragma once
// Renewals and the scheduler run: pending payments that are due settle,
// renewals are charged with the saved card (or renewed free), a failed one
// holds the subscription for the grace days and then ends it, cancelled
// subscriptions and trials end at their end date. Blocking (SQL).
#include <functional>

#include "domains/subscriptions/service_context.hpp"

namespace portal::subscriptions {

inline constexpr std::string_view kRenewalPurpose = "renewal";

struct SchedulerReport {
  int renewed = 0;
  int failed = 0;
  int ended = 0;
  int settled = 0;
  int trials_ended = 0;
  int trial_notices = 0;  // notices before a trial's end sent by this run
};

// The type a retired plan's subscribers renew onto: its named successor while that is sold; else null
// (they keep renewing on the retired plan, docs/decisions.md "Plans from the console").
const SubscriptionType* successor_of(const Plans& plans, const SubscriptionType& t);
// Moves the subscription (read at sub.version) to the successor with an event, in one transaction;
// false when it changed meanwhile or the user holds another level of the successor's group.
bool move_to_successor(Context& ctx, UserSubscription& sub, const SubscriptionType& successor);

class Renewals {
 public:
  // `settle`: what a payment of any of our purposes does when it settles.
  Renewals(Context& ctx, payments::PaymentsService::Then settle) : ctx_(ctx), settle_(std::move(settle)) {}

  // A pending renewal payment settled, or one whose instance died was taken over (its outcome now
  // recorded), in its transaction: the period applies when it is still the one due (true), with the card the
  // payment kept when it kept one (paid again with another card), and `option` (the payment option's code) when
  // paid again through another option (the mobile bill instead of the card): what renews next.
  bool settled(db::Session& s, const payments::Payment& p, const std::optional<std::string>& option = std::nullopt);
  SchedulerReport run();

 private:
  Context& ctx_;
  payments::PaymentsService::Then settle_;
};

}  // namespace portal::subscriptions
