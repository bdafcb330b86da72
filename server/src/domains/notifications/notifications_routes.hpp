#pragma once
// The notification calls (issue 15; paths in docs/decisions.md
// "Notifications"), all for a signed-in user:
//   GET  /backend/notifications?limit=&offset=   one page, newest first
//   GET  /backend/notifications/unread-count     the header badge
//   POST /backend/notifications/{id}/read        mark one read
//   POST /backend/notifications/read-all         mark all read
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/notifications/notifications_service.hpp"
#include "http/router.hpp"

namespace portal::notifications {

std::vector<http::Route> notifications_routes(NotificationsService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::notifications
