#include "domains/payments/payments_module.hpp"

#include "domains/payments/payment_provider.hpp"
#include "domains/payments/stripe_provider.hpp"

namespace portal::payments {

std::string webhook_secret(const std::string& configured, bool dev_stage) {
  if (!configured.empty()) return configured;
  return dev_stage ? "sandbox-webhook-secret" : "";
}

Payments::Payments(Deps deps)
    : repository(deps.database),
      sandbox_ledger(deps.database, deps.clock),
      stripe_accounts(deps.database, deps.clock, deps.seal_key),
      stripe_client(deps.stripe_api_base),
      service(repository, deps.clock, webhook_secret(deps.webhook_secret, deps.dev_stage)) {
  service.add_provider(std::make_unique<SandboxCardProvider>(&sandbox_ledger));
  service.add_provider(std::make_unique<SandboxOperatorProvider>(&sandbox_ledger));
  service.add_provider(
      std::make_unique<StripeProvider>(stripe_accounts, stripe_client, deps.clock, deps.stripe_checkout_origin));
}

std::unique_ptr<Payments> make_payments(Payments::Deps deps) { return std::make_unique<Payments>(std::move(deps)); }

}  // namespace portal::payments
