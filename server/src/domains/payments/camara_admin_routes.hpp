#pragma once
// The console's CAMARA operator of a tenant (owner and admin; tenant from X-Tenant-ID; docs/operations.md "A
// tenant's CAMARA operator"):
//   GET    /backend/admin/payment-providers/camara   the operator's settings without the secret, the sink, the redirect URI
//   PUT    /backend/admin/payment-providers/camara   {operatorName, apiRoot, issuer?, clientId, clientSecret?, merchantIdentifier,
//                                                     currency, steps, numberVerification, version?}
//   DELETE /backend/admin/payment-providers/camara   refused while a payment option bills through the operator
// New credentials are checked with the operator (a token asked) before they are saved. Every write is audited
// ("payments.camara") in its transaction, without the secret.
#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <vector>

#include "domains/payments/camara_accounts.hpp"
#include "domains/payments/camara_client.hpp"
#include "http/router.hpp"

namespace portal::payments {

struct CamaraAdminRouteDeps {
  CamaraAccounts& accounts;
  const CamaraClient& client;
  // True while a payment option of the tenant bills through the operator (asked before the removal).
  std::function<bool(std::int64_t tenant_id)> in_use;
  // The sink of the tenant's notifications, when its public origin is https.
  std::function<std::optional<std::string>(std::int64_t tenant_id)> sink_url;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> camara_admin_routes(const CamaraAdminRouteDeps& deps);

}  // namespace portal::payments
