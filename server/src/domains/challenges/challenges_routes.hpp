#pragma once
// The challenges' backend calls (docs/contracts.md "Challenges and rewards"):
// the challenge fragment (commerce §7 fragments_get-challenge-by-id) with the
// caller's step progress, the opt-in (PATCH /kafka/optInChallenge/{id}), the
// tenant's challenges, and the caller's rewards balance and ledger (/reward).
#include <boost/asio/thread_pool.hpp>
#include <vector>

#include "domains/challenges/challenges_service.hpp"
#include "http/router.hpp"

namespace portal::challenges {

std::vector<http::Route> challenges_routes(ChallengesService& service, boost::asio::thread_pool& db_pool);

}  // namespace portal::challenges
