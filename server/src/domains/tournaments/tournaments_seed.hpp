#pragma once
// Demo teams (--seed demo, after the catalog and the demo users): in every
// tenant subscriber@example.com captains a team of the first team tournament
// with two pending join requests (guest@ and player@example.com), and is a
// member of guest@'s team in the next one, with that acceptance not yet seen.
// Idempotent: a tenant where the subscriber already captains a team is left
// alone. Blocking.
#include "db/database.hpp"

namespace portal::tournaments {

class TournamentsService;

// Returns how many tenants got demo teams.
int seed_demo_teams(db::Database& db, TournamentsService& service);

}  // namespace portal::tournaments
