#pragma once
// The apps marketplace calls (docs/contracts.md "Apps marketplace"): an
// owner's register, list, read, update, delete and secret rotation under
// /backend/apps/mine; a user's consent to an app and the granted list.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/apps/apps_service.hpp"
#include "http/router.hpp"

namespace portal::apps {

std::vector<http::Route> apps_routes(AppsService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::apps
