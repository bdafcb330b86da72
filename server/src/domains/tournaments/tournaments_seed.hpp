#pragma once
// Demo teams (--seed demo, after the catalog and the demo users): in every
// tenant subscriber@example.com captains a team of the first team tournament
// with two pending join requests (guest@ and player@example.com), and is a
// member of guest@'s team in the next one, with that acceptance not yet seen.
// Idempotent: a tenant where the subscriber already captains a team is left
// alone. Blocking.
#include "db/database.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::tournaments {

class TournamentsService;

// In each of the demo's `tenants`; returns how many tenants got demo teams.
int seed_demo_teams(db::Database& db, TournamentsService& service, const std::vector<tenants::Tenant>& tenants);

}  // namespace portal::tournaments

namespace portal::tournaments {

class BracketService;
class BracketRepository;

// Demo brackets (after seed_demo_teams): in each of the demo's tenants player@example.com
// gets the organizer role; in the first solo tournament whose catalog status
// is "finished" the three demo users play a whole bracket out (Sam wins), in
// the first "running" one they are drawn and the first match waits for its
// captains' reports. Idempotent (a tournament with a bracket row is left
// alone). Returns how many brackets were drawn.
int seed_demo_brackets(db::Database& db, BracketRepository& brackets, BracketService& service,
                       TournamentsService& teams, const std::vector<tenants::Tenant>& tenants);

}  // namespace portal::tournaments
