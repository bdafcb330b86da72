#include "domains/tournaments/tournaments_seed.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "domains/catalog/catalog_repository.hpp"
#include "domains/identity/users_repository.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tournaments/bracket_repository.hpp"
#include "domains/tournaments/bracket_service.hpp"
#include "domains/tournaments/tournament_article.hpp"
#include "domains/tournaments/tournaments_repository.hpp"
#include "domains/tournaments/tournaments_service.hpp"

namespace portal::tournaments {
namespace json = boost::json;

namespace {

template <class T>
T must(Result<T> r, const char* what) {
  if (!r) throw std::runtime_error(std::string("demo teams: ") + what + ": " + r.error().message);
  return std::move(*r);
}

}  // namespace

int seed_demo_teams(db::Database& db, TournamentsService& service, const std::vector<tenants::Tenant>& tenants) {
  identity::UsersRepository users(db);
  catalog::CatalogRepository catalog(db);
  TournamentsRepository teams(db);
  int seeded = 0;
  for (const auto& tenant : tenants) {
    auto sam = users.by_email(tenant.id, "subscriber@example.com");
    auto gale = users.by_email(tenant.id, "guest@example.com");
    auto pat = users.by_email(tenant.id, "player@example.com");
    if (!sam || !gale || !pat || teams.captained_team(tenant.id, sam->uuid)) continue;
    catalog::ListQuery q;
    q.content_type = "tournament";
    q.rating = {0, 1000};
    q.limit = catalog::kMaxLimit;
    std::vector<std::int64_t> team_tournaments;
    for (const auto& a : catalog.list(tenant.id, q).entries)
      if (auto info = tournament_info(a.id, a.content_type, tournament_properties(a.doc)); info && info->team_size >= 3)
        team_tournaments.push_back(a.id);
    if (team_tournaments.empty()) continue;
    const Caller sam_c{sam->uuid, sam->user_id}, gale_c{gale->uuid, gale->user_id}, pat_c{pat->uuid, pat->user_id};
    const auto squad = must(service.register_team(tenant.id, sam_c, team_tournaments[0],
                                                  {"Sam", "sam#1001", "Sam's Squad", "steam"}),
                            "register");
    must(service.send_join_request(tenant.id, gale_c, squad.id, {"Gale", "gale#2002", "steam"}), "join request");
    must(service.send_join_request(tenant.id, pat_c, squad.id, {"Pat", "pat#3003", "steam"}), "join request");
    if (team_tournaments.size() > 1) {
      const auto raiders = must(service.register_team(tenant.id, gale_c, team_tournaments[1],
                                                      {"Gale", "gale#2002", "Gale's Raiders", "steam"}),
                                "register");
      const auto request =
          must(service.send_join_request(tenant.id, sam_c, raiders.id, {"Sam", "sam#1001", "steam"}), "join request");
      must(service.answer_request(tenant.id, gale_c, request.id, {"steam", "ACCEPTED", sam->user_id}), "answer");
    }
    ++seeded;
  }
  return seeded;
}

int seed_demo_brackets(db::Database& db, BracketRepository& brackets, BracketService& service,
                       TournamentsService& teams, const std::vector<tenants::Tenant>& tenants) {
  identity::UsersRepository users(db);
  catalog::CatalogRepository catalog(db);
  int drawn = 0;
  for (const auto& tenant : tenants) {
    auto sam = users.by_email(tenant.id, "subscriber@example.com");
    auto gale = users.by_email(tenant.id, "guest@example.com");
    auto pat = users.by_email(tenant.id, "player@example.com");
    if (!sam || !gale || !pat) continue;
    catalog::ListQuery q;
    q.content_type = "tournament";
    q.rating = {0, 1000};
    q.limit = catalog::kMaxLimit;
    std::optional<std::int64_t> finished, running;
    for (const auto& a : catalog.list(tenant.id, q).entries) {
      const auto props = tournament_properties(a.doc);
      auto info = tournament_info(a.id, a.content_type, props);
      if (!info || info->team_size != 1) continue;
      const std::string status = props ? props->status.value_or("") : "";
      if (status == "finished" && (!finished || a.id < *finished)) finished = a.id;
      if (status == "running" && (!running || a.id < *running)) running = a.id;
    }
    const Caller sam_c{sam->uuid, sam->user_id}, gale_c{gale->uuid, gale->user_id}, pat_c{pat->uuid, pat->user_id};
    for (auto tournament : {finished, running}) {
      if (!tournament || brackets.bracket(tenant.id, *tournament)) continue;
      const auto s = must(teams.register_team(tenant.id, sam_c, *tournament, {"Sam", "sam#1001", "Sam", "steam"}),
                          "register");
      const auto g = must(teams.register_team(tenant.id, gale_c, *tournament, {"Gale", "gale#2002", "Gale", "steam"}),
                          "register");
      const auto p = must(teams.register_team(tenant.id, pat_c, *tournament, {"Pat", "pat#3003", "Pat", "steam"}),
                          "register");
      const auto bracket = must(service.draw(tenant.id, pat_c, true, *tournament), "draw");
      ++drawn;
      if (tournament != finished) continue;
      // Round 1: Gale beats Pat (Sam has the bye); the final: Sam beats Gale.
      const auto semi = bracket.rounds.at(0).matches.at(1).id;
      must(service.report(tenant.id, gale_c, false, semi, g.id), "report");
      must(service.report(tenant.id, pat_c, false, semi, g.id), "report");
      const auto final_match = brackets.matches(tenant.id, *tournament).back().id;
      must(service.report(tenant.id, sam_c, false, final_match, s.id), "report");
      must(service.report(tenant.id, gale_c, false, final_match, s.id), "report");
      (void)p;
    }
  }
  return drawn;
}

}  // namespace portal::tournaments
