#include "domains/payments/payments_repository.hpp"

#include <array>
#include <boost/describe/class.hpp>

#include "core/ids.hpp"
#include "db/row_reads.hpp"
#include "domains/payments/payments_sql.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::payments {
BOOST_DESCRIBE_STRUCT(SavedMethod, (), (id, provider, token, label))
static_assert(db::columns_match<SavedMethod>(PORTAL_METHOD_COLUMNS));
BOOST_DESCRIBE_STRUCT(PinChallenge, (), (id, msisdn, pin_hash, tries_left, expires_at))

// Payments and refunds read directly: Money is the amount and currency columns, a status its text.
BOOST_DESCRIBE_STRUCT(Payment, (), (id, tenant_id, user_uuid, purpose, reference, provider, instrument, amount, status,
                                    settle_at, saved_method_id, created_at, refunded, provider_ref, provider_url))
// saved_method_id is set by the charge that saved the instrument; no column keeps it.
constexpr std::array<std::string_view, 1> not_columns(const Payment*) { return {"saved_method_id"}; }
static_assert(db::columns_match<Payment>(PORTAL_PAYMENT_COLUMNS));
BOOST_DESCRIBE_STRUCT(Refund, (), (id, tenant_id, payment_id, amount, status, reason, staff_id, keep_plan, settle_at,
                                   created_at, settled_at))
static_assert(db::columns_match<Refund>(PORTAL_REFUND_COLUMNS));

BOOST_DESCRIBE_STRUCT(Dispute, (), (id, tenant_id, payment_id, provider, amount, reason, status, created_at, updated_at))
static_assert(db::columns_match<Dispute>(PORTAL_DISPUTE_COLUMNS));

static void read_column(const db::Row& r, std::size_t i, Status& out) {
  out = status_from(r.text(i)).value_or(Status::declined);
}
static void read_column(const db::Row& r, std::size_t i, RefundStatus& out) {
  const auto text = r.text(i);
  out = text == "SUCCEEDED" ? RefundStatus::succeeded : text == "FAILED" ? RefundStatus::failed : RefundStatus::pending;
}

namespace {

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

void PaymentsRepository::claim(db::Session& s, const Payment& p, const std::optional<std::string>& exclusive_key,
                               const std::string& holder, const std::string& lease_until) {
  s.execute(sql::kClaim, {p.tenant_id, p.id, p.user_uuid, p.purpose, p.reference, p.provider, p.amount.amount,
                          p.amount.currency, p.created_at, opt(exclusive_key), holder, lease_until});
}

void PaymentsRepository::insert_past(db::Session& s, const Payment& p, const std::optional<std::string>& exclusive_key,
                                     const std::string& updated_at) {
  s.execute(sql::kInsertPastPayment, {p.tenant_id, p.id, p.user_uuid, p.purpose, p.reference, p.provider, p.instrument,
                                      p.amount.amount, p.amount.currency, std::string(to_string(p.status)), p.created_at,
                                      updated_at, opt(exclusive_key), p.refunded});
}

bool PaymentsRepository::renew_lease(const std::string& payment_id, const std::string& holder,
                                     const std::string& lease_until) {
  return db_.execute(sql::kRenewLease, {payment_id, holder, lease_until}) == 1;
}

std::vector<std::string> PaymentsRepository::lapsed(const std::string& now, const std::string& unleased_before) {
  return db::read_values<std::string>(db_.query(sql::kLapsed, {now, unleased_before}));
}

bool PaymentsRepository::take_over(const std::string& payment_id, const std::string& holder, const std::string& now,
                                   const std::string& unleased_before, const std::string& lease_until) {
  return db_.execute(sql::kTakeOver, {payment_id, holder, now, unleased_before, lease_until}) == 1;
}

std::optional<Payment> PaymentsRepository::holder(std::int64_t tenant_id, const std::string& user_uuid,
                                                  const std::string& exclusive_key) {
  return db::read_first<Payment>(db_.query(sql::kHolder, {tenant_id, user_uuid, exclusive_key}));
}

std::optional<std::pair<std::string, std::string>> PaymentsRepository::live_for_reference(
    std::int64_t tenant_id, std::string_view purpose, const std::string& reference) {
  auto r = db::read_first<IdStatusRow>(db_.query(sql::kLiveByReference, {tenant_id, std::string(purpose), reference}));
  if (!r) return std::nullopt;
  return std::pair{std::move(r->id), std::move(r->status)};
}

namespace {

// A payment's webhook (issue 78 item 1), written in the transaction of the change it reports.
void announce(db::Session& s, const Payment& p, std::string_view type, std::int64_t amount, std::string_view status) {
  webhooks::record(s, p.tenant_id, type,
                   webhooks::PaymentEventData{p.id, p.user_uuid, p.purpose, p.reference, p.provider, amount,
                                              p.amount.currency, std::string(status)});
}

void announce_outcome(db::Session& s, const Payment& p) {
  if (p.status == Status::succeeded) announce(s, p, "payment.succeeded", p.amount.amount, "SUCCEEDED");
  else if (p.status == Status::declined || p.status == Status::insufficient_funds)
    announce(s, p, "payment.failed", p.amount.amount, to_string(p.status));
}

}  // namespace

bool PaymentsRepository::finish(db::Session& s, const Payment& p, const std::optional<std::string>& settle_outcome,
                                const std::string& at) {
  const bool done = s.execute(sql::kFinish, {p.tenant_id, p.id, std::string(to_string(p.status)), p.instrument,
                                              opt(p.settle_at), opt(settle_outcome), at, opt(p.provider_ref),
                                              opt(p.provider_url)}) == 1;
  if (done) announce_outcome(s, p);
  return done;
}

void PaymentsRepository::abandon(std::int64_t tenant_id, const std::string& payment_id, const std::string& at) {
  db_.execute(sql::kAbandon, {tenant_id, payment_id, at});
}

bool PaymentsRepository::abandon(db::Session& s, std::int64_t tenant_id, const std::string& payment_id,
                                 const std::string& at) {
  return s.execute(sql::kAbandon, {tenant_id, payment_id, at}) == 1;
}

bool PaymentsRepository::mark_returned(db::Session& s, const Payment& p, std::int64_t refunded, const std::string& at) {
  const bool done = s.execute(sql::kReturned, {p.tenant_id, p.id, p.instrument, opt(p.provider_ref), refunded, at}) == 1;
  if (done) announce(s, p, "payment.succeeded", p.amount.amount, "SUCCEEDED");
  return done;
}

std::optional<Payment> PaymentsRepository::by_id(const std::string& payment_id) {
  return db::read_first<Payment>(db_.query(sql::kById, {payment_id}));
}

std::optional<Payment> PaymentsRepository::by_id(db::Session& s, const std::string& payment_id) {
  return db::read_first<Payment>(s.query(sql::kById, {payment_id}));
}

std::vector<Payment> PaymentsRepository::for_reference(std::int64_t tenant_id, std::string_view purpose,
                                                       const std::string& reference) {
  return db::read_rows<Payment>(db_.query(sql::kByReference, {tenant_id, std::string(purpose), reference}));
}

std::vector<std::pair<std::string, std::string>> PaymentsRepository::due_pending(const std::string& now) {
  return due_of(db_.query(sql::kDuePending, {now}));
}

void PaymentsRepository::postpone_pending(const std::string& payment_id, const std::string& settle_at) {
  db_.execute(sql::kPostponePending, {payment_id, settle_at});
}

bool PaymentsRepository::settle(db::Session& s, const std::string& payment_id, Status outcome, const std::string& at) {
  const bool success = outcome == Status::succeeded;
  if (success && s.execute(sql::kHoldToSettle, {payment_id, at}) != 1) return false;
  if (s.execute(sql::kSettle, {payment_id, std::string(to_string(outcome)), at,
                               std::string(success ? "PROCESSING" : "PENDING")}) != 1)
    return false;
  if (auto p = by_id(s, payment_id)) announce_outcome(s, *p);
  return true;
}

std::optional<std::string> PaymentsRepository::save_method(db::Session& s, std::int64_t tenant_id,
                                                           const std::string& user_uuid, const std::string& provider,
                                                           const std::string& token, const std::string& label,
                                                           const std::string& at) {
  return db::read_value<std::string>(
      s.query(sql::kSaveMethod, {tenant_id, core::new_uuid(), user_uuid, provider, token, label, at}));
}

void PaymentsRepository::insert_past_method(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                            const SavedMethod& m, const std::string& at) {
  s.execute(sql::kInsertPastMethod, {tenant_id, m.id, user_uuid, m.provider, m.token, m.label, at});
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

void PaymentsRepository::insert_past_refund(db::Session& s, const Refund& f) {
  s.execute(sql::kInsertPastRefund, {f.tenant_id, f.id, f.payment_id, f.amount.amount, f.amount.currency,
                                     std::string(to_string(f.status)), f.reason, opt(f.staff_id),
                                     std::int64_t{f.keep_plan ? 1 : 0}, f.created_at, opt(f.settled_at)});
}

bool PaymentsRepository::finish_refund(db::Session& s, const Refund& f, const std::optional<std::string>& settle_outcome) {
  if (f.status == RefundStatus::pending)
    return s.execute(sql::kPendRefund, {f.tenant_id, f.id, opt(f.settle_at), opt(settle_outcome)}) == 1;
  const bool done = s.execute(sql::kFinishRefund, {f.tenant_id, f.id, std::string(to_string(f.status)),
                                                    opt(f.settle_at), opt(settle_outcome), opt(f.settled_at)}) == 1;
  if (done && f.status == RefundStatus::succeeded)
    if (auto p = by_id(s, f.payment_id))
      announce(s, *p, "payment.refunded", f.amount.amount, p->refunded >= p->amount.amount ? "REFUNDED" : "PARTIALLY_REFUNDED");
  return done;
}

bool PaymentsRepository::reverse_refund(db::Session& s, std::int64_t tenant_id, const std::string& refund_id,
                                        const std::string& at) {
  return s.execute(sql::kReverseRefund, {tenant_id, refund_id, at}) == 1;
}

std::optional<Refund> PaymentsRepository::refund_by_id(db::Session& s, const std::string& refund_id) {
  return db::read_first<Refund>(s.query(sql::kRefundById, {refund_id}));
}

std::vector<Refund> PaymentsRepository::refunds_of(std::int64_t tenant_id, const std::string& payment_id) {
  return db::read_rows<Refund>(db_.query(sql::kRefundsOfPayment, {tenant_id, payment_id}));
}

std::vector<Refund> PaymentsRepository::refunds_of(db::Session& s, std::int64_t tenant_id,
                                                   const std::string& payment_id) {
  return db::read_rows<Refund>(s.query(sql::kRefundsOfPayment, {tenant_id, payment_id}));
}

std::vector<std::pair<std::string, std::string>> PaymentsRepository::due_refunds(const std::string& now) {
  return due_of(db_.query(sql::kDueRefunds, {now}));
}

std::optional<Payment> PaymentsRepository::by_provider_ref(std::int64_t tenant_id, std::string_view provider,
                                                          const std::string& ref) {
  return db::read_first<Payment>(db_.query(sql::kByProviderRef, {tenant_id, std::string(provider), ref}));
}

void PaymentsRepository::set_provider_details(db::Session& s, const std::string& payment_id, const std::string& ref,
                                              const std::string& label) {
  s.execute(sql::kSetProviderDetails, {payment_id, ref, label});
}

bool PaymentsRepository::event_seen(std::int64_t tenant_id, std::string_view provider, const std::string& event_id) {
  return !db_.query(sql::kEventSeen, {tenant_id, std::string(provider), event_id}).empty();
}

void PaymentsRepository::record_event(db::Session& s, std::int64_t tenant_id, std::string_view provider,
                                      const std::string& event_id, const std::string& type, const std::string& at) {
  s.execute(sql::kRecordEvent, {tenant_id, std::string(provider), event_id, type, at});
}

void PaymentsRepository::upsert_dispute(db::Session& s, const Dispute& d) {
  s.execute(sql::kUpsertDispute, {d.id, d.tenant_id, d.payment_id, d.provider, d.amount.amount, d.amount.currency,
                                  d.reason, d.status, d.created_at});
}

std::vector<Dispute> PaymentsRepository::disputes_of(std::int64_t tenant_id, const std::string& payment_id) {
  return db::read_rows<Dispute>(db_.query(sql::kDisputesOf, {tenant_id, payment_id}));
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Payment, sql::kHolder);
PORTAL_ROW_READS(IdStatusRow, sql::kLiveByReference);
PORTAL_ROW_READS(Payment, sql::kById);
PORTAL_ROW_READS(Payment, sql::kByReference);
PORTAL_ROW_READS(PinChallenge, sql::kLatestPin);
PORTAL_ROW_READS(Refund, sql::kRefundById);
PORTAL_ROW_READS(Refund, sql::kRefundsOfPayment);
PORTAL_ROW_READS(Payment, sql::kByProviderRef);
PORTAL_ROW_READS(Dispute, sql::kDisputesOf);
PORTAL_ROW_READS(SavedMethod, sql::kMethodFor);
PORTAL_ROW_READS(SavedMethod, sql::kMethodById);
PORTAL_ROW_READS(DueRow, sql::kDuePending);
PORTAL_ROW_READS(DueRow, sql::kDueRefunds);
}  // namespace portal::payments
