#include "domains/subscriptions/subscription_rules.hpp"

#include <ctime>

#include "core/utc_time.hpp"

namespace portal::subscriptions {
namespace {

InvalidTransition refused(const Status& from, Event e) {
  return {"Cannot apply " + std::string(to_string(e)) + " to " +
          (from.state == State::none ? "(none)" : std::string(to_string(from.state))) + (from.pending ? "/PENDING" : "")};
}

bool is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
int days_in_month(int y, int m) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap(y) ? 29 : days[m - 1];
}

}  // namespace

std::string_view to_string(State s) {
  switch (s) {
    case State::none: return "";
    case State::active: return "ACTIVE";
    case State::inactive: return "INACTIVE";
    case State::requested: return "REQUESTED";
    case State::canceled: return "CANCELED";
  }
  return "";
}

std::optional<State> state_from(std::string_view t) {
  for (State s : {State::active, State::inactive, State::requested, State::canceled})
    if (to_string(s) == t) return s;
  return std::nullopt;
}

std::string_view to_string(Event e) {
  switch (e) {
    case Event::paid_now: return "paid_now";
    case Event::payment_pending: return "payment_pending";
    case Event::settled_ok: return "settled_ok";
    case Event::declined: return "declined";
    case Event::renewal_charged: return "renewal_charged";
    case Event::renewal_failed: return "renewal_failed";
    case Event::grace_over: return "grace_over";
    case Event::cancel: return "cancel";
    case Event::end_reached: return "end_reached";
    case Event::migrated: return "migrated";
    case Event::trial_started: return "trial_started";
    case Event::trial_end: return "trial_end";
    case Event::refunded: return "refunded";
  }
  return "?";
}

boost::system::result<Status, InvalidTransition> transition(const Status& from, Event e) {
  const bool active = from.state == State::active;
  switch (e) {
    case Event::paid_now:
      if (from.state != State::none) break;
      return Status{State::active, false, false, false};
    case Event::trial_started:
      if (from.state != State::none) break;
      return Status{State::active, false, false, true};
    case Event::payment_pending:
      if (from.state != State::none) break;
      return Status{State::requested, true, false, false};
    case Event::settled_ok:
      if (from.state != State::requested || !from.pending) break;
      return Status{State::active, false, false, false};
    case Event::declined:
      if (from.state != State::requested || !from.pending) break;
      return Status{State::inactive, false, false, false};
    case Event::renewal_charged:
      if (!active || from.cancel_requested || from.trial) break;
      return Status{State::active, false, false, false};
    case Event::renewal_failed:
      if (!active || from.cancel_requested || from.trial) break;
      return Status{State::active, true, false, false};
    case Event::grace_over:
      if (!active || !from.pending) break;
      return Status{State::inactive, false, false, false};
    case Event::cancel:
      if (!active || from.cancel_requested || from.pending) break;
      return Status{State::active, false, true, from.trial};
    case Event::end_reached:
      if (!active || !from.cancel_requested) break;
      return Status{State::canceled, false, true, from.trial};
    case Event::migrated:
      if (!active) break;
      return Status{State::canceled, false, from.cancel_requested, from.trial};
    case Event::trial_end:
      if (!active || !from.trial || from.cancel_requested) break;
      return Status{State::inactive, false, false, true};
    case Event::refunded:
      if (!active) break;
      return Status{State::inactive, false, from.cancel_requested, from.trial};
  }
  return refused(from, e);
}

std::optional<Cycle> parse_cycle(std::string_view iso) {
  if (iso.size() < 3 || iso.front() != 'P') return std::nullopt;
  const char unit = iso.back();
  if (unit != 'D' && unit != 'W' && unit != 'M' && unit != 'Y') return std::nullopt;
  int n = 0;
  for (char c : iso.substr(1, iso.size() - 2)) {
    if (c < '0' || c > '9' || n > 10000) return std::nullopt;
    n = n * 10 + (c - '0');
  }
  if (n <= 0) return std::nullopt;
  return Cycle{n, unit};
}

std::optional<Cycle> parse_trial_duration(std::string_view iso) {
  if (iso.size() < 3) return std::nullopt;
  const char digit = iso[1];
  const char unit = iso[2];
  if (digit < '1' || digit > '9') return std::nullopt;
  if (unit != 'D' && unit != 'M' && unit != 'Y') return std::nullopt;
  return Cycle{digit - '0', unit};
}

TimePoint add_cycle(TimePoint t, const Cycle& c) {
  using namespace std::chrono;
  if (c.unit == 'D') return t + days(c.count);
  if (c.unit == 'W') return t + days(7 * c.count);
  const auto day_point = floor<days>(t);
  const auto time_of_day = t - day_point;
  year_month_day ymd{day_point};
  const int months = c.unit == 'M' ? c.count : 12 * c.count;
  year_month ym = year_month{ymd.year(), ymd.month()} + std::chrono::months(months);
  const unsigned last = static_cast<unsigned>(days_in_month(static_cast<int>(ym.year()), static_cast<unsigned>(ym.month())));
  const unsigned d = std::min(static_cast<unsigned>(ymd.day()), last);
  return sys_days{ym.year() / ym.month() / day(d)} + time_of_day;
}

std::optional<int> level_of(const std::vector<std::vector<std::int64_t>>& levels, std::int64_t type_id) {
  for (std::size_t i = 0; i < levels.size(); ++i)
    for (auto id : levels[i])
      if (id == type_id) return static_cast<int>(i);
  return std::nullopt;
}

Direction level_direction(const std::vector<std::vector<std::int64_t>>& levels, std::int64_t from, std::int64_t to) {
  auto a = level_of(levels, from);
  auto b = level_of(levels, to);
  if (!a || !b) return Direction::none;
  if (*a == *b) return Direction::same;
  return *b > *a ? Direction::upgrade : Direction::downgrade;
}

std::vector<Contingent> renew_contingents(const std::vector<Contingent>& plan, const std::vector<Contingent>& current,
                                          bool accumulate) {
  std::vector<Contingent> out = plan;
  if (!accumulate) return out;
  for (auto& c : out) {
    for (const auto& have : current) {
      if (have.content_types != c.content_types) continue;
      if (c.amount == -1 || have.amount == -1) c.amount = -1;
      else c.amount += std::max<std::int64_t>(0, have.amount);
    }
  }
  return out;
}

std::string plan_title(const std::vector<std::pair<std::string, std::string>>& attributes, const std::string& name,
                       std::string_view lang) {
  auto value = [&](const std::string& key) -> const std::string* {
    for (const auto& [k, v] : attributes)
      if (k == key && !v.empty()) return &v;
    return nullptr;
  };
  for (std::string_view prefix : {"DISPLAY_SERVICE_NAME_TEXT_", "DISPLAY_SERVICE_TITLE_TEXT_"})
    for (std::string_view in : {lang, std::string_view("en")})
      if (const auto* text = value(std::string(prefix) + std::string(in))) return *text;
  return name;
}

}  // namespace portal::subscriptions
