#pragma once
// Payments as the composition root assembles them (app/app.cpp): the repository, and the service with the
// sandbox providers (booking their calls in the sandbox ledger) and its webhook key, and Stripe with each
// tenant's account.
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/payments/camara_accounts.hpp"
#include "domains/payments/camara_client.hpp"
#include "domains/payments/camara_login.hpp"
#include "domains/payments/payments_repository.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/payments/sandbox_ledger.hpp"
#include "domains/payments/stripe_accounts.hpp"
#include "domains/payments/stripe_client.hpp"

namespace portal::payments {

// The sandbox webhook key: the configured one, else a fixed dev key in the dev stage; other stages without a key
// refuse every webhook call.
std::string webhook_secret(const std::string& configured, bool dev_stage);

struct Payments {
  struct Deps {
    db::Database& database;
    const core::Clock& clock;
    std::string webhook_secret;  // configured (--payments-webhook-secret); may be empty
    bool dev_stage = false;
    std::string seal_key;  // seals each tenant's Stripe keys (the configuration's secret key)
    std::string stripe_api_base = "https://api.stripe.com";
    std::string stripe_checkout_origin = "https://checkout.stripe.com";
    // Where a tenant's CAMARA notifications go (--camara-sink-origin, else Tenant::public_origin), when it is https.
    std::function<std::string(std::int64_t tenant_id)> public_origin = {};
  };
  explicit Payments(Deps deps);

  PaymentsRepository repository;
  SandboxLedger sandbox_ledger;  // the sandbox providers' book of calls by idempotency key
  StripeAccounts stripe_accounts;
  StripeClient stripe_client;
  CamaraAccounts camara_accounts;
  CamaraClient camara_client;
  CamaraLogin camara_login;  // the sign-in by the operator's network (identity asks for it through app/network_login)
  PaymentsService service;
  // The sink of a tenant's CAMARA notifications ("https://…/backend/payments/camara/notify/<tenant>"), when its public
  // origin is https and the portal has a key to sign the sink's token.
  std::optional<std::string> camara_sink_url(std::int64_t tenant_id) const;

 private:
  std::function<std::string(std::int64_t)> public_origin_;
};

std::unique_ptr<Payments> make_payments(Payments::Deps deps);

}  // namespace portal::payments
