// PaymentsService: refunds (a staff refund of a charge, in whole or in part; its reservation, the provider's
// answer, a pending one's settlement or reversal, and the reactions of the purposes). The charges are in
// payments_service.cpp: the same service, the same repository, split by what the money does.
#include "domains/payments/payments_service.hpp"

#include "core/ids.hpp"
#include "core/log.hpp"
#include "core/money.hpp"
#include "db/timestamp.hpp"
#include "domains/payments/settlement_refused.hpp"

namespace portal::payments {

void PaymentsService::on_refund_succeeded(std::string purpose, RefundThen then) {
  refund_reactions_[std::move(purpose)] = std::move(then);
}

void PaymentsService::refund_succeeded(db::Session& s, const Payment& payment, const Refund& refund) const {
  if (auto it = refund_reactions_.find(payment.purpose); it != refund_reactions_.end()) it->second(s, payment, refund);
}

void PaymentsService::on_refund_reserved(std::string purpose, RefundThen then) {
  refund_holds_[std::move(purpose)] = std::move(then);
}

void PaymentsService::on_refund_failed(std::string purpose, RefundReleased then) {
  refund_releases_[std::move(purpose)] = std::move(then);
}

void PaymentsService::refund_reserved(db::Session& s, const Payment& payment, const Refund& refund) const {
  if (auto it = refund_holds_.find(payment.purpose); it != refund_holds_.end()) it->second(s, payment, refund);
}

void PaymentsService::refund_failed(db::Session& s, const Payment& payment, const Refund& refund) {
  const auto it = refund_releases_.find(payment.purpose);
  if (it == refund_releases_.end()) return;
  std::optional<Refund> standing;
  for (auto& other : repository_.refunds_of(s, refund.tenant_id, refund.payment_id))
    if (other.id != refund.id && !other.keep_plan &&
        (other.status == RefundStatus::pending || other.status == RefundStatus::succeeded)) {
      standing = std::move(other);
      break;
    }
  it->second(s, payment, refund, standing);
}

namespace {

Error refund_error(ErrorCode code, std::string message, const Payment* p = nullptr) {
  Error e = Error::of(code, std::move(message));
  if (p) {
    e.payment_id = p->id;
    e.status = std::string(to_string(p->status));
  }
  return e;
}

// Thrown inside the reservation's transaction: rolls it back, carries the answer.
struct RefundRefused {
  Error error;
};

}  // namespace

Result<Refund> PaymentsService::refund(const RefundRequest& req, const RefundThen& record, const Mark& mark) {
  if (req.amount <= 0) {
    Error e = Error::of(ErrorCode::invalid_amount, "a positive whole number of minor units");
    return e;
  }
  // What the console accepts is bounded like every money amount an operator types (core/money.hpp).
  if (req.staff_id && req.amount > core::kMaxMoneyAmount) return Error::of(ErrorCode::invalid_amount, core::kMaxMoneyText);
  if (req.reason.empty() || req.reason.size() > 500)
    return Error::of(ErrorCode::invalid_reason, "1 to 500 characters");
  Refund refund;
  refund.id = core::new_uuid();
  refund.tenant_id = req.tenant_id;
  refund.payment_id = req.payment_id;
  refund.reason = req.reason;
  refund.staff_id = req.staff_id;
  refund.keep_plan = req.keep_plan;
  refund.created_at = db::utc_timestamp(clock_.now());
  Payment payment;
  try {
    repository_.database().transaction([&](db::Session& s) {
      auto p = repository_.by_id(s, req.payment_id);
      if (!p || p->tenant_id != req.tenant_id || (req.user_uuid && p->user_uuid != *req.user_uuid))
        throw RefundRefused{Error::of(ErrorCode::payment_not_found, "No such payment")};
      if (p->status != Status::succeeded)
        throw RefundRefused{refund_error(ErrorCode::payment_not_refundable, "Only a succeeded payment is refunded", &*p)};
      // The reservation decides; what was read above only explains a refusal.
      if (!repository_.reserve_refund(s, req.tenant_id, req.payment_id, req.amount)) {
        auto now = repository_.by_id(s, req.payment_id).value_or(*p);
        if (now.refunded >= now.amount.amount)
          throw RefundRefused{refund_error(ErrorCode::payment_not_refundable, "The payment is refunded in full", &now)};
        Error e = refund_error(ErrorCode::refund_exceeds_payment, "The refund exceeds what is left to refund", &now);
        e.refundable = now.amount.amount - now.refunded;
        throw RefundRefused{std::move(e)};
      }
      payment = *p;
      payment.refunded += req.amount;
      refund.amount = {req.amount, p->amount.currency};
      refund.status = RefundStatus::pending;
      repository_.insert_refund(s, refund);
      // What the refund pays back is out of use from now (a voucher order's codes), and the vet runs after
      // it: a redemption that beat the hold is seen, one after it finds the code held. The database's row
      // locks and conditional updates decide, not the order of the reads.
      refund_reserved(s, payment, refund);
      if (refund_vet_)
        if (auto refused = refund_vet_(s, payment, req)) throw RefundRefused{std::move(*refused)};
      if (mark) mark(s, refund.id);  // the caller's key commits with the reservation
    });
  } catch (const RefundRefused& refused) {
    return refused.error;
  }
  return ask_refund(std::move(payment), std::move(refund), record);
}

Result<Refund> PaymentsService::resume_refund(std::int64_t tenant_id, const std::string& refund_id,
                                              const RefundThen& record) {
  std::optional<Refund> refund;
  repository_.database().transaction([&](db::Session& s) { refund = repository_.refund_by_id(s, refund_id); });
  std::optional<Payment> payment;
  if (refund && refund->tenant_id == tenant_id) payment = repository_.by_id(refund->payment_id);
  if (!payment) return Error::of(ErrorCode::payment_not_found, "No such refund");
  // Reserved, never answered by the provider (no settle time, not settled): ask again.
  if (refund->status == RefundStatus::pending && !refund->settle_at && !refund->settled_at)
    return ask_refund(std::move(*payment), std::move(*refund), record);
  if (refund->status == RefundStatus::failed)
    return refund_error(ErrorCode::refund_failed, "The payment provider refused the refund", &*payment);
  return *refund;
}

// A reserved refund (PENDING, amount reserved on the payment): the provider is
// asked, then the outcome written with `record` and, on success, the policy.
Result<Refund> PaymentsService::ask_refund(Payment payment, Refund refund, const RefundThen& record) {
  PaymentProvider* prov = provider(payment.provider);
  ProviderRefund answer;  // no provider (removed since): failed
  if (prov) answer = prov->refund(payment, refund.amount, refund.id);
  const auto now = clock_.now();
  std::optional<std::string> settle_outcome;
  refund.status = answer.status;
  if (answer.status == RefundStatus::pending) {
    refund.settle_at = db::utc_timestamp(now + answer.settle_after);
    settle_outcome = std::string(to_string(answer.settle_outcome));
  } else {
    refund.settled_at = db::utc_timestamp(now);
  }
  try {
    repository_.database().transaction([&](db::Session& s) {
      Payment current = payment;
      repository_.finish_refund(s, refund, settle_outcome);
      if (refund.status == RefundStatus::failed) {
        repository_.release_refund(s, refund.tenant_id, refund.payment_id, refund.amount.amount);
        current.refunded -= refund.amount.amount;
        refund_failed(s, current, refund);
      }
      if (refund.status == RefundStatus::succeeded) refund_succeeded(s, current, refund);
      if (record) record(s, current, refund);
    });
  } catch (...) {
    // The provider answered but the outcome could not be written: the refund
    // stays PENDING with its reservation (never refunded twice); the log says so.
    core::log_json(spdlog::level::err, "refund answered by the provider but not recorded",
                   {{"refund", refund.id}, {"payment", refund.payment_id}, {"status", to_string(refund.status)}});
    throw;
  }
  if (refund.status == RefundStatus::failed) {
    Error e = refund_error(ErrorCode::refund_failed, "The payment provider refused the refund", &payment);
    return e;
  }
  if (refund.status == RefundStatus::succeeded) refunded(refund);
  return refund;
}

void PaymentsService::refunded(const Refund& refund) {
  if (!on_refunded_) return;
  try {
    on_refunded_(refund);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::err, "refund receipt failed", {{"refund", refund.id}, {"error", e.what()}});
  }
}

Result<Refund> PaymentsService::settle_refund(const std::string& refund_id, RefundStatus outcome) {
  if (outcome == RefundStatus::pending) return Error::of(ErrorCode::invalid_outcome, "outcome: success or failure");
  std::optional<Refund> result;
  bool changed = false;
  const std::string at = db::utc_timestamp(clock_.now());
  repository_.database().transaction([&](db::Session& s) {
    changed = false;
    result = repository_.refund_by_id(s, refund_id);
    if (!result || result->status != RefundStatus::pending) return;
    auto payment = repository_.by_id(s, result->payment_id);
    if (!payment) return;
    result->status = outcome;
    result->settled_at = at;
    if (!repository_.finish_refund(s, *result, std::nullopt)) return;
    changed = true;
    if (outcome == RefundStatus::failed) {
      repository_.release_refund(s, result->tenant_id, result->payment_id, result->amount.amount);
      payment->refunded -= result->amount.amount;
      refund_failed(s, *payment, *result);
    } else {
      refund_succeeded(s, *payment, *result);
    }
  });
  if (!result) return Error::of(ErrorCode::payment_not_found, "No such refund");
  if (!changed) {
    Error e = Error::of(ErrorCode::payment_not_pending, "The refund is not pending");
    e.payment_id = result->payment_id;
    e.status = std::string(to_string(result->status));
    return e;
  }
  if (outcome == RefundStatus::succeeded) refunded(*result);
  return *result;
}

Result<Refund> PaymentsService::refund_reversed(std::int64_t tenant_id, const std::string& refund_id,
                                               const RefundThen& record) {
  std::optional<Refund> result;
  bool changed = false;
  const std::string at = db::utc_timestamp(clock_.now());
  repository_.database().transaction([&](db::Session& s) {
    changed = false;
    result = repository_.refund_by_id(s, refund_id);
    if (!result || result->tenant_id != tenant_id) return;
    auto payment = repository_.by_id(s, result->payment_id);
    if (!payment || !repository_.reverse_refund(s, tenant_id, refund_id, at)) return;
    changed = true;
    repository_.release_refund(s, tenant_id, result->payment_id, result->amount.amount);
    payment->refunded -= result->amount.amount;
    result->status = RefundStatus::failed;
    result->settled_at = at;
    if (record) record(s, *payment, *result);
  });
  if (!result || result->tenant_id != tenant_id) return Error::of(ErrorCode::payment_not_found, "No such refund");
  if (!changed) {
    Error e = Error::of(ErrorCode::payment_not_pending, "The refund had not succeeded");
    e.payment_id = result->payment_id;
    e.status = std::string(to_string(result->status));
    return e;
  }
  return *result;
}

std::optional<RefundStatus> PaymentsService::asked_refund_status(const std::string& refund_id) {
  std::optional<Refund> refund;
  std::optional<Payment> payment;
  repository_.database().transaction([&](db::Session& s) {
    refund = repository_.refund_by_id(s, refund_id);
    if (refund) payment = repository_.by_id(s, refund->payment_id);
  });
  if (!refund || !payment || refund->status != RefundStatus::pending) return std::nullopt;
  PaymentProvider* p = provider(payment->provider);
  return p ? p->refund_status(*payment, *refund) : std::nullopt;
}

void PaymentsService::postpone_refund(const std::string& refund_id, const std::string& settle_outcome) {
  repository_.database().transaction([&](db::Session& s) {
    auto refund = repository_.refund_by_id(s, refund_id);
    if (!refund || refund->status != RefundStatus::pending) return;
    refund->settle_at = db::utc_timestamp(clock_.now() + kRefundLookAgain);
    repository_.finish_refund(s, *refund, settle_outcome);
  });
}

int PaymentsService::settle_due_refunds() {
  const std::string now = db::utc_timestamp(clock_.now());
  int settled = 0;
  for (const auto& [id, settle_outcome] : repository_.due_refunds(now)) {
    RefundStatus outcome = settle_outcome == "FAILED" ? RefundStatus::failed : RefundStatus::succeeded;
    try {
      // The provider's own word, when it can be asked (Stripe): still pending moves its next look a day on.
      if (auto asked = asked_refund_status(id)) {
        if (*asked == RefundStatus::pending) {
          postpone_refund(id, settle_outcome);
          continue;
        }
        outcome = *asked;
      }
    } catch (const std::exception& e) {  // the provider out of reach: the next run asks again
      core::log_json(spdlog::level::warn, "pending refund not asked of its provider", {{"refund", id}, {"error", e.what()}});
      continue;
    }
    if (settle_refund(id, outcome)) ++settled;
  }
  return settled;
}

std::vector<Refund> PaymentsService::refunds(std::int64_t tenant_id, const std::string& payment_id) {
  return repository_.refunds_of(tenant_id, payment_id);
}

}  // namespace portal::payments
