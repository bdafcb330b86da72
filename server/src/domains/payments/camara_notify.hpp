#pragma once
// The operator's notifications about a tenant's bill payments and refunds (CAMARA's callbacks: CloudEvents POSTed to
// the `sink` the portal gave with each payment and refund), at POST /backend/payments/camara/notify/{tenantId}.
//  - CAMARA leaves how a sink knows the operator to the API consumer's sinkCredential: the portal gives an
//    ACCESSTOKEN credential, a bearer token it signed for the tenant (camara_sink_token) that expires after the
//    longest a payment or refund waits; a notification without it, with another tenant's, an expired or a forged
//    one is 401 (CAMARA's Generic401), and changes nothing.
//  - A notification is a prompt, never the word: the portal asks the operator (retrievePayment, retrieveRefunds) what
//    the payment or refund became and settles what is PENDING with that, so an event replayed, out of order, or
//    sent by someone who learnt a token moves nothing the operator did not do. Each event id is handled once
//    (payment_events, provider "camara").
//  - The answers are the callback's: 204, or 400/401/410 with CAMARA's error body.
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domains/payments/camara_accounts.hpp"
#include "domains/payments/payments_service.hpp"
#include "http/router.hpp"

namespace portal::payments {

// How long a sink's token holds: longer than any payment or refund waits for its word.
inline constexpr std::chrono::hours kCamaraSinkTokenLife{24 * 30};

// "v1.<tenant>.<expires unix seconds>.<hex HMAC-SHA256(key, "camara-sink|<tenant>|<expires>")>"; "" without a key.
std::string camara_sink_token(const PaymentsService& service, std::int64_t tenant_id, std::int64_t expires_unix);
// Whether `token` is the tenant's and has not expired.
bool camara_sink_token_valid(const PaymentsService& service, std::int64_t tenant_id, std::string_view token,
                             std::int64_t now_unix);

struct CamaraNotifyDeps {
  PaymentsService& service;
  PaymentsRepository& repository;
  const CamaraAccounts& accounts;
  const core::Clock& clock;
  PaymentsService::Then then;  // for purposes no domain registered
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> camara_notify_routes(const CamaraNotifyDeps& deps);

}  // namespace portal::payments
