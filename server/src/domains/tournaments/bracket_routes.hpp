#pragma once
// Bracket, match result, news and video calls (docs/contracts.md "Tournament
// brackets").
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/tournaments/bracket_service.hpp"
#include "http/router.hpp"

namespace portal::tournaments {

std::vector<http::Route> bracket_routes(BracketService& brackets, const TournamentMediaService& media,
                                        boost::asio::thread_pool& db_pool);

}  // namespace portal::tournaments
