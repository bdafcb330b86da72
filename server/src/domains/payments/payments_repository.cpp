#include "domains/payments/payments_repository.hpp"

#include "core/ids.hpp"
#include "domains/payments/payments_sql.hpp"

namespace portal::payments {
namespace {

Payment payment_from(const db::Row& r) {
  Payment p;
  p.id = r.text(0);
  p.tenant_id = r.integer(1);
  p.user_uuid = r.text(2);
  p.purpose = r.text(3);
  p.reference = r.text(4);
  p.provider = r.text(5);
  p.instrument = r.text(6);
  p.amount = {r.integer(7), r.text(8)};
  p.status = status_from(r.text(9)).value_or(Status::declined);
  p.settle_at = r.optional_text(10);
  p.created_at = r.text(12);
  p.refunded = r.integer(13);
  return p;
}

Refund refund_from(const db::Row& r) {
  Refund f;
  f.id = r.text(0);
  f.tenant_id = r.integer(1);
  f.payment_id = r.text(2);
  f.amount = {r.integer(3), r.text(4)};
  const std::string status = r.text(5);
  f.status = status == "SUCCEEDED" ? RefundStatus::succeeded
             : status == "FAILED"  ? RefundStatus::failed
                                   : RefundStatus::pending;
  f.reason = r.text(6);
  f.staff_id = r.optional_text(7);
  f.keep_plan = r.integer(8) != 0;
  f.settle_at = r.optional_text(9);
  f.created_at = r.text(10);
  f.settled_at = r.optional_text(11);
  return f;
}

std::optional<Payment> first_payment(const db::Rows& rows) {
  if (rows.empty()) return std::nullopt;
  return payment_from(rows[0]);
}

std::optional<SavedMethod> first_method(const db::Rows& rows) {
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return SavedMethod{r.text(0), r.text(1), r.text(2), r.text(3)};
}

db::Value opt(const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); }

}  // namespace

PaymentsRepository::Write PaymentsRepository::transact(const std::function<void(db::Session&)>& work) {
  try {
    db_.transaction(work);
  } catch (const db::ConstraintError&) {
    return Write::taken;
  }
  return Write::done;
}

void PaymentsRepository::claim(db::Session& s, const Payment& p, const std::optional<std::string>& exclusive_key) {
  s.execute(sql::kClaim, {p.tenant_id, p.id, p.user_uuid, p.purpose, p.reference, p.provider, p.amount.amount,
                          p.amount.currency, p.created_at, opt(exclusive_key)});
}

std::optional<Payment> PaymentsRepository::holder(std::int64_t tenant_id, const std::string& user_uuid,
                                                  const std::string& exclusive_key) {
  return first_payment(db_.query(sql::kHolder, {tenant_id, user_uuid, exclusive_key}));
}

std::optional<std::pair<std::string, std::string>> PaymentsRepository::live_for_reference(
    std::int64_t tenant_id, std::string_view purpose, const std::string& reference) {
  auto rows = db_.query(sql::kLiveByReference, {tenant_id, std::string(purpose), reference});
  if (rows.empty()) return std::nullopt;
  return std::pair{rows[0].text(0), rows[0].text(1)};
}

void PaymentsRepository::finish(db::Session& s, const Payment& p, const std::optional<std::string>& settle_outcome,
                                const std::string& at) {
  s.execute(sql::kFinish, {p.tenant_id, p.id, std::string(to_string(p.status)), p.instrument, opt(p.settle_at),
                           opt(settle_outcome), at});
}

void PaymentsRepository::abandon(std::int64_t tenant_id, const std::string& payment_id, const std::string& at) {
  db_.execute(sql::kAbandon, {tenant_id, payment_id, at});
}

std::optional<Payment> PaymentsRepository::by_id(const std::string& payment_id) {
  return first_payment(db_.query(sql::kById, {payment_id}));
}

std::optional<Payment> PaymentsRepository::by_id(db::Session& s, const std::string& payment_id) {
  return first_payment(s.query(sql::kById, {payment_id}));
}

std::vector<Payment> PaymentsRepository::for_reference(std::int64_t tenant_id, std::string_view purpose,
                                                       const std::string& reference) {
  std::vector<Payment> out;
  for (const auto& r : db_.query(sql::kByReference, {tenant_id, std::string(purpose), reference}))
    out.push_back(payment_from(r));
  return out;
}

std::vector<std::pair<std::string, std::string>> PaymentsRepository::due_pending(const std::string& now) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& r : db_.query(sql::kDuePending, {now})) out.emplace_back(r.text(0), r.optional_text(1).value_or(""));
  return out;
}

bool PaymentsRepository::settle(db::Session& s, const std::string& payment_id, Status outcome, const std::string& at) {
  const bool success = outcome == Status::succeeded;
  if (success && s.execute(sql::kHoldToSettle, {payment_id, at}) != 1) return false;
  return s.execute(sql::kSettle, {payment_id, std::string(to_string(outcome)), at,
                                  std::string(success ? "PROCESSING" : "PENDING")}) == 1;
}

std::optional<std::string> PaymentsRepository::save_method(db::Session& s, std::int64_t tenant_id,
                                                           const std::string& user_uuid, const std::string& provider,
                                                           const std::string& token, const std::string& label,
                                                           const std::string& at) {
  auto rows = s.query(sql::kSaveMethod, {tenant_id, core::new_uuid(), user_uuid, provider, token, label, at});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

std::optional<SavedMethod> PaymentsRepository::method_for(std::int64_t tenant_id, const std::string& user_uuid,
                                                          std::string_view provider) {
  return first_method(db_.query(sql::kMethodFor, {tenant_id, user_uuid, std::string(provider)}));
}

std::optional<SavedMethod> PaymentsRepository::method_by_id(std::int64_t tenant_id, const std::string& id) {
  return first_method(db_.query(sql::kMethodById, {tenant_id, id}));
}

void PaymentsRepository::replace_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                     const std::string& reference, const std::string& msisdn,
                                     const std::string& pin_hash, std::int64_t tries, const std::string& expires_at,
                                     const std::string& at) {
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kRetirePins, {tenant_id, user_uuid, reference, at});
    s.execute(sql::kInsertPin, {tenant_id, core::new_uuid(), user_uuid, reference, msisdn, pin_hash, tries,
                                expires_at, at});
  });
}

std::optional<PinChallenge> PaymentsRepository::latest_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                                           const std::string& reference) {
  auto rows = db_.query(sql::kLatestPin, {tenant_id, user_uuid, reference});
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return PinChallenge{r.text(0), r.text(1), r.text(2), r.integer(3), r.text(4)};
}

void PaymentsRepository::spend_try(std::int64_t tenant_id, const std::string& pin_id) {
  db_.execute(sql::kSpendTry, {tenant_id, pin_id});
}

bool PaymentsRepository::use_pin(std::int64_t tenant_id, const std::string& pin_id, const std::string& at) {
  return db_.execute(sql::kUsePin, {tenant_id, pin_id, at}) == 1;
}

bool PaymentsRepository::reserve_refund(db::Session& s, std::int64_t tenant_id, const std::string& payment_id,
                                        std::int64_t amount) {
  return s.execute(sql::kReserveRefund, {tenant_id, payment_id, amount}) == 1;
}

void PaymentsRepository::release_refund(db::Session& s, std::int64_t tenant_id, const std::string& payment_id,
                                        std::int64_t amount) {
  s.execute(sql::kReleaseRefund, {tenant_id, payment_id, amount});
}

void PaymentsRepository::insert_refund(db::Session& s, const Refund& f) {
  s.execute(sql::kInsertRefund, {f.tenant_id, f.id, f.payment_id, f.amount.amount, f.amount.currency, f.reason,
                                 opt(f.staff_id), std::int64_t{f.keep_plan ? 1 : 0}, f.created_at});
}

bool PaymentsRepository::finish_refund(db::Session& s, const Refund& f, const std::optional<std::string>& settle_outcome) {
  if (f.status == RefundStatus::pending)
    return s.execute(sql::kPendRefund, {f.tenant_id, f.id, opt(f.settle_at), opt(settle_outcome)}) == 1;
  return s.execute(sql::kFinishRefund, {f.tenant_id, f.id, std::string(to_string(f.status)), opt(f.settle_at),
                                        opt(settle_outcome), opt(f.settled_at)}) == 1;
}

std::optional<Refund> PaymentsRepository::refund_by_id(db::Session& s, const std::string& refund_id) {
  auto rows = s.query(sql::kRefundById, {refund_id});
  if (rows.empty()) return std::nullopt;
  return refund_from(rows[0]);
}

std::vector<Refund> PaymentsRepository::refunds_of(std::int64_t tenant_id, const std::string& payment_id) {
  std::vector<Refund> out;
  for (const auto& r : db_.query(sql::kRefundsOfPayment, {tenant_id, payment_id})) out.push_back(refund_from(r));
  return out;
}

std::vector<std::pair<std::string, std::string>> PaymentsRepository::due_refunds(const std::string& now) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& r : db_.query(sql::kDueRefunds, {now})) out.emplace_back(r.text(0), r.optional_text(1).value_or(""));
  return out;
}

}  // namespace portal::payments
