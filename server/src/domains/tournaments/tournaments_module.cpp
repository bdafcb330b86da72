#include "domains/tournaments/tournaments_module.hpp"

#include "core/log.hpp"
#include "domains/tournaments/tournament_article.hpp"
#include "domains/tournaments/tournament_media_file.hpp"
#include "domains/tournaments/tournaments_seed.hpp"

namespace portal::tournaments {

TournamentsService::TournamentLookup tournaments_in(catalog::CatalogRepository& catalog) {
  return [&catalog](std::int64_t tenant_id, std::int64_t id) -> std::optional<TournamentInfo> {
    auto a = catalog.find(tenant_id, id);
    if (!a) return std::nullopt;
    return tournament_info(a->id, a->content_type, tournament_properties(a->doc));
  };
}

Tournaments::Tournaments(Deps deps)
    : repository(deps.database),
      service(repository, tournaments_in(deps.catalog), deps.clock, deps.notifier),
      brackets_repository(deps.database),
      brackets(brackets_repository, repository, tournaments_in(deps.catalog), deps.clock),
      media(load_tournament_media(deps.media_file.string()), tournaments_in(deps.catalog)) {}

void Tournaments::seed_demo(db::Database& database, const std::vector<tenants::Tenant>& tenants) {
  if (int n = seed_demo_teams(database, service, tenants))
    core::log_json(spdlog::level::info, "demo teams created", {{"tenants", n}});
  if (int n = seed_demo_brackets(database, brackets_repository, brackets, service, tenants))
    core::log_json(spdlog::level::info, "demo brackets drawn", {{"brackets", n}});
}

std::unique_ptr<Tournaments> make_tournaments(Tournaments::Deps deps) {
  return std::make_unique<Tournaments>(std::move(deps));
}

}  // namespace portal::tournaments
