#include "domains/payments/payments_module.hpp"

#include "db/timestamp.hpp"
#include "domains/payments/camara_notify.hpp"
#include "domains/payments/camara_provider.hpp"
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
      camara_accounts(deps.database, deps.clock, deps.seal_key, deps.dev_stage),
      camara_client(deps.clock),
      camara_login(deps.database, camara_accounts, camara_client, deps.clock),
      service(repository, deps.clock, webhook_secret(deps.webhook_secret, deps.dev_stage)),
      public_origin_(std::move(deps.public_origin)) {
  service.add_provider(std::make_unique<SandboxCardProvider>(&sandbox_ledger));
  service.add_provider(std::make_unique<SandboxOperatorProvider>(&sandbox_ledger));
  service.add_provider(
      std::make_unique<StripeProvider>(stripe_accounts, stripe_client, deps.clock, deps.stripe_checkout_origin));
  const core::Clock& clock = deps.clock;
  service.add_provider(std::make_unique<CamaraProvider>(
      deps.database, camara_accounts, camara_client, clock, [this, &clock](std::int64_t tenant_id) -> std::optional<CamaraSink> {
        auto url = camara_sink_url(tenant_id);
        if (!url) return std::nullopt;
        const auto expires = clock.now() + kCamaraSinkTokenLife;
        const auto unix = std::chrono::duration_cast<std::chrono::seconds>(expires.time_since_epoch()).count();
        return CamaraSink{*url, camara_sink_token(service, tenant_id, unix), db::utc_timestamp(std::chrono::time_point_cast<std::chrono::seconds>(expires))};
      }));
}

std::optional<std::string> Payments::camara_sink_url(std::int64_t tenant_id) const {
  if (!public_origin_ || !service.can_sign()) return std::nullopt;
  std::string origin = public_origin_(tenant_id);
  if (!origin.starts_with("https://")) return std::nullopt;  // CAMARA's sink is https only
  while (origin.ends_with('/')) origin.pop_back();
  return origin + "/backend/payments/camara/notify/" + std::to_string(tenant_id);
}

std::unique_ptr<Payments> make_payments(Payments::Deps deps) { return std::make_unique<Payments>(std::move(deps)); }

}  // namespace portal::payments
