#include "domains/subscriptions/renewals.hpp"

#include "core/log.hpp"
#include "core/utc_time.hpp"
#include "domains/subscriptions/subscription_changes.hpp"

namespace portal::subscriptions {
using payments::Payment;
using PayStatus = payments::Status;

namespace {

// The subscriber is told of a renewal or a failed one: in the changing
// transaction when there is one, else after it. One note per period.
void tell(Context& ctx, db::Session* s, const UserSubscription& sub, const SubscriptionType& t, bool renewed,
          const std::string& period) {
  auto* notifier = ctx.d.notifier;
  if (!notifier) return;
  const notifications::Note note{
      sub.user_uuid,
      std::string(renewed ? notifications::kSubscriptionRenewed : notifications::kSubscriptionRenewalFailed),
      {{"plan", t.name}, {"typeId", std::to_string(t.id)}},
      "/profile/manage",
      std::string(renewed ? "renewed:" : "renewal-failed:") + sub.id + "@" + period};
  if (s)
    notifier->notify(*s, sub.tenant_id, note);
  else
    notifier->notify(sub.tenant_id, note);
}

// The plan's name in a language, for the customer's mails.
billing_mail::NameIn name_of(const SubscriptionType& t) {
  return [name = t.name, attrs = t](const std::string& lang) {
    std::string n = attrs.attribute("DISPLAY_SERVICE_NAME_TEXT_" + lang);
    return n.empty() ? name : n;
  };
}

// Dunning after a failed renewal was recorded (after its commit): a mail with the link to pay again.
void dun(Context& ctx, const UserSubscription& sub, const SubscriptionType& t, const Money& price,
         const std::string& grace_until) {
  if (!ctx.d.mails) return;
  try {
    ctx.d.mails->dunning(sub.tenant_id, sub.user_uuid, name_of(t), price, grace_until);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::err, "dunning mail not sent", {{"subscription", sub.id}, {"error", e.what()}});
  }
}

// The notice before a trial ends, kTrialNoticeDays ahead: claimed per subscription and trial end, so
// several runs and instances send it once.
int notify_trials_ending(Context& ctx) {
  auto* mails = ctx.d.mails;
  if (!mails) return 0;
  int sent = 0;
  const std::string now = ctx.d.clock.now_text();
  const std::string until = core::utc_text(ctx.now() + std::chrono::hours(24 * billing_mail::kTrialNoticeDays));
  for (const auto& sub : ctx.d.repository.trials_ending(now, until)) {
    if (!sub.end_date) continue;
    auto plans = ctx.plans.get(sub.tenant_id);
    const SubscriptionType* t = plans->type(sub.type_id);
    if (!t) continue;
    try {
      if (!mails->claim_trial_notice(sub.tenant_id, sub.id, *sub.end_date, now)) continue;
      if (mails->trial_notice(sub.tenant_id, sub.user_uuid, name_of(*t), *sub.end_date)) ++sent;
    } catch (const std::exception& e) {
      core::log_json(spdlog::level::err, "trial notice not sent", {{"subscription", sub.id}, {"error", e.what()}});
    }
  }
  return sent;
}

}  // namespace

const SubscriptionType* successor_of(const Plans& plans, const SubscriptionType& t) {
  if (!t.retired || !t.retired->successor_id) return nullptr;
  const SubscriptionType* next = plans.type(*t.retired->successor_id);
  return next && !next->retired ? next : nullptr;
}

bool move_to_successor(Context& ctx, UserSubscription& sub, const SubscriptionType& successor) {
  const std::string at = ctx.d.clock.now_text();
  // False also when the user holds another level of the successor's group: renews on the retired plan.
  const bool moved = ctx.d.repository.move_type(
      sub, successor.id, "plan retired: renews as type " + std::to_string(successor.id), "scheduler", at);
  if (!moved) {
    core::log_json(spdlog::level::warn, "subscription not moved to the successor plan",
                   {{"subscription", sub.id}, {"successor", successor.id}});
    return false;
  }
  sub.type_id = successor.id;
  sub.version += 1;
  sub.updated_at = at;
  return true;
}

bool Renewals::settled(db::Session& s, const Payment& p, const std::optional<std::string>& option) {
  const auto at = p.reference.find('@');
  if (at == std::string::npos) return false;
  auto sub = ctx_.d.repository.subscription(s, p.tenant_id, p.reference.substr(0, at));
  // Only the period still due: a settlement or a takeover of a charge applies it once.
  if (!sub || sub->status.state != State::active || sub->next_renewal_date != p.reference.substr(at + 1)) return false;
  auto plans = ctx_.plans.get(p.tenant_id, &s);
  const SubscriptionType* t = plans->type(sub->type_id);
  auto period = core::parse_utc(p.reference.substr(at + 1));
  if (!t || !period) return false;
  if (p.status != PayStatus::succeeded) return false;
  const bool applied =
      apply(ctx_, s, *sub, Event::renewal_charged, "renewal settled", "provider", [&](UserSubscription& a) {
        const auto end = add_cycle(*period, parse_cycle(t->billing_cycle).value_or(Cycle{1, 'M'}));
        a.end_date = a.next_renewal_date = core::utc_text(end);
        a.grace_until.reset();
        a.contingents = renew_contingents(t->contingents, sub->contingents, t->accumulate_contingent);
        if (p.saved_method_id) a.payment_method_id = p.saved_method_id;  // paid again with a new card: it renews next
        if (option) a.payment_option = option;
      });
  if (applied) tell(ctx_, &s, *sub, *t, true, p.reference.substr(at + 1));
  return applied;
}

SchedulerReport Renewals::run() {
  auto& d = ctx_.d;
  SchedulerReport report;
  report.settled = d.payments.settle_due(settle_);
  report.settled += d.payments.settle_due_refunds();  // mobile-bill refunds settle like its charges
  const std::string now = ctx_.d.clock.now_text();
  report.trial_notices = notify_trials_ending(ctx_);

  for (const auto& sub : d.repository.grace_over(now))
    if (apply(ctx_, sub, Event::grace_over, "grace period over", "scheduler",
              [](UserSubscription& a) { a.next_renewal_date.reset(); }))
      ++report.failed;

  for (const auto& sub : d.repository.ended(now)) {
    const bool trial = sub.status.trial && !sub.status.cancel_requested;
    const bool changed = apply(ctx_, sub, trial ? Event::trial_end : Event::end_reached,
                               trial ? "trial ended" : "cancelled subscription ended", "scheduler",
                               [](UserSubscription& a) { a.next_renewal_date.reset(); });
    if (changed) ++(trial ? report.trials_ended : report.ended);
  }

  for (auto sub : d.repository.due_renewals(now)) {
    auto plans = ctx_.plans.get(sub.tenant_id);
    const SubscriptionType* t = plans->type(sub.type_id);
    if (!t || !sub.next_renewal_date) continue;
    // A retired plan's subscribers renew onto its successor (when it names one still sold).
    if (const SubscriptionType* successor = successor_of(*plans, *t)) {
      if (move_to_successor(ctx_, sub, *successor)) t = successor;
    }
    const std::string period = *sub.next_renewal_date;
    const Cycle cycle = parse_cycle(t->billing_cycle).value_or(Cycle{1, 'M'});
    const auto period_start = core::parse_utc(period).value_or(ctx_.now());
    auto renewed = [&](UserSubscription& a) {
      a.end_date = a.next_renewal_date = core::utc_text(add_cycle(period_start, cycle));
      a.grace_until.reset();
      a.contingents = renew_contingents(t->contingents, sub.contingents, t->accumulate_contingent);
    };
    // A retry that fails again changes nothing: the grace clock keeps running.
    auto retried = [](const UserSubscription& current) { return current.status.pending && current.grace_until; };
    auto grace = [&](UserSubscription& a) {
      a.grace_until = core::utc_text(ctx_.now() + std::chrono::hours(24 * plans->grace_days));
    };
    auto failed = [&](db::Session& s, const UserSubscription& current) {
      const bool changed =
          !retried(current) && apply(ctx_, s, current, Event::renewal_failed, "renewal failed", "scheduler", grace);
      if (changed) tell(ctx_, &s, current, *t, false, period);
      return changed;
    };
    const Money price = t->renewal_price(period);  // a scheduled price applies from its date
    std::optional<payments::SavedMethod> method;
    if (sub.payment_method_id) method = d.payments.method_by_id(sub.tenant_id, *sub.payment_method_id);
    if (price.amount == 0 || sub.payment_option == std::optional<std::string>("auto") || !method) {
      const bool free = price.amount == 0 || sub.payment_option == std::optional<std::string>("auto");
      const bool changed =
          free ? apply(ctx_, sub, Event::renewal_charged, "renewed without charge", "scheduler", renewed)
               : !retried(sub) && apply(ctx_, sub, Event::renewal_failed, "renewal failed", "scheduler", grace);
      if (changed) {
        ++(free ? report.renewed : report.failed);
        tell(ctx_, nullptr, sub, *t, free, period);
        if (!free) dun(ctx_, sub, *t, price, core::utc_text(ctx_.now() + std::chrono::hours(24 * plans->grace_days)));
      }
      continue;
    }
    payments::ChargeRequest req;
    req.tenant_id = sub.tenant_id;
    req.user_uuid = sub.user_uuid;
    req.purpose = kRenewalPurpose;
    req.reference = sub.id + "@" + period;
    req.provider = method->provider;
    req.instrument = method->token;
    req.saved = true;
    req.amount = price;
    bool counted_ok = false, counted_failed = false;
    std::optional<std::string> refund_due;  // charged, but the subscription changed meanwhile
    auto charged = d.payments.charge(req, [&](db::Session& s, const Payment& p) {
      counted_ok = counted_failed = false;  // runs in the payment's transaction, which may be retried
      refund_due.reset();
      // Re-read in the transaction: only this period's renewal is applied,
      // whatever else changed meanwhile (metadata, a grace retry).
      auto current = d.repository.subscription(s, sub.tenant_id, sub.id);
      if (!current || current->next_renewal_date != std::optional<std::string>(period)) return;
      if (p.status == PayStatus::succeeded) {
        if (transition(current->status, Event::renewal_charged))
          counted_ok = apply(ctx_, s, *current, Event::renewal_charged, "renewal charged", "scheduler", renewed);
        if (counted_ok) tell(ctx_, &s, *current, *t, true, period);
        else refund_due = p.id;
      } else if (p.status != PayStatus::pending && transition(current->status, Event::renewal_failed)) {
        counted_failed = failed(s, *current);
      }
    });
    if (!charged) continue;  // another run or instance holds this period's charge
    if (refund_due) {
      // The period was charged but not applied: the whole charge goes back
      // through the provider, after the charge's transaction (keep_plan: the
      // subscription is not the refund's to end).
      payments::RefundRequest back;
      back.tenant_id = sub.tenant_id;
      back.payment_id = *refund_due;
      back.amount = price.amount;
      back.reason = "renewal charged but the subscription changed meanwhile";
      back.keep_plan = true;
      auto refunded = d.payments.refund(back);
      core::log_json(refunded ? spdlog::level::info : spdlog::level::err,
                     refunded ? "renewal charged but the subscription changed; refunded"
                              : "renewal charged but the subscription changed; refund failed",
                     {{"subscription", sub.id}, {"payment", *refund_due}});
    }
    if (counted_ok) ++report.renewed;
    if (counted_failed) {
      ++report.failed;
      dun(ctx_, sub, *t, price, core::utc_text(ctx_.now() + std::chrono::hours(24 * plans->grace_days)));
    }
  }
  if (report.renewed || report.failed || report.ended || report.settled || report.trials_ended ||
      report.trial_notices)
    core::log_json(spdlog::level::info, "subscription scheduler",
                   {{"renewed", report.renewed}, {"failed", report.failed}, {"ended", report.ended},
                    {"settled", report.settled}, {"trialsEnded", report.trials_ended},
                    {"trialNotices", report.trial_notices}});
  return report;
}

}  // namespace portal::subscriptions
