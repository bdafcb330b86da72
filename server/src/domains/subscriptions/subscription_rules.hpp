#pragma once
// The pure rules of subscriptions (docs/contracts.md "Subscriptions"): the
// state machine, billing cycles, trial durations, level direction within a
// group, contingent renewal, and the purchase-return parameters. No SQL, no
// HTTP; unit-tested in subscription_rules_test.cpp.
#include <boost/system/result.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace portal::subscriptions {

enum class State { none, active, inactive, requested, canceled };

std::string_view to_string(State s);  // "ACTIVE", ... ("" for none)
std::optional<State> state_from(std::string_view text);

// Where a subscription stands: state, the PENDING subState, and the flags the
// machine needs.
struct Status {
  State state = State::none;
  bool pending = false;           // subState PENDING
  bool cancel_requested = false;
  bool trial = false;
  bool operator==(const Status&) const = default;
};

enum class Event {
  paid_now,         // (none) -> ACTIVE
  payment_pending,  // (none) -> REQUESTED/PENDING
  settled_ok,       // REQUESTED/PENDING -> ACTIVE
  declined,         // REQUESTED/PENDING -> INACTIVE
  renewal_charged,  // ACTIVE (pending or not) -> ACTIVE
  renewal_failed,   // ACTIVE -> ACTIVE/PENDING
  grace_over,       // ACTIVE/PENDING -> INACTIVE
  cancel,           // ACTIVE -> ACTIVE, cancelRequested
  end_reached,      // ACTIVE, cancelRequested -> CANCELED
  migrated,         // ACTIVE -> CANCELED (replaced by an up/downgrade)
  trial_started,    // (none) -> ACTIVE trial
  trial_end,        // ACTIVE trial -> INACTIVE
  refunded,         // ACTIVE (any) -> INACTIVE: its payment was refunded (docs/decisions.md "Refunds")
};

std::string_view to_string(Event e);

// A transition the state machine does not allow, naming both. Callers check
// for it before they change anything; meeting it later is a bug.
struct InvalidTransition {
  std::string message;
};

// value() of a refused transition: a caller that did not check first.
[[noreturn]] inline void throw_exception_from_error(const InvalidTransition& e, const boost::source_location&) {
  throw std::logic_error(e.message);
}

// The next status, or the refusal naming both.
boost::system::result<Status, InvalidTransition> transition(const Status& from, Event event);

using TimePoint = std::chrono::system_clock::time_point;

// ISO-8601 durations of the form PnD, PnW, PnM, PnY (P1D, P7D, P1M, P1Y).
struct Cycle {
  int count = 0;
  char unit = 'D';  // D, W, M, Y
};
std::optional<Cycle> parse_cycle(std::string_view iso);
// Adds the cycle in UTC calendar terms; a month step keeps the day of the
// month, clamped to the month's last day (Jan 31 + P1M = Feb 28/29).
TimePoint add_cycle(TimePoint t, const Cycle& c);
// Spec §5: the trial duration's 2nd and 3rd characters give number and unit
// (D, M, Y): "P7D" -> 7 days, "P1M" -> 1 month. nullopt otherwise.
std::optional<Cycle> parse_trial_duration(std::string_view iso);

// Level direction of a move inside a group (levels[i] = type ids of order i).
enum class Direction { none, upgrade, downgrade, same };
Direction level_direction(const std::vector<std::vector<std::int64_t>>& levels, std::int64_t from_type,
                          std::int64_t to_type);
std::optional<int> level_of(const std::vector<std::vector<std::int64_t>>& levels, std::int64_t type_id);

struct Contingent {
  std::vector<std::string> content_types;
  std::int64_t amount = 0;  // -1 = unlimited
  bool operator==(const Contingent&) const = default;
};
// At a renewal: reset to the plan's amounts, or add them to what is left when
// accumulating; -1 on either side stays -1 (unlimited).
std::vector<Contingent> renew_contingents(const std::vector<Contingent>& plan, const std::vector<Contingent>& current,
                                          bool accumulate);

// A plan's name as the storefront's plan card shows it to a reader of `lang` (web planTitle, plan-attributes.ts):
// DISPLAY_SERVICE_NAME_TEXT in lang, else in English, else DISPLAY_SERVICE_TITLE_TEXT in lang, else in English,
// else the internal name. `attributes`: the plan's attribute keys and values (an empty value counts as none).
std::string plan_title(const std::vector<std::pair<std::string, std::string>>& attributes, const std::string& name,
                       std::string_view lang);

}  // namespace portal::subscriptions
