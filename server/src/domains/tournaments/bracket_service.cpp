#include "domains/tournaments/bracket_service.hpp"

#include <algorithm>
#include <map>

#include "db/timestamp.hpp"
#include "domains/tournaments/bracket_repository.hpp"
#include "domains/tournaments/tournaments_repository.hpp"

namespace portal::tournaments {
namespace {

Error tournament_not_found(std::int64_t id) {
  return Error::of(ErrorCode::tournament_not_found, "Tournament " + std::to_string(id) + " not found");
}

std::int64_t bracket_size(std::size_t teams) {
  std::int64_t size = 1;
  while (size < static_cast<std::int64_t>(teams)) size *= 2;
  return size;
}

}  // namespace

std::vector<std::int64_t> seed_order(std::int64_t size) {
  std::vector<std::int64_t> order{1};
  while (static_cast<std::int64_t>(order.size()) < size) {
    const auto n = static_cast<std::int64_t>(order.size()) * 2;
    std::vector<std::int64_t> next;
    for (auto seed : order) {
      next.push_back(seed);
      next.push_back(n + 1 - seed);
    }
    order = std::move(next);
  }
  return order;
}

std::vector<MatchRecord> plan_single_elimination(const std::vector<TeamRecord>& teams) {
  std::vector<MatchRecord> out;
  if (teams.size() < 2) return out;
  const auto size = bracket_size(teams.size());
  const auto order = seed_order(size);
  auto team_of = [&](std::int64_t seed) -> std::optional<std::int64_t> {
    if (seed > static_cast<std::int64_t>(teams.size())) return std::nullopt;
    return teams[static_cast<std::size_t>(seed - 1)].id;
  };
  for (std::int64_t p = 0; p < size / 2; ++p) {
    MatchRecord m;
    m.round = 1;
    m.position = p;
    m.home_team_id = team_of(order[static_cast<std::size_t>(2 * p)]);
    m.away_team_id = team_of(order[static_cast<std::size_t>(2 * p + 1)]);
    if (m.home_team_id && m.away_team_id) {
      m.status = "READY";
    } else {  // the higher seed (always home) has no opponent
      m.status = "BYE";
      m.winner_team_id = m.home_team_id ? m.home_team_id : m.away_team_id;
      m.decided_by = "BYE";
    }
    out.push_back(std::move(m));
  }
  std::int64_t round = 2;
  for (std::int64_t matches = size / 4; matches >= 1; matches /= 2, ++round)
    for (std::int64_t p = 0; p < matches; ++p) {
      MatchRecord m;
      m.round = round;
      m.position = p;
      m.status = "WAITING";
      out.push_back(std::move(m));
    }
  return out;
}

BracketService::BracketService(BracketRepository& brackets, TournamentsRepository& teams,
                               TournamentLookup tournaments, const core::Clock& clock)
    : brackets_(brackets), teams_(teams), tournaments_(std::move(tournaments)), clock_(clock) {}


Result<Bracket> BracketService::bracket(std::int64_t tenant_id, const std::optional<Caller>& caller,
                                        bool organizer, std::int64_t tournament_id) {
  auto info = tournaments_(tenant_id, tournament_id);
  if (!info) return tournament_not_found(tournament_id);
  Bracket dto;
  dto.tournament_id = tournament_id;
  dto.team_size = info->team_size;
  dto.organizer = organizer;
  const auto record = brackets_.bracket(tenant_id, tournament_id);
  dto.state = record ? record->state : "REGISTRATION";
  if (record) {
    dto.champion_team_id = record->champion_team_id;
    dto.drawn_at = record->drawn_at;
  }
  const auto teams = brackets_.teams(tenant_id, tournament_id);
  std::map<std::int64_t, std::string> captain_of;  // team id -> captain uuid
  std::int64_t seed = 0;
  for (const auto& t : teams) {
    BracketTeam team{t.id, t.name, ++seed, 0, ""};
    for (const auto& m : teams_.members(tenant_id, t.id)) {
      ++team.members;
      if (m.role == "CAPTAIN") team.captain_user_id = m.user_id;
      if (caller && m.user_uuid == caller->uuid) dto.my_team_id = t.id;
    }
    captain_of[t.id] = t.captain_uuid;
    if (caller && t.captain_uuid == caller->uuid) dto.captain = true;
    dto.teams.push_back(std::move(team));
  }
  if (caller && !dto.my_team_id) dto.my_pending_team_ids = teams_.pending_team_ids(tenant_id, tournament_id, caller->uuid);
  std::vector<MatchRecord> matches;
  std::multimap<std::int64_t, std::int64_t> reported;  // match id -> team id
  if (dto.state == "REGISTRATION") {
    dto.preview = true;
    matches = plan_single_elimination(teams);
  } else {
    matches = brackets_.matches(tenant_id, tournament_id);
    for (const auto& r : brackets_.reports(tenant_id, tournament_id)) reported.emplace(r.match_id, r.team_id);
  }
  for (const auto& m : matches) {
    if (dto.rounds.empty() || dto.rounds.back().round != m.round) dto.rounds.push_back({m.round, {}});
    BracketMatch match{m, {}, false};
    auto [from, to] = reported.equal_range(m.id);
    std::vector<std::int64_t> by;
    for (auto it = from; it != to; ++it) by.push_back(it->second);
    match.reported_by = by;
    if (!dto.preview && caller) {
      auto captains = [&](const std::optional<std::int64_t>& side) {
        return side && captain_of[*side] == caller->uuid && std::find(by.begin(), by.end(), *side) == by.end();
      };
      match.can_report = (m.status == "READY" && (captains(m.home_team_id) || captains(m.away_team_id))) ||
                        (organizer && (m.status == "READY" || m.status == "DISPUTED"));
    }
    dto.rounds.back().matches.push_back(std::move(match));
  }
  return dto;
}

Result<Bracket> BracketService::draw(std::int64_t tenant_id, const Caller& caller, bool organizer,
                                     std::int64_t tournament_id) {
  if (!tournaments_(tenant_id, tournament_id)) return tournament_not_found(tournament_id);
  if (!organizer)
    return Error::of(ErrorCode::not_organizer, "Only the tenant's tournament organizer draws a bracket");
  if (brackets_.draw(tenant_id, tournament_id, plan_single_elimination, clock_.now_text()) ==
      BracketRepository::Drawn::too_few)
    return Error::of(ErrorCode::not_enough_teams, "A bracket needs at least two registered teams");
  return bracket(tenant_id, caller, organizer, tournament_id);
}

Result<BracketMatch> BracketService::report(std::int64_t tenant_id, const Caller& caller, bool organizer,
                                           std::int64_t match_id, std::int64_t winner_team_id) {
  auto match = brackets_.match(tenant_id, match_id);
  if (!match) return Error::of(ErrorCode::match_not_found, "Match " + std::to_string(match_id) + " not found");
  if (match->status == "DONE" || match->status == "BYE")
    return Error::of(ErrorCode::match_decided, "That match is decided");
  if (match->status == "WAITING")
    return Error::of(ErrorCode::match_not_ready, "That match waits for the winners of earlier matches");
  if (winner_team_id != match->home_team_id.value_or(-1) && winner_team_id != match->away_team_id.value_or(-1))
    return Error::invalid("winnerTeamId", "must be one of the match's two teams");
  // The caller's side: the team of the match they captain.
  std::int64_t side = 0;
  for (const auto& team : {match->home_team_id, match->away_team_id})
    if (team)
      if (auto record = teams_.team(tenant_id, *team); record && record->captain_uuid == caller.uuid) side = *team;
  if (side == 0 && !organizer)
    return Error::of(ErrorCode::not_in_match, "Only the captains of the match's teams report its result");
  if (side != 0 && match->status == "DISPUTED")
    return Error::of(ErrorCode::match_disputed, "The captains named different winners: the organizer decides");
  const auto record = brackets_.bracket(tenant_id, match->tournament_id);
  const std::int64_t rounds = record ? record->rounds : match->round;
  switch (brackets_.report(tenant_id, *match, side, Reporter{caller.uuid, organizer}, winner_team_id, rounds, clock_.now_text())) {
    case BracketRepository::Reported::already_reported:
      return Error::of(ErrorCode::already_reported, "Your team already reported this match");
    case BracketRepository::Reported::not_open: {
      auto now_match = brackets_.match(tenant_id, match_id);
      if (now_match && now_match->status == "DISPUTED")
        return Error::of(ErrorCode::match_disputed, "The captains named different winners: the organizer decides");
      return Error::of(ErrorCode::match_decided, "That match is decided");
    }
    case BracketRepository::Reported::recorded:
    case BracketRepository::Reported::decided:
    case BracketRepository::Reported::disputed:
      break;
  }
  auto after = brackets_.match(tenant_id, match_id);
  auto dto = bracket(tenant_id, caller, organizer, after->tournament_id);
  if (dto)
    for (const auto& r : dto->rounds)
      for (const auto& m : r.matches)
        if (m.id == match_id) return m;
  return Error::of(ErrorCode::match_not_found, "Match " + std::to_string(match_id) + " not found");
}

// ------------------------------------------------------------------ media

namespace {

std::string pick(const std::vector<std::pair<std::string, std::string>>& t, const std::string& language) {
  for (const auto& [lang, text] : t)
    if (lang == language) return text;
  for (const auto& [lang, text] : t)
    if (lang == "en") return text;
  return {};
}

}  // namespace

TournamentMediaService::TournamentMediaService(std::vector<MediaEntry> entries,
                                               TournamentsService::TournamentLookup tournaments)
    : entries_(std::move(entries)), tournaments_(std::move(tournaments)) {}

bool TournamentMediaService::visible(const MediaEntry& e, std::int64_t tenant_id,
                                     const std::string& tenant_name) const {
  if (!e.tenants.empty() && std::find(e.tenants.begin(), e.tenants.end(), tenant_name) == e.tenants.end())
    return false;
  return tournaments_(tenant_id, e.tournament_id).has_value();
}

Result<MediaText> TournamentMediaService::entry(std::int64_t tenant_id, const std::string& tenant_name,
                                                std::string_view kind, std::int64_t id,
                                                const std::string& language) const {
  for (const auto& e : entries_)
    if (e.kind == kind && e.id == id && visible(e, tenant_id, tenant_name))
      return MediaText{e.id,          e.tournament_id,         e.kind,      language,    pick(e.title, language),
                      pick(e.summary, language), pick(e.body, language), e.image_url, e.video_url, e.duration,
                      e.published_at};
  if (kind == "news")
    return Error::of(ErrorCode::news_not_found, "Tournament news " + std::to_string(id) + " not found");
  return Error::of(ErrorCode::video_not_found, "Tournament video " + std::to_string(id) + " not found");
}

MediaList TournamentMediaService::of_tournament(std::int64_t tenant_id, const std::string& tenant_name,
                                                   std::int64_t tournament_id, const std::string& language) const {
  MediaList out;
  for (const auto& e : entries_) {
    if (e.tournament_id != tournament_id || !visible(e, tenant_id, tenant_name)) continue;
    MediaText dto{e.id,        e.tournament_id, e.kind,      language, pick(e.title, language), pick(e.summary, language),
                 "",          e.image_url,     e.video_url, e.duration, e.published_at};
    (e.kind == "news" ? out.news : out.videos).push_back(std::move(dto));
  }
  return out;
}

}  // namespace portal::tournaments
