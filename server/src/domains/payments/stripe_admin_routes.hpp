#pragma once
// The console's Stripe account of a tenant (owner and admin; tenant from X-Tenant-ID; docs/contracts.md
// "Payment providers"):
//   GET    /backend/admin/payment-providers/stripe   the account without its secrets, the webhook URL to enter
//   PUT    /backend/admin/payment-providers/stripe   {publishableKey, secretKey?, webhookSecret?, version?}
//   DELETE /backend/admin/payment-providers/stripe   refused while a payment option takes cards through Stripe
// Every write is audited ("payments.stripe") in its transaction, without the secrets.
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <vector>

#include "domains/payments/stripe_accounts.hpp"
#include "domains/payments/stripe_client.hpp"
#include "http/router.hpp"

namespace portal::payments {

struct StripeAdminRouteDeps {
  StripeAccounts& accounts;
  const StripeClient& client;  // a new secret key is checked with Stripe before it is saved
  // True while a payment option of the tenant takes cards through Stripe (asked before the removal).
  std::function<bool(std::int64_t tenant_id)> in_use;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> stripe_admin_routes(const StripeAdminRouteDeps& deps);

// The events a tenant's Stripe webhook endpoint must send (the console lists them).
std::vector<std::string> stripe_webhook_events();

}  // namespace portal::payments
