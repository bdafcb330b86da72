#pragma once
// The console's one search over HTTP: GET /backend/admin/search?q=&lang= (issue 78 item 4). Every member may call
// it; what it finds is what the member's role may open (console_search_routes.cpp allowed_for).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/console_search/console_search_service.hpp"
#include "http/router.hpp"

namespace portal::console_search {

struct ConsoleSearchRouteDeps {
  ConsoleSearchService& service;
  boost::asio::thread_pool& db_pool;
};

// What a member holding `role` may find: the kinds whose pages the route table lets the role open.
Allowed allowed_for(http::StaffRole role);

std::vector<http::Route> console_search_routes(const ConsoleSearchRouteDeps& deps);

}  // namespace portal::console_search
