#pragma once
// The console's refunds (issue 34; docs/contracts.md "Refunds"), staff of at
// least StaffRole::finance, tenant from X-Tenant-ID:
//   POST /backend/admin/customers/{userId}/payments/{paymentId}/refunds  {amount, reason, keepPlan}
//        Idempotency-Key; audited ("payments.refund") in the transaction that records the outcome
//   GET  /backend/admin/customers/{userId}/payments/{paymentId}/refunds
// The payment must be the user's, of the tenant (else 404 PAYMENT_NOT_FOUND).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/payments/payments_service.hpp"
#include "http/router.hpp"

namespace portal::payments {

struct RefundsAdminRouteDeps {
  PaymentsService& service;
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> refunds_admin_routes(const RefundsAdminRouteDeps& deps);

}  // namespace portal::payments
