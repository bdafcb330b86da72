#pragma once
// The player calls (commerce §7 /song, /video/streaming,
// /content/streaming/report, /user/history/*; docs/contracts.md "Streaming and
// play history").
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/streaming/streaming_service.hpp"
#include "http/router.hpp"

namespace portal::streaming {

std::vector<http::Route> streaming_routes(StreamingService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::streaming
