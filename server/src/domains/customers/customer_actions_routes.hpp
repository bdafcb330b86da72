#pragma once
// Support's actions on a customer over HTTP (issue 34): /backend/admin/customers/{userId}/...
// for support, admin, owner and platform administrators; the customer must be the tenant's
// (else 404). Every write appends its audit entry in its own transaction.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/customers/customer_actions_service.hpp"
#include "http/router.hpp"

namespace portal::i18n { class I18nService; }
namespace portal::identity { class IdentityService; }
namespace portal::parental_control { class ParentalControlService; }
namespace portal::purchases { class PurchasesService; }
namespace portal::subscriptions { class SubscriptionsService; }
namespace portal::vouchers { class VouchersService; }

namespace portal::customers {

struct CustomerActionsRouteDeps {
  CustomerActions& actions;
  subscriptions::SubscriptionsService& subscriptions;
  purchases::PurchasesService& purchases;
  vouchers::VouchersService& vouchers;
  identity::IdentityService& identity;
  parental_control::ParentalControlService& parental;
  const i18n::I18nService& i18n;
  boost::asio::thread_pool& db_pool;
};

// The rows keep a copy of deps (its references must outlive the router).
std::vector<http::Route> customer_actions_routes(const CustomerActionsRouteDeps& deps);

}  // namespace portal::customers
