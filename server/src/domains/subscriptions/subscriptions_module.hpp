#pragma once
// Subscriptions as the composition root assembles them (app/app.cpp): the plans and subscriptions, the credits
// purchases spend, the console's plans, and the receipt of a paid plan (a hook on payments).
#include <filesystem>
#include <functional>
#include <memory>

#include "core/seed_guard.hpp"
#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/billing_mail/billing_mail.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/subscriptions/plans_admin.hpp"
#include "domains/subscriptions/subscriptions_credits.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/subscriptions/subscriptions_service.hpp"

namespace portal::subscriptions {

struct Subscriptions {
  struct Deps {
    db::Database& database;
    payments::PaymentsService& payments;
    identity::UsersRepository& users;
    identity::Mailer& sms;  // the outbox: SMS are never sent over SMTP
    const i18n::I18nService& i18n;
    const core::Clock& clock;
    std::function<std::shared_ptr<const tenants::Tenant>(std::int64_t id)> tenant_by_id;
    bool dev_stage = false;
    notifications::Notifier* notifier = nullptr;
    billing_mail::BillingMail& mails;
    std::function<void()> plans_changed;  // this instance reloads its tenants after a console edit
  };
  // Registers the receipt of a paid checkout or renewal with payments.
  explicit Subscriptions(Deps deps);

  // The demo plans (data_dir/subscriptions) and the demo users' subscriptions (data_dir/users/demo.json), in the
  // demo's own tenants.
  void seed_demo(db::Database& database, const std::filesystem::path& data_dir, const core::Clock& clock,
                 const std::vector<tenants::Tenant>& tenants, core::SeedGuard* guard = nullptr);

  SubscriptionsRepository repository;
  CreditsRepository credits;
  SubscriptionsService service;
  PlansAdmin plans_admin;
};

std::unique_ptr<Subscriptions> make_subscriptions(Subscriptions::Deps deps);

}  // namespace portal::subscriptions
