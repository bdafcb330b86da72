#pragma once
// Each tenant's Stripe account (migration 0053, docs/decisions.md "Stripe"): the publishable key in the
// clear, the secret key and the webhook signing secret sealed at rest (core::seal_with under the
// configuration's secret key), so a copy of the database holds no way to move a tenant's money. The console
// sees only their last four characters; a key is replaced by entering a new one. A replaced webhook secret
// keeps verifying for kWebhookSecretGrace beside the new one, so events Stripe signed before the rotation are
// not lost. Blocking (SQL): call on the database pool.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/payments_errors.hpp"

namespace portal::payments {

inline constexpr std::chrono::hours kWebhookSecretGrace{24};

// The account opened, for calls to Stripe and webhook checks.
struct StripeAccount {
  std::int64_t tenant_id = 0;
  std::string mode;  // "test" or "live"
  std::string publishable_key;
  std::string secret_key;
  std::vector<std::string> webhook_secrets;  // the current one first; a rotated one while its grace lasts
};

// What the console shows: never a secret.
struct StripeAccountView {
  std::string mode;
  std::string publishable_key;
  std::string secret_key_hint;      // "…4f2a"
  std::string webhook_secret_hint;
  std::optional<std::string> previous_until;  // a rotated webhook secret verifies until then
  std::int64_t version = 0;
  std::string updated_at;
};

// What the console sends: the publishable key always; a secret only when it changes (absent: kept).
struct StripeKeys {
  std::string publishable_key;
  std::optional<std::string> secret_key;
  std::optional<std::string> webhook_secret;
  std::optional<std::int64_t> version;  // the version read (absent for the first save)
};

class StripeAccounts {
 public:
  StripeAccounts(db::Database& db, const core::Clock& clock, std::string seal_key);

  std::optional<StripeAccount> find(std::int64_t tenant_id) const;
  std::optional<StripeAccountView> view(std::int64_t tenant_id) const;
  // Checks the keys' shapes (pk_test_/pk_live_, sk_ or rk_ of the same mode, whsec_), then a new secret key
  // with `check` (Stripe asked: check_secret_key), and writes them in one transaction with `audit` (before,
  // after). Errors: invalid_key (field), account_version_conflict, what `check` answers.
  using Audit = std::function<void(db::Session&, const std::optional<StripeAccountView>& before, const StripeAccountView& after)>;
  using KeyCheck = std::function<std::optional<Error>(const std::string& secret_key)>;
  Result<StripeAccountView> save(std::int64_t tenant_id, const StripeKeys& keys, const std::string& staff_id,
                                 const Audit& audit, const KeyCheck& check = {});
  // Removes the account; false when there was none. `in_use` runs in the transaction: true refuses
  // (provider_in_use) while a payment option still takes cards through Stripe.
  Result<bool> remove(std::int64_t tenant_id, const std::function<bool(db::Session&)>& in_use,
                      const std::function<void(db::Session&, const StripeAccountView&)>& audit);

 private:
  std::optional<StripeAccountView> view(db::Session& s, std::int64_t tenant_id) const;
  db::Database& db_;
  const core::Clock& clock_;
  std::string seal_key_;
};

}  // namespace portal::payments
