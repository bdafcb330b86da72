#pragma once
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/events/events_service.hpp"
#include "http/router.hpp"

namespace portal::events {

// POST /backend/kafka/event/{name} {…payload} -> 202 {"data":{"id","name"}}
std::vector<http::Route> events_routes(EventsService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::events
