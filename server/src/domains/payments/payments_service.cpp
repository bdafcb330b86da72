#include "domains/payments/payments_service.hpp"

#include <sodium.h>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "db/timestamp.hpp"
#include "domains/payments/payments_sql.hpp"

namespace portal::payments {
namespace {

std::string sha256_hex(std::string_view text) {
  unsigned char out[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(out, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  char hex[2 * crypto_hash_sha256_BYTES + 1];
  sodium_bin2hex(hex, sizeof hex, out, sizeof out);
  return hex;
}

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
  return p;
}

SavedMethod method_from(const db::Row& r) { return {r.text(0), r.text(1), r.text(2), r.text(3)}; }

core::Error invalid_pin(std::int64_t tries_left) {
  return {400, "INVALID_PIN", "The PIN is not correct", boost::json::object{{"field", "pin"}, {"triesLeft", tries_left}}};
}

}  // namespace

PaymentsService::PaymentsService(db::Database& db, const core::Clock& clock, std::string webhook_secret)
    : db_(db), clock_(clock), secret_(std::move(webhook_secret)) {}

void PaymentsService::add_provider(std::unique_ptr<PaymentProvider> provider) {
  std::string name(provider->name());
  providers_[name] = std::move(provider);
}

PaymentProvider* PaymentsService::provider(std::string_view name) const {
  auto it = providers_.find(name);
  return it == providers_.end() ? nullptr : it->second.get();
}

core::Result<Payment> PaymentsService::charge(const ChargeRequest& req, const Then& then) {
  PaymentProvider* p = provider(req.provider);
  if (!p) return core::Error::bad_request("unknown payment provider '" + req.provider + "'");
  std::string instrument = req.instrument;
  if (!req.saved) {
    auto normalized = p->normalize(req.instrument);
    if (!normalized) return normalized.error();
    instrument = *normalized;
  }
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  Payment payment;
  payment.id = core::new_uuid();
  payment.tenant_id = req.tenant_id;
  payment.user_uuid = req.user_uuid;
  payment.purpose = req.purpose;
  payment.reference = req.reference;
  payment.provider = req.provider;
  payment.amount = req.amount;
  payment.created_at = at;
  try {
    db_.execute(sql::kClaim, {req.tenant_id, payment.id, req.user_uuid, req.purpose, req.reference, req.provider,
                              req.amount.amount, req.amount.currency, at});
  } catch (const db::ConstraintError&) {
    auto live = db_.query(sql::kLiveByReference, {req.tenant_id, req.purpose, req.reference});
    boost::json::object data;
    if (!live.empty()) data = {{"paymentId", live[0].text(0)}, {"status", live[0].text(1)}};
    return core::Error{409, "PAYMENT_EXISTS", "A payment for this purchase is already in progress or done",
                       std::move(data)};
  }

  const ProviderCharge result = req.saved ? p->charge_saved(instrument, req.amount) : p->charge(instrument, req.amount);
  payment.status = result.status;
  payment.instrument = result.label;
  std::optional<std::string> settle_outcome;
  if (result.status == Status::pending) {
    payment.settle_at = db::utc_timestamp(now + result.settle_after);
    settle_outcome = std::string(to_string(result.settle_outcome));
  }
  try {
    record(payment, result, settle_outcome, req, at, then);
  } catch (...) {
    // The effect could not be written (a database fault, or the caller's
    // rule refused it): the charge leaves the unique index so it can be
    // retried, and the log says a real provider would owe a refund.
    try {
      db_.execute(sql::kAbandon, {req.tenant_id, payment.id, db::utc_timestamp(clock_.now())});
    } catch (...) {
    }
    core::log_json(spdlog::level::err, "payment recorded without its effect",
                   {{"payment", payment.id}, {"status", to_string(result.status)}});
    throw;
  }
  return payment;
}

void PaymentsService::record(Payment& payment, const ProviderCharge& result,
                             const std::optional<std::string>& settle_outcome, const ChargeRequest& req,
                             const std::string& at, const Then& then) {
  db_.transaction([&](db::Session& s) {
    const db::Value settle_at = payment.settle_at ? db::Value(*payment.settle_at) : db::Value(nullptr);
    const db::Value outcome = settle_outcome ? db::Value(*settle_outcome) : db::Value(nullptr);
    s.execute(sql::kFinish, {req.tenant_id, payment.id, std::string(to_string(result.status)), result.label, settle_at,
                             outcome, at});
    if (result.save_token && (result.status == Status::succeeded || result.status == Status::pending)) {
      auto rows = s.query(sql::kSaveMethod, {req.tenant_id, core::new_uuid(), req.user_uuid, req.provider,
                                             *result.save_token, result.label, at});
      if (!rows.empty()) payment.saved_method_id = rows[0].text(0);
    }
    if (then) then(s, payment);
  });
}

std::optional<SavedMethod> PaymentsService::saved_method(std::int64_t tenant_id, const std::string& user_uuid,
                                                         std::string_view provider) {
  auto rows = db_.query(sql::kMethodFor, {tenant_id, user_uuid, std::string(provider)});
  if (rows.empty()) return std::nullopt;
  return method_from(rows[0]);
}

std::optional<SavedMethod> PaymentsService::method_by_id(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kMethodById, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return method_from(rows[0]);
}

std::string PaymentsService::issue_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                       const std::string& reference, const std::string& msisdn) {
  const std::string pin = std::to_string(1000 + randombytes_uniform(9000));
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  db_.transaction([&](db::Session& s) {
    s.execute(sql::kRetirePins, {tenant_id, user_uuid, reference, at});
    s.execute(sql::kInsertPin, {tenant_id, core::new_uuid(), user_uuid, reference, msisdn,
                                sha256_hex(reference + ":" + pin), std::int64_t{kPinTries},
                                db::utc_timestamp(now + kPinLifetime), at});
  });
  return pin;
}

core::Result<std::string> PaymentsService::verify_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                                      const std::string& reference, const std::string& pin) {
  auto rows = db_.query(sql::kLatestPin, {tenant_id, user_uuid, reference});
  if (rows.empty()) return invalid_pin(0);
  const auto& r = rows[0];
  const std::string id = r.text(0);
  const std::int64_t tries = r.integer(3);
  const std::string now = db::utc_timestamp(clock_.now());
  if (tries <= 0 || r.text(4) <= now) return invalid_pin(0);
  const std::string expected = r.text(2);
  const std::string given = sha256_hex(reference + ":" + pin);
  const bool right = given.size() == expected.size() &&
                     sodium_memcmp(given.data(), expected.data(), given.size()) == 0;
  if (!right) {
    // Spending a try is a conditional update: concurrent guesses cannot exceed three.
    db_.execute(sql::kSpendTry, {tenant_id, id});
    return invalid_pin(std::max<std::int64_t>(0, tries - 1));
  }
  if (db_.execute(sql::kUsePin, {tenant_id, id, now}) != 1) return invalid_pin(0);
  return r.text(1);
}

int PaymentsService::settle_due(const Then& then) {
  const std::string now = db::utc_timestamp(clock_.now());
  int settled = 0;
  for (const auto& row : db_.query(sql::kDuePending, {now})) {
    const Status outcome = status_from(row.text(1)).value_or(Status::succeeded);
    auto done = settle(row.text(0), outcome, then);
    if (done) ++settled;
  }
  return settled;
}

core::Result<Payment> PaymentsService::settle(const std::string& payment_id, Status outcome, const Then& then) {
  if (outcome != Status::succeeded && outcome != Status::declined)
    return core::Error::bad_request("outcome: success or decline", boost::json::object{{"field", "outcome"}});
  std::optional<Payment> result;
  bool changed = false;
  const std::string at = db::utc_timestamp(clock_.now());
  db_.transaction([&](db::Session& s) {
    auto rows = s.query(sql::kById, {payment_id});
    if (rows.empty()) return;
    result = payment_from(rows[0]);
    if (result->status != Status::pending) return;
    if (s.execute(sql::kSettle, {payment_id, std::string(to_string(outcome)), at}) != 1) return;
    changed = true;
    result->status = outcome;
    if (then) then(s, *result);
  });
  if (!result) return core::Error::not_found("PAYMENT_NOT_FOUND", "No such payment");
  if (!changed) {
    core::Error e = core::Error::conflict("PAYMENT_NOT_PENDING", "The payment is not pending");
    e.data = boost::json::object{{"paymentId", result->id}, {"status", to_string(result->status)}};
    return e;
  }
  return *result;
}

std::optional<Payment> PaymentsService::payment(const std::string& payment_id) {
  auto rows = db_.query(sql::kById, {payment_id});
  if (rows.empty()) return std::nullopt;
  return payment_from(rows[0]);
}

std::vector<Payment> PaymentsService::for_reference(std::int64_t tenant_id, std::string_view purpose,
                                                   const std::string& reference) {
  std::vector<Payment> out;
  for (const auto& r : db_.query(sql::kByReference, {tenant_id, std::string(purpose), reference})) out.push_back(payment_from(r));
  return out;
}

std::string PaymentsService::sign(std::string_view body) const {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret_.data()), secret_.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(body.data()), body.size());
  crypto_auth_hmacsha256_final(&state, mac);
  char hex[2 * crypto_auth_hmacsha256_BYTES + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

bool PaymentsService::verify_signature(std::string_view body, std::string_view hex_signature) const {
  if (secret_.empty()) return false;
  const std::string expected = sign(body);
  std::string given(hex_signature);
  for (auto& c : given) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return given.size() == expected.size() && sodium_memcmp(given.data(), expected.data(), given.size()) == 0;
}

}  // namespace portal::payments
