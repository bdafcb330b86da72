#pragma once
// Vouchers as the composition root assembles them (app/app.cpp, and `portal issue-vouchers`): catalog articles,
// where a user's mail goes and which profile fields a user lacks reach the service through the adapters of
// vouchers_module.cpp; it settles its orders' payments through a hook on payments.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "db/database.hpp"
#include "domains/catalog/catalog_repository.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/notifications/notifier.hpp"
#include "domains/payments/payments_service.hpp"
#include "domains/subscriptions/subscriptions_repository.hpp"
#include "domains/vouchers/vouchers_repository.hpp"
#include "domains/vouchers/vouchers_service.hpp"

namespace portal::vouchers {

// Where a user's voucher mail goes: their e-mail, else "sms:+<msisdn>"; nullopt when neither (or no such user).
std::optional<std::string> recipient_of(const identity::User* user);
// Which of the profile fields a plan requires ("name", "lastName", else the e-mail) the user has left empty.
std::vector<std::string> missing_fields(const identity::User* user, const std::vector<std::string>& required);

struct Vouchers {
  struct Deps {
    db::Database& database;
    subscriptions::SubscriptionsRepository& subscriptions;
    payments::PaymentsService& payments;
    identity::Mailer& mailer;
    const core::Clock& clock;
    catalog::CatalogRepository& catalog;
    identity::UsersRepository& users;
    VouchersService::TenantLookup tenant_by_id;
    notifications::Notifier* notifier = nullptr;
  };
  // Registers the settlement and the refunds of its orders' payments (purpose "vouchers") with payments.
  explicit Vouchers(Deps deps);

  VouchersRepository repository;
  VouchersService service;
};

std::unique_ptr<Vouchers> make_vouchers(Vouchers::Deps deps);

}  // namespace portal::vouchers
