#pragma once
// The tournament calls (commerce §7; contracts.md "Tournaments"): register a
// team, send a join request, the captain's answer, mark notifications seen,
// and the two fragments under /backend/structure (literal names, preferred by
// the router over the structure service's {name}).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/tournaments/tournaments_service.hpp"
#include "http/router.hpp"

namespace portal::tournaments {

std::vector<http::Route> tournaments_routes(TournamentsService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::tournaments
