#pragma once
// GET /backend/structure/{name} and GET /backend/structure/{name}/fragment/{id}
// -> {"data": ConfigNode}, with Cache-Control max-age, a strong ETag and 304
// on a matching If-None-Match.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "http/router.hpp"

namespace portal::structure {

class StructureService;

// service and db_pool must outlive the router.
std::vector<http::Route> structure_routes(StructureService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::structure
