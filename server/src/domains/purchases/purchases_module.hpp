#pragma once
// Purchases as the composition root assembles them (app/app.cpp): the one entitlement decision, fed the catalog's
// articles, the tenant's plans and payment options (subscriptions) and the caller's devices (identity) through the
// adapters of purchases_module.cpp; it settles its payments through a hook on payments.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_service.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/devices_repository.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/purchases/purchases_repository.hpp"
#include "domains/purchases/purchases_service.hpp"
#include "domains/subscriptions/subscriptions_credits.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"
#include "domains/wallet/wallet_repository.hpp"

namespace portal::purchases {

// The tenant's plans as the entitlement decision sees them, in one language (the plan's `ment_sort` attribute
// orders them, 0 when absent or not a number).
std::vector<OfferedPlan> offered_plans(subscriptions::SubscriptionsService& subscriptions, std::int64_t tenant_id,
                                       const std::string& lang);
// The tenant's payment options, their names in one language.
std::vector<PayOption> pay_options(subscriptions::SubscriptionsService& subscriptions, std::int64_t tenant_id,
                                   const std::string& lang);

struct Purchases {
  struct Deps {
    db::Database& database;
    wallet::WalletRepository& wallet;
    subscriptions::CreditsRepository& credits;
    payments::PaymentsService& payments;
    identity::Mailer& sms;
    const i18n::I18nService& i18n;
    const core::Clock& clock;
    catalog::CatalogService& catalog;
    subscriptions::SubscriptionsService& subscriptions;
    identity::DevicesRepository& devices;
    std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t id)> tenant_by_id;
    bool dev_stage = false;
    notifications::Notifier* notifier = nullptr;
  };
  // Registers the settlement of its payments (purpose "article") with payments.
  explicit Purchases(Deps deps);

  PurchasesRepository repository;
  PurchasesService service;
};

std::unique_ptr<Purchases> make_purchases(Purchases::Deps deps);

}  // namespace portal::purchases
