#pragma once
// The privacy calls: the signed-in customer downloads their data or deletes
// their account; support does both for a customer on request (audited).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/identity/identity_service.hpp"
#include "domains/privacy/privacy_service.hpp"
#include "http/router.hpp"

namespace portal::privacy {

struct RouteDeps {
  PrivacyService& service;
  identity::IdentityService& identity;  // checks the current password
  boost::asio::thread_pool& db_pool;
};

std::vector<http::Route> privacy_routes(const RouteDeps& deps);

}  // namespace portal::privacy
