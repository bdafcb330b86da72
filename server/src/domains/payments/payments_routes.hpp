#pragma once
// POST /backend/payments/sandbox/webhook: the sandbox provider's settlement
// call, signed with X-Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
// of "<t>.<raw body>"> (PaymentsService::verify_webhook; 5 minutes' tolerance).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/payments/payments_service.hpp"
#include "http/router.hpp"

namespace portal::payments {

// `then` is what the owner of the payment does when it settles (composition root).
std::vector<http::Route> payments_routes(PaymentsService& service, PaymentsService::Then then,
                                         boost::asio::thread_pool& db_pool);

}  // namespace portal::payments
