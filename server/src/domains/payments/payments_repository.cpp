#include "domains/payments/payments_repository.hpp"

#include <boost/describe/class.hpp>

#include "core/ids.hpp"
#include "db/row_struct.hpp"
#include "domains/payments/payments_sql.hpp"

namespace portal::payments {
BOOST_DESCRIBE_STRUCT(SavedMethod, (), (id, provider, token, label))
static_assert(db::columns_match<SavedMethod>(PORTAL_METHOD_COLUMNS));
BOOST_DESCRIBE_STRUCT(PinChallenge, (), (id, msisdn, pin_hash, tries_left, expires_at))

namespace {

// The columns of PORTAL_PAYMENT_COLUMNS.
struct PaymentRow {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string user_uuid;
  std::string purpose;
  std::string reference;
  std::string provider;
  std::string instrument;
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::optional<std::string> settle_at;
  std::optional<std::string> settle_outcome;
  std::string created_at;
  std::int64_t refunded = 0;
};
BOOST_DESCRIBE_STRUCT(PaymentRow, (), (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount,
                                       currency, status, settle_at, settle_outcome, created_at, refunded))
static_assert(db::columns_match<PaymentRow>(PORTAL_PAYMENT_COLUMNS));

// The columns of PORTAL_REFUND_COLUMNS.
struct RefundRow {
  std::string id;
  std::int64_t tenant_id = 0;
  std::string payment_id;
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::string reason;
  std::optional<std::string> staff_id;
  bool keep_plan = false;
  std::optional<std::string> settle_at;
  std::string created_at;
  std::optional<std::string> settled_at;
};
BOOST_DESCRIBE_STRUCT(RefundRow, (), (id, tenant_id, payment_id, amount, currency, status, reason, staff_id, keep_plan,
                                      settle_at, created_at, settled_at))
static_assert(db::columns_match<RefundRow>(PORTAL_REFUND_COLUMNS));

// A payment or refund due to settle: its id and the outcome the provider will have.
struct DueRow {
  std::string id;
  std::optional<std::string> settle_outcome;
};
BOOST_DESCRIBE_STRUCT(DueRow, (), (id, settle_outcome))

struct IdStatusRow {
  std::string id;
  std::string status;
};
BOOST_DESCRIBE_STRUCT(IdStatusRow, (), (id, status))

Payment payment_from(const db::Row& row) {
  auto r = db::read_row<PaymentRow>(row);
  Payment p;
  p.id = std::move(r.id);
  p.tenant_id = r.tenant_id;
  p.user_uuid = std::move(r.user_uuid);
  p.purpose = std::move(r.purpose);
  p.reference = std::move(r.reference);
  p.provider = std::move(r.provider);
  p.instrument = std::move(r.instrument);
  p.amount = {r.amount, std::move(r.currency)};
  p.status = status_from(r.status).value_or(Status::declined);
  p.settle_at = std::move(r.settle_at);
  p.created_at = std::move(r.created_at);
  p.refunded = r.refunded;
  return p;
}

Refund refund_from(const db::Row& row) {
  auto r = db::read_row<RefundRow>(row);
  Refund f;
  f.id = std::move(r.id);
  f.tenant_id = r.tenant_id;
  f.payment_id = std::move(r.payment_id);
  f.amount = {r.amount, std::move(r.currency)};
  f.status = r.status == "SUCCEEDED" ? RefundStatus::succeeded
             : r.status == "FAILED"  ? RefundStatus::failed
                                     : RefundStatus::pending;
  f.reason = std::move(r.reason);
  f.staff_id = std::move(r.staff_id);
  f.keep_plan = r.keep_plan;
  f.settle_at = std::move(r.settle_at);
  f.created_at = std::move(r.created_at);
  f.settled_at = std::move(r.settled_at);
  return f;
}

std::optional<Payment> first_payment(const db::Rows& rows) {
  if (rows.empty()) return std::nullopt;
  return payment_from(rows[0]);
}

std::optional<SavedMethod> first_method(const db::Rows& rows) { return db::read_first<SavedMethod>(rows); }

std::vector<std::pair<std::string, std::string>> due_of(const db::Rows& rows) {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& r : db::read_rows<DueRow>(rows)) out.emplace_back(std::move(r.id), r.settle_outcome.value_or(""));
  return out;
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
  auto r = db::read_first<IdStatusRow>(db_.query(sql::kLiveByReference, {tenant_id, std::string(purpose), reference}));
  if (!r) return std::nullopt;
  return std::pair{std::move(r->id), std::move(r->status)};
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
  return due_of(db_.query(sql::kDuePending, {now}));
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
  return db::read_value<std::string>(
      s.query(sql::kSaveMethod, {tenant_id, core::new_uuid(), user_uuid, provider, token, label, at}));
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
  return db::read_first<PinChallenge>(db_.query(sql::kLatestPin, {tenant_id, user_uuid, reference}));
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
  return due_of(db_.query(sql::kDueRefunds, {now}));
}

}  // namespace portal::payments
