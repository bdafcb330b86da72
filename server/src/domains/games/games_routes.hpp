#pragma once
// The game calls (commerce §7 /game/play, /game/play-free,
// /game/arcade-competition, getLeaderboard; docs/contracts.md "Games and
// leaderboards"). /game/download belongs to the purchases routes.
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/games/games_service.hpp"
#include "http/router.hpp"

namespace portal::games {

std::vector<http::Route> games_routes(GamesService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::games
