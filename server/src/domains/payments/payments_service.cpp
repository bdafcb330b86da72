// PaymentsService: charges (claim, vet, ask the provider, record; resuming a lapsed claim and giving back what
// a lost claim took), saved methods, operator PINs and settling a pending charge. The refunds are in
// payments_refunds.cpp.
#include "domains/payments/payments_service.hpp"

#include <sodium.h>

#include <algorithm>
#include <cctype>
#include <thread>

#include "core/crypto.hpp"
#include "core/ids.hpp"
#include "core/lease.hpp"
#include "core/log.hpp"
#include "core/money.hpp"
#include "db/timestamp.hpp"
#include "domains/payments/settlement_refused.hpp"

namespace portal::payments {
namespace {

std::string sha256_hex(std::string_view text) {
  unsigned char out[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(out, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  char hex[2 * crypto_hash_sha256_BYTES + 1];
  sodium_bin2hex(hex, sizeof hex, out, sizeof out);
  return hex;
}

Error invalid_pin(std::int64_t tries_left) {
  Error e = Error::of(ErrorCode::invalid_pin, "The PIN is not correct");
  e.tries_left = tries_left;
  return e;
}

// The provider's call of a charge request (the payment's id its idempotency key).
ChargeCall call_of(const ChargeRequest& req, const std::string& key, const std::string& instrument) {
  return {req.tenant_id, key, req.amount, instrument, req.saved, req.hosted, req.present};
}

// Thrown inside the claim's transaction when the vet refuses: rolls the claim back.
struct VetRefused {};

// The provider's answer onto the payment it charged (asked now, or found by its key after a takeover): status,
// masked instrument and, for a pending one, when and how it settles (that outcome is returned).
std::optional<std::string> take_answer(Payment& payment, const ProviderCharge& answer,
                                       std::chrono::system_clock::time_point now) {
  payment.status = answer.status;
  payment.instrument = answer.label;
  payment.provider_ref = answer.reference;
  payment.provider_url = answer.status == Status::pending ? answer.redirect_url : std::nullopt;
  if (answer.status != Status::pending) return std::nullopt;
  payment.settle_at = db::utc_timestamp(now + answer.settle_after);
  return std::string(to_string(answer.settle_outcome));
}

// A charge's whole amount given back through its provider under `refund_id` (give_back, return_taken): the
// refund as the provider's answer leaves it, and a pending one's outcome to come.
struct FullRefund {
  Refund refund;
  std::optional<std::string> settle_outcome;
};

FullRefund refund_in_full(PaymentProvider& provider, const Payment& payment, std::string refund_id,
                          const core::Clock& clock) {
  FullRefund out;
  Refund& r = out.refund;
  r.id = std::move(refund_id);
  r.tenant_id = payment.tenant_id;
  r.payment_id = payment.id;
  r.amount = payment.amount;
  r.reason = std::string(kReturnedReason);
  r.created_at = db::utc_timestamp(clock.now());
  const ProviderRefund answer = provider.refund(payment, payment.amount, r.id);
  r.status = answer.status;
  if (answer.status == RefundStatus::pending) {
    r.settle_at = db::utc_timestamp(clock.now() + answer.settle_after);
    out.settle_outcome = std::string(to_string(answer.settle_outcome));
  } else {
    r.settled_at = r.created_at;
  }
  return out;
}

void write_refund(PaymentsRepository& repository, db::Session& s, const FullRefund& back) {
  repository.insert_refund(s, back.refund);
  repository.finish_refund(s, back.refund, back.settle_outcome);
}

}  // namespace

PaymentsService::PaymentsService(PaymentsRepository& repository, const core::Clock& clock, std::string webhook_secret)
    : repository_(repository), clock_(clock), secret_(std::move(webhook_secret)) {}

void PaymentsService::add_provider(std::unique_ptr<PaymentProvider> provider) {
  std::string name(provider->name());
  providers_[name] = std::move(provider);
}

PaymentProvider* PaymentsService::provider(std::string_view name) const {
  auto it = providers_.find(name);
  return it == providers_.end() ? nullptr : it->second.get();
}

std::vector<std::string> PaymentsService::provider_names() const {
  std::vector<std::string> out;
  for (const auto& [name, provider] : providers_) out.push_back(name);
  return out;
}

Result<Payment> PaymentsService::charge(const ChargeRequest& req, const Then& then, const Vet& vet) {
  PaymentProvider* p = provider(req.provider);
  if (!p) return Error::of(ErrorCode::unknown_provider, "unknown payment provider '" + req.provider + "'");
  std::string instrument = req.instrument;
  if (!req.saved) {
    auto normalized = p->normalize(req.instrument);
    if (!normalized) return normalized.error();
    instrument = *normalized;
  }
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  Payment payment;
  payment.id = req.payment_id.value_or(core::new_uuid());
  payment.tenant_id = req.tenant_id;
  payment.user_uuid = req.user_uuid;
  payment.purpose = req.purpose;
  payment.reference = req.reference;
  payment.provider = req.provider;
  payment.amount = req.amount;
  payment.created_at = at;
  const std::string holder = core::new_uuid();
  try {
    const auto claimed = repository_.transact([&](db::Session& s) {
      repository_.claim(s, payment, req.exclusive_key, holder, db::utc_timestamp(now + core::kLeaseLength));
      if (vet && vet(s)) throw VetRefused{};  // rolls the claim back
    });
    if (claimed == PaymentsRepository::Write::taken) {
      if (req.payment_id) p->release_code(req.tenant_id, *req.payment_id);  // the operator's reservation ends
      return taken(req);
    }
  } catch (const VetRefused&) {
    if (req.payment_id) p->release_code(req.tenant_id, *req.payment_id);
    return Error::of(ErrorCode::refused, "The charge was refused before the provider was asked");
  }
  return ask_provider(*p, std::move(payment), instrument, req, then, holder);
}

Result<Payment> PaymentsService::resume_charge(const ChargeRequest& req, const std::string& payment_id,
                                               const Then& then) {
  PaymentProvider* p = provider(req.provider);
  if (!p) return Error::of(ErrorCode::unknown_provider, "unknown payment provider '" + req.provider + "'");
  std::string instrument = req.instrument;
  if (!req.saved) {
    auto normalized = p->normalize(req.instrument);
    if (!normalized) return normalized.error();
    instrument = *normalized;
  }
  auto payment = repository_.by_id(payment_id);
  if (!payment || payment->tenant_id != req.tenant_id) return Error::of(ErrorCode::payment_not_found, "No such payment");
  if (payment->status != Status::processing) {
    Error e = Error::of(ErrorCode::payment_not_pending, "The payment is not in flight");
    e.payment_id = payment->id;
    e.status = std::string(to_string(payment->status));
    return e;
  }
  return ask_provider(*p, std::move(*payment), instrument, req, then, {});
}

// A claimed charge: the provider is asked (the payment's id its idempotency key), then the outcome written
// with `then`; the claim's lease is renewed meanwhile.
Result<Payment> PaymentsService::ask_provider(PaymentProvider& provider, Payment payment, const std::string& instrument,
                                              const ChargeRequest& req, const Then& then, const std::string& holder) {
  PaymentProvider* p = &provider;
  std::optional<core::Heartbeat> beat;
  if (!holder.empty())
    beat.emplace([this, id = payment.id, &holder] {
      return repository_.renew_lease(id, holder, db::utc_timestamp(clock_.now() + core::kLeaseLength));
    });
  const ProviderCharge result = p->charge(call_of(req, payment.id, instrument));
  if (test_delay_.count() > 0) std::this_thread::sleep_for(test_delay_);  // the crash tests' window
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  const auto settle_outcome = take_answer(payment, result, now);
  bool recorded = false;
  try {
    recorded = record(payment, result, settle_outcome, req, at, then);
  } catch (...) {
    // The effect could not be written (a database fault, or the caller's
    // rule refused it): the charge leaves the unique index so it can be
    // retried, and money taken goes back through the provider at once.
    try {
      repository_.abandon(req.tenant_id, payment.id, db::utc_timestamp(clock_.now()));
    } catch (...) {
    }
    core::log_json(spdlog::level::err, "payment recorded without its effect",
                   {{"payment", payment.id}, {"status", to_string(result.status)}});
    if (result.status == Status::succeeded) give_back(*p, payment);
    throw;
  }
  if (!recorded) {  // another instance took the charge over and recorded the provider's same answer
    if (auto current = repository_.by_id(payment.id)) return *current;
    return payment;
  }
  if (payment.status == Status::succeeded) tell_paid(payment);
  return payment;
}

void PaymentsService::on_resumed(std::string purpose, Then then) { resumers_[std::move(purpose)] = std::move(then); }

int PaymentsService::resume_lapsed() {
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  // A row claimed by a binary older than the leases: lapsed once unchanged for its old window.
  const std::string unleased_before = db::utc_timestamp(now - std::chrono::minutes(10));
  int taken = 0;
  for (const auto& id : repository_.lapsed(at, unleased_before)) {
    const std::string holder = core::new_uuid();
    if (!repository_.take_over(id, holder, at, unleased_before, db::utc_timestamp(now + core::kLeaseLength)))
      continue;  // another instance took it, or it finished meanwhile
    ++taken;
    try {
      resume_one(id, holder);
    } catch (const std::exception& e) {  // its lease lapses again; the next look retries
      core::log_json(spdlog::level::err, "lapsed charge not resumed", {{"payment", id}, {"error", e.what()}});
    }
  }
  return taken;
}

void PaymentsService::resume_one(const std::string& payment_id, const std::string& holder) {
  core::Heartbeat beat([&] {
    return repository_.renew_lease(payment_id, holder, db::utc_timestamp(clock_.now() + core::kLeaseLength));
  });
  auto payment = repository_.by_id(payment_id);
  if (!payment || payment->status != Status::processing) return;
  PaymentProvider* p = provider(payment->provider);
  // What the charge was asked with: a renewal (the purposes that resume) charged the user's saved method; the
  // others are asked as fresh charges, which a provider taking cards on its own page never made without the payer.
  ChargeCall call{payment->tenant_id, payment->id, payment->amount, "", false, std::nullopt};
  if (resumers_.contains(payment->purpose))
    if (auto method = repository_.method_for(payment->tenant_id, payment->user_uuid, payment->provider)) {
      call.instrument = method->token;
      call.saved = true;
    }
  const std::optional<ProviderCharge> answer = p ? p->find_charge(call) : std::nullopt;
  const std::string at = db::utc_timestamp(clock_.now());
  const auto resumer = resumers_.find(payment->purpose);
  if (!answer || answer->status == Status::processing) {
    release_untaken(*payment, at);
    core::log_json(spdlog::level::warn, "lapsed charge never reached its provider; released",
                   {{"payment", payment->id}, {"purpose", payment->purpose}});
    return;
  }
  if (resumer == resumers_.end()) {
    // Nobody writes this purpose's effect from the claim: money taken goes back, what it reserved is released.
    core::log_json(spdlog::level::warn, "lapsed charge released",
                   {{"payment", payment->id}, {"purpose", payment->purpose}, {"status", to_string(answer->status)}});
    if (answer->status != Status::succeeded) {
      release_untaken(*payment, at);
      return;
    }
    payment->instrument = answer->label;
    if (answer->reference) payment->provider_ref = answer->reference;  // what the refund names at the provider
    return_taken(*p, std::move(*payment));
    return;
  }
  ChargeRequest req;
  req.tenant_id = payment->tenant_id;
  req.user_uuid = payment->user_uuid;
  req.purpose = payment->purpose;
  req.reference = payment->reference;
  req.provider = payment->provider;
  req.saved = true;
  req.amount = payment->amount;
  const auto settle_outcome = take_answer(*payment, *answer, clock_.now());
  if (!record(*payment, *answer, settle_outcome, req, at, resumer->second)) return;
  core::log_json(spdlog::level::info, "lapsed charge resumed",
                 {{"payment", payment->id}, {"purpose", payment->purpose}, {"status", to_string(answer->status)}});
  if (payment->status == Status::succeeded) tell_paid(*payment);
}

// A charge taken whose effect was not written (its row abandoned, so no
// reservation applies): refunded in full through its provider, and recorded
// when the database lets us.
void PaymentsService::give_back(PaymentProvider& provider, const Payment& payment) {
  const FullRefund back = refund_in_full(provider, payment, core::new_uuid(), clock_);
  core::log_json(back.refund.status == RefundStatus::failed ? spdlog::level::err : spdlog::level::warn,
                 "unrecorded charge refunded", {{"payment", payment.id}, {"refund", to_string(back.refund.status)}});
  try {
    repository_.database().transaction([&](db::Session& s) { write_refund(repository_, s, back); });
  } catch (...) {
    core::log_json(spdlog::level::err, "unrecorded charge refunded but its refund not recorded", {{"payment", payment.id}});
  }
}

void PaymentsService::on_released(std::string purpose, Then then) { releasers_[std::move(purpose)] = std::move(then); }

void PaymentsService::released(db::Session& s, const Payment& payment) const {
  if (auto it = releasers_.find(payment.purpose); it != releasers_.end() && it->second) it->second(s, payment);
}

void PaymentsService::release_untaken(const Payment& payment, const std::string& at) {
  repository_.database().transaction([&](db::Session& s) {
    if (!repository_.abandon(s, payment.tenant_id, payment.id, at)) return;  // recorded meanwhile
    Payment out = payment;
    out.status = Status::declined;
    out.instrument = "abandoned";
    released(s, out);
  });
}

// The claim still holds the charge (PROCESSING, its lease renewed by resume_one's heartbeat), so no retry claims the
// purchase meanwhile. The refund's id comes from the payment's: an instance that dies here and the next one that takes
// the charge over ask the provider with the same key (booked once), and only the one that changes the row records it.
// A refund the provider refuses leaves the payment SUCCEEDED and unrefunded beside a FAILED refund: the money is the
// operator's to give back (the console's refund), and the figures say so.
void PaymentsService::return_taken(PaymentProvider& provider, Payment payment) {
  const FullRefund back = refund_in_full(provider, payment, core::name_uuid("returned:" + payment.id), clock_);
  const std::int64_t given_back = back.refund.status == RefundStatus::failed ? 0 : payment.amount.amount;
  bool recorded = false;
  repository_.database().transaction([&](db::Session& s) {
    recorded = repository_.mark_returned(s, payment, given_back, back.refund.created_at);
    if (!recorded) return;
    write_refund(repository_, s, back);
    Payment out = payment;
    out.status = Status::succeeded;
    out.refunded = given_back;
    released(s, out);
  });
  core::log_json(back.refund.status == RefundStatus::failed ? spdlog::level::err : spdlog::level::warn,
                 "unrecorded charge refunded",
                 {{"payment", payment.id}, {"refund", to_string(back.refund.status)}, {"recorded", recorded ? "yes" : "no"}});
  if (recorded && back.refund.status == RefundStatus::succeeded) refunded(back.refund);
}

void PaymentsService::give_back_late(const Payment& payment, const std::string& provider_ref) {
  PaymentProvider* p = provider(payment.provider);
  if (!p) return;
  Payment taken = payment;
  taken.provider_ref = provider_ref;
  // Named first, so that the other event of the pair (or a replay) finds it given back already.
  repository_.database().transaction(
      [&](db::Session& s) { repository_.set_provider_details(s, payment.id, provider_ref, payment.instrument); });
  give_back(*p, taken);
}

void PaymentsService::tell_paid(const Payment& p) const {
  if (!paid_) return;
  try {
    paid_(p);
  } catch (const std::exception& e) {
    core::log_json(spdlog::level::err, "payment succeeded but its receipt failed",
                   {{"payment", p.id}, {"error", e.what()}});
  }
}

// Why a claim failed: the purchase's own charge, or another one holding the key.
Error PaymentsService::taken(const ChargeRequest& req) {
  auto live = repository_.live_for_reference(req.tenant_id, req.purpose, req.reference);
  if (live || !req.exclusive_key) {
    Error e = Error::of(ErrorCode::payment_exists, "A payment for this purchase is already in progress or done");
    if (live) {
      e.payment_id = live->first;
      e.status = live->second;
    }
    return e;
  }
  Error e = Error::of(ErrorCode::payment_busy, "Another payment that excludes this one is in progress");
  if (auto holder = repository_.holder(req.tenant_id, req.user_uuid, *req.exclusive_key)) {
    e.payment_id = holder->id;
    e.purpose = holder->purpose;
    e.reference = holder->reference;
  }
  return e;
}

bool PaymentsService::record(Payment& payment, const ProviderCharge& result,
                             const std::optional<std::string>& settle_outcome, const ChargeRequest& req,
                             const std::string& at, const Then& then) {
  bool recorded = false;
  repository_.database().transaction([&](db::Session& s) {
    recorded = repository_.finish(s, payment, settle_outcome, at);
    if (!recorded) return;  // another instance wrote it
    if (result.save_token && (result.status == Status::succeeded || result.status == Status::pending))
      payment.saved_method_id =
          repository_.save_method(s, req.tenant_id, req.user_uuid, req.provider, *result.save_token, result.label, at);
    if (then) then(s, payment);
  });
  return recorded;
}

std::optional<SavedMethod> PaymentsService::saved_method(std::int64_t tenant_id, const std::string& user_uuid,
                                                         std::string_view provider) {
  return repository_.method_for(tenant_id, user_uuid, provider);
}

std::optional<SavedMethod> PaymentsService::method_by_id(std::int64_t tenant_id, const std::string& id) {
  return repository_.method_by_id(tenant_id, id);
}

std::string PaymentsService::issue_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                       const std::string& reference, const std::string& msisdn) {
  const std::string pin = std::to_string(1000 + randombytes_uniform(9000));
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  repository_.replace_pin(tenant_id, user_uuid, reference, msisdn, sha256_hex(reference + ":" + pin),
                          std::int64_t{kPinTries}, db::utc_timestamp(now + kPinLifetime), at);
  return pin;
}

Result<PaymentsService::PinStarted> PaymentsService::start_pin(const PinRequest& req) {
  PaymentProvider* p = provider(req.provider);
  if (!p) return Error::of(ErrorCode::unknown_provider, "unknown payment provider '" + req.provider + "'");
  auto msisdn = p->normalize(req.msisdn);
  if (!msisdn) return msisdn.error();
  PinStarted started;
  started.msisdn = *msisdn;
  if (!p->sends_own_code()) {
    started.pin = issue_pin(req.tenant_id, req.user_uuid, req.reference, *msisdn);
    return started;
  }
  CodeCall call{req.tenant_id, req.user_uuid, req.reference, *msisdn, req.amount, req.description, req.message};
  auto sent = p->send_code(call);
  if (!sent) return sent.error();
  started.payment_id = sent->payment_id;
  started.refused = sent->refused;
  return started;
}

Result<PaymentsService::PinVerified> PaymentsService::verify_code(std::int64_t tenant_id, const std::string& user_uuid,
                                                                  const std::string& reference,
                                                                  const std::string& provider_name, const std::string& pin) {
  PaymentProvider* p = provider(provider_name);
  if (p && p->sends_own_code()) {
    auto checked = p->check_code(tenant_id, user_uuid, reference, pin);
    if (!checked) return checked.error();
    return PinVerified{checked->msisdn, checked->payment_id};
  }
  auto msisdn = verify_pin(tenant_id, user_uuid, reference, pin);
  if (!msisdn) return msisdn.error();
  return PinVerified{*msisdn, std::nullopt};
}

Result<std::string> PaymentsService::verify_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                                      const std::string& reference, const std::string& pin) {
  auto challenge = repository_.latest_pin(tenant_id, user_uuid, reference);
  if (!challenge) return invalid_pin(0);
  const std::string now = db::utc_timestamp(clock_.now());
  if (challenge->tries_left <= 0 || challenge->expires_at <= now) return invalid_pin(0);
  const std::string& expected = challenge->pin_hash;
  const std::string given = sha256_hex(reference + ":" + pin);
  const bool right = given.size() == expected.size() &&
                     sodium_memcmp(given.data(), expected.data(), given.size()) == 0;
  if (!right) {
    // Spending a try is a conditional update: concurrent guesses cannot exceed three.
    repository_.spend_try(tenant_id, challenge->id);
    return invalid_pin(std::max<std::int64_t>(0, challenge->tries_left - 1));
  }
  if (!repository_.use_pin(tenant_id, challenge->id, now)) return invalid_pin(0);
  return challenge->msisdn;
}

void PaymentsService::on_settled(std::string purpose, Then then) { settlers_[std::move(purpose)] = std::move(then); }

const PaymentsService::Then& PaymentsService::settler(const Payment& p, const Then& fallback) const {
  auto it = settlers_.find(p.purpose);
  return it == settlers_.end() ? fallback : it->second;
}

int PaymentsService::settle_due(const Then& then) {
  const std::string now = db::utc_timestamp(clock_.now());
  int settled = 0;
  for (const auto& [id, settle_outcome] : repository_.due_pending(now)) {
    Status outcome = status_from(settle_outcome).value_or(Status::succeeded);
    try {
      // The provider's own word, when it can be asked (CAMARA: a notification that is late or lost).
      if (auto payment = repository_.by_id(id); payment && payment->status == Status::pending)
        if (PaymentProvider* p = provider(payment->provider))
          if (auto asked = p->charge_status(*payment)) {
            if (*asked == Status::pending || *asked == Status::processing) {
              repository_.postpone_pending(id, db::utc_timestamp(clock_.now() + kChargeLookAgain));
              continue;
            }
            outcome = *asked;
          }
    } catch (const std::exception& e) {  // the provider out of reach: the next run asks again
      core::log_json(spdlog::level::warn, "pending charge not asked of its provider", {{"payment", id}, {"error", e.what()}});
      continue;
    }
    auto done = settle(id, outcome, then);
    if (done) ++settled;
  }
  return settled;
}

Result<Payment> PaymentsService::settle(const std::string& payment_id, Status outcome, const Then& then) {
  return settle(payment_id, outcome, then, Settlement{});
}

Result<Payment> PaymentsService::settle(const std::string& payment_id, Status outcome, const Then& then,
                                        const Settlement& details) {
  if (outcome != Status::succeeded && outcome != Status::declined)
    return Error::of(ErrorCode::invalid_outcome, "outcome: success or decline");
  // A `then` that refuses the success (SettlementRefused): settled declined.
  const auto declined = [&](const std::string& reason) {
    core::log_json(spdlog::level::warn, "pending payment refused by its purchase; settled declined",
                   {{"payment", payment_id}, {"reason", reason}});
    return settle_as(payment_id, Status::declined, then, &details);
  };
  try {
    return settle_as(payment_id, outcome, then, &details);
  } catch (const SettlementRefused& refused) {
    if (outcome != Status::succeeded) throw;
    return declined(refused.reason);
  }
}

Result<Payment> PaymentsService::settle_as(const std::string& payment_id, Status outcome, const Then& then,
                                           const Settlement* details) {
  std::optional<Payment> result;
  bool changed = false;
  const std::string at = db::utc_timestamp(clock_.now());
  const auto written = repository_.transact([&](db::Session& s) {
    changed = false;  // a retried transaction (db::TransientError) decides again
    result = repository_.by_id(s, payment_id);
    if (!result || result->status != Status::pending) return;
    if (!repository_.settle(s, payment_id, outcome, at)) return;
    changed = true;
    result->status = outcome;
    if (details && details->reference) {
      result->provider_ref = details->reference;
      result->provider_url.reset();
      if (details->label) result->instrument = *details->label;
      repository_.set_provider_details(s, payment_id, *details->reference, result->instrument);
    }
    if (details && details->save_token && outcome == Status::succeeded)
      result->saved_method_id = repository_.save_method(s, result->tenant_id, result->user_uuid, result->provider,
                                                        *details->save_token, result->instrument, at);
    if (const auto& handler = settler(*result, then)) handler(s, *result);
  });
  if (written == PaymentsRepository::Write::taken) {
    Error e = Error::of(ErrorCode::payment_busy, "Another payment that excludes this one is in progress; settle it later");
    e.payment_id = payment_id;
    return e;
  }
  if (!result) return Error::of(ErrorCode::payment_not_found, "No such payment");
  if (!changed) {
    Error e = Error::of(ErrorCode::payment_not_pending, "The payment is not pending");
    e.payment_id = result->id;
    e.status = std::string(to_string(result->status));
    return e;
  }
  if (result->status == Status::succeeded) tell_paid(*result);
  return *result;
}

std::optional<Payment> PaymentsService::payment(const std::string& payment_id) {
  return repository_.by_id(payment_id);
}

std::vector<Payment> PaymentsService::for_reference(std::int64_t tenant_id, std::string_view purpose,
                                                   const std::string& reference) {
  return repository_.for_reference(tenant_id, purpose, reference);
}

std::string PaymentsService::sign(std::string_view payload) const { return core::hmac_sha256_hex(secret_, payload); }

std::string PaymentsService::webhook_signature(std::string_view body, std::int64_t unix_time) const {
  const std::string t = std::to_string(unix_time);
  return "t=" + t + ",v1=" + sign(t + "." + std::string(body));
}

PaymentsService::WebhookCheck PaymentsService::verify_webhook(std::string_view body, std::string_view header) const {
  if (secret_.empty()) return WebhookCheck::mismatch;
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(clock_.now().time_since_epoch()).count();
  return check_webhook_signature({secret_}, body, header, now);
}

}  // namespace portal::payments
