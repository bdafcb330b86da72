#pragma once
// Charges, saved methods, operator PINs and settling (docs/contracts.md
// "Subscriptions"): the rules; the SQL is in PaymentsRepository. Every
// method blocks (SQL): call it on the database pool.
//
// A charge is claimed first (a PROCESSING row, unique per purpose and
// reference while in flight, pending or succeeded), then the provider is
// asked, then the outcome is written in one transaction together with the
// caller's own change (`then`), so a paid charge never lacks its effect.
// Expected failures are core::Error values: 409 PAYMENT_EXISTS, 400
// INVALID_CARD / INVALID_MSISDN / INVALID_PIN (data.triesLeft), 404
// PAYMENT_NOT_FOUND, 409 PAYMENT_NOT_PENDING.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "db/database.hpp"
#include "domains/payments/payment_provider.hpp"
#include "domains/payments/payments_repository.hpp"
#include "domains/payments/payments_types.hpp"

namespace portal::payments {

class PaymentsService {
 public:
  // Runs inside the transaction that records a charge's outcome or a settlement.
  using Then = std::function<void(db::Session&, const Payment&)>;

  PaymentsService(PaymentsRepository& repository, const core::Clock& clock, std::string webhook_secret);

  void add_provider(std::unique_ptr<PaymentProvider> provider);
  PaymentProvider* provider(std::string_view name) const;

  core::Result<Payment> charge(const ChargeRequest& request, const Then& then);

  std::optional<SavedMethod> saved_method(std::int64_t tenant_id, const std::string& user_uuid,
                                          std::string_view provider);
  std::optional<SavedMethod> method_by_id(std::int64_t tenant_id, const std::string& id);

  // A new 4-digit PIN for (user, reference), replacing older ones; the caller sends it.
  std::string issue_pin(std::int64_t tenant_id, const std::string& user_uuid, const std::string& reference,
                        const std::string& msisdn);
  // The MSISDN the PIN was sent to; 400 INVALID_PIN with data {triesLeft} otherwise
  // (wrong, expired, spent, or none issued). A right PIN is spent.
  core::Result<std::string> verify_pin(std::int64_t tenant_id, const std::string& user_uuid,
                                       const std::string& reference, const std::string& pin);

  // Settles pending payments whose settle time passed; returns how many.
  int settle_due(const Then& then);
  // Settles one pending payment (webhook); outcome succeeded or declined.
  core::Result<Payment> settle(const std::string& payment_id, Status outcome, const Then& then);
  std::optional<Payment> payment(const std::string& payment_id);
  std::vector<Payment> for_reference(std::int64_t tenant_id, std::string_view purpose, const std::string& reference);

  // Webhook signatures: hex HMAC-SHA256 of the raw body with the server secret.
  std::string sign(std::string_view body) const;
  bool verify_signature(std::string_view body, std::string_view hex_signature) const;

 private:
  void record(Payment& payment, const ProviderCharge& result, const std::optional<std::string>& settle_outcome,
              const ChargeRequest& req, const std::string& at, const Then& then);
  PaymentsRepository& repository_;
  const core::Clock& clock_;
  std::string secret_;
  std::map<std::string, std::unique_ptr<PaymentProvider>, std::less<>> providers_;
};

}  // namespace portal::payments
