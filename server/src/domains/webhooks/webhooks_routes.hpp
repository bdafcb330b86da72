#pragma once
// The webhooks console's calls (issue 78 item 1): owners and platform administrators only; every write audited.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/webhooks/webhooks_service.hpp"
#include "http/router.hpp"

namespace portal::webhooks {

std::vector<http::Route> webhooks_routes(WebhooksService& service, boost::asio::thread_pool& db_pool);
// The OpenAPI document's `webhooks`: each event with its payload's schema.
std::vector<http::OutgoingWebhook> webhook_docs();

}  // namespace portal::webhooks
