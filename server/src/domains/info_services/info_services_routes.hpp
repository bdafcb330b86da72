#pragma once
// The info-service calls (commerce §7; bodies and answers in docs/decisions.md
// "Info services"):
//   GET  /backend/info-service/daily          every service with today's lines (guests too)
//   GET  /backend/info-service/daily-abo      the same for the caller's services
//   GET  /backend/info-service/subscriptions  the caller's subscriptions
//   POST /backend/info-service/subscribe      {serviceId, subscribe?} (un)subscribes
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/info_services/info_services_service.hpp"
#include "http/router.hpp"

namespace portal::info_services {

std::vector<http::Route> info_services_routes(InfoServicesService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::info_services
