#include "domains/subscriptions/staff_care.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/utc_time.hpp"
#include "domains/subscriptions/subscription_changes.hpp"

namespace portal::subscriptions {

namespace {

struct CareConflict {};  // unwinds a transaction whose row changed since it was read
struct CapReached {};  // unwinds a comp past support's cap

std::optional<Error> check_reason(const std::string& reason) {
  if (reason.empty()) return Error::invalid("reason", "is required");
  if (reason.size() > 500) return Error::invalid("reason", "is longer than 500 characters");
  return std::nullopt;
}

}  // namespace

Result<StaffChange> StaffCare::cancel(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id,
                                      CancelWhen when, const std::string& reason, const std::string& actor,
                                      const Record& record) {
  if (auto e = check_reason(reason)) return *e;
  auto& repo = ctx_.d.repository;
  std::optional<Error> refused;
  StaffChange out;
  try {
    repo.database().transaction([&](db::Session& s) {
      refused.reset();
      auto sub = repo.subscription(s, tenant_id, id);
      if (!sub || sub->user_uuid != user_uuid) {
        refused = Error::of(ErrorCode::subscription_not_found, "No such subscription");
        return;
      }
      const bool now = when == CancelWhen::now;
      // At the period's end: what the storefront's cancel does. Now: that, then the end at once
      // (a plan cancelled before may still be ended now).
      const bool requested = sub->status.cancel_requested;
      if (sub->status.state != State::active || (requested && !now) || (!requested && !transition(sub->status, Event::cancel))) {
        refused = Error::of(ErrorCode::subscription_not_active, "Only an active subscription can be cancelled");
        return;
      }
      const std::string at = ctx_.d.clock.now_text();
      const std::string why = "cancelled by support: " + reason;
      UserSubscription current = *sub;
      if (!requested) {
        if (!apply(ctx_, s, current, Event::cancel, why, actor, [&](UserSubscription& a) {
              a.next_renewal_date.reset();
              if (!a.end_date || now) a.end_date = at;
            }))
          throw CareConflict{};
        current = *repo.subscription(s, tenant_id, id);
      }
      if (now) {
        if (!apply(ctx_, s, current, Event::end_reached, why, actor, [&](UserSubscription& a) {
              a.next_renewal_date.reset();
              a.end_date = at;
            }))
          throw CareConflict{};
      }
      out.before = *sub;
      out.after = *repo.subscription(s, tenant_id, id);
      if (record) record(s, out);
    });
  } catch (const CareConflict&) {
    return Error::of(ErrorCode::concurrent_update, "The subscription changed meanwhile; reload it");
  }
  if (refused) return *refused;
  return out;
}

Result<StaffChange> StaffCare::comp(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id,
                                    int days, const std::string& reason, const std::string& actor,
                                    const Record& record, const CompGiver& giver) {
  if (days < 1 || days > kMaxCompDays) return Error::invalid("days", "must be 1 to 366");
  if (auto e = check_reason(reason)) return *e;
  auto& repo = ctx_.d.repository;
  std::optional<Error> refused;
  StaffChange out;
  try {
    repo.database().transaction([&](db::Session& s) {
      refused.reset();
      auto sub = repo.subscription(s, tenant_id, id);
      if (!sub || sub->user_uuid != user_uuid) {
        refused = Error::of(ErrorCode::subscription_not_found, "No such subscription");
        return;
      }
      if (sub->status.state != State::active) {
        refused = Error::of(ErrorCode::subscription_not_active, "Only an active subscription can be extended");
        return;
      }
      const auto extra = std::chrono::hours(24) * days;
      const std::string at = ctx_.d.clock.now_text();
      UserSubscription next = *sub;
      const auto end = next.end_date ? core::parse_utc(*next.end_date) : std::nullopt;
      next.end_date = core::utc_text((end ? *end : ctx_.now()) + extra);
      if (next.next_renewal_date)
        if (const auto renewal = core::parse_utc(*next.next_renewal_date)) next.next_renewal_date = core::utc_text(*renewal + extra);
      if (!repo.save(s, next, sub->version, at)) throw CareConflict{};
      // After the versioned update: a concurrent comp of this subscription waits for this one
      // (PostgreSQL's row lock, SQLite's one writer) and then matches no row, so the sum read by the
      // conditional insert is the whole window's.
      const std::string since = core::utc_text(ctx_.now() - kCompWindow);
      if (!repo.record_comp(s, tenant_id, id, days, giver.staff_id, !giver.admin, at, since, kSupportCompDays)) {
        Error e = Error::of(ErrorCode::comp_limit, "Support gives at most " + std::to_string(kSupportCompDays) +
                                                       " free days per subscription in 30 days; an admin may give more");
        e.field = "days";
        e.days_left = std::max<std::int64_t>(0, kSupportCompDays - repo.comp_days_since(s, tenant_id, id, since));
        refused = std::move(e);
        throw CapReached{};
      }
      repo.insert_event(s, tenant_id, id, sub->status, next.status,
                        "comp: " + std::to_string(days) + " days by support: " + reason, actor, at, sub->version + 1);
      out.before = *sub;
      out.after = *repo.subscription(s, tenant_id, id);
      if (record) record(s, out);
    });
  } catch (const CareConflict&) {
    return Error::of(ErrorCode::concurrent_update, "The subscription changed meanwhile; reload it");
  } catch (const CapReached&) {
  }
  if (refused) return *refused;
  return out;
}

}  // namespace portal::subscriptions
