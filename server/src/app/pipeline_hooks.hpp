#pragma once
// What the request pipeline asks of the portal (http/pipeline.hpp): the tenant of a request, the origins it
// admits, who is signed in (customers and staff), the page for what no route serves, the trusted proxies.
#include <boost/asio/thread_pool.hpp>
#include <memory>

#include "app/config.hpp"
#include "app/domains.hpp"
#include "app/page_data.hpp"
#include "app/portal_face.hpp"
#include "http/pipeline.hpp"

namespace portal::app {

http::PipelineHooks pipeline_hooks(const Config& config, tenants::TenantRegistry& registry, Domains& d,
                                   boost::asio::thread_pool& db_pool, PortalFace& portal_face,
                                   ParentalLimit parental_limit, std::shared_ptr<http::IdempotencyStore> idempotency);

}  // namespace portal::app
