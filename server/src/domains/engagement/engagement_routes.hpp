#pragma once
// The like and rating calls (commerce §7; contracts.md "Likes and ratings"):
// liked ids by kind, a kind's liked articles, like and unlike, the caller's
// rating, a rating's upsert, and an article's average and count.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/engagement/engagement_service.hpp"
#include "http/router.hpp"

namespace portal::engagement {

std::vector<http::Route> engagement_routes(EngagementService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::engagement
