#pragma once
// The sandbox providers' own book (migration 0050): what a real provider keeps behind its idempotency keys.
// A call is recorded under the key the portal sent (a payment's id for a charge, a refund's id for a
// refund); a second call with the same key answers what the first call did and moves no money, and the
// same key with another amount is refused (as Stripe refuses it, "Keys for idempotent requests can only be
// used with the same parameters"). So a retry after a crash or a takeover by another instance asks again
// safely, and find_charge() tells an instance taking a charge over whether the provider ever saw it.
// Blocking (SQL).
#include <optional>
#include <string_view>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/payment_provider.hpp"

namespace portal::payments {

class SandboxLedger {
 public:
  SandboxLedger(db::Database& database, const core::Clock& clock) : db_(database), clock_(clock) {}

  // `decided` is what the provider does with a first call; the answer is the one recorded under the key.
  // Throws std::invalid_argument when the key was used with another amount or kind.
  ProviderCharge charge_once(std::string_view provider, std::string_view key, const Money& amount,
                             const ProviderCharge& decided);
  ProviderRefund refund_once(std::string_view provider, std::string_view key, const Money& amount,
                             const ProviderRefund& decided);
  // The charge recorded under the key, if a call with it ever arrived.
  std::optional<ProviderCharge> charge(std::string_view provider, std::string_view key);

 private:
  db::Database& db_;
  const core::Clock& clock_;
};

}  // namespace portal::payments
