#pragma once
// Bracket storage. Every call takes the tenant id first and blocks: run it on
// the database pool. The draw and a report are each one transaction whose
// first write takes a row lock (the tournament's bracket row, the match), so
// concurrent draws, registrations and reports are serialised by the database.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/tournaments/bracket_types.hpp"
#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

class BracketRepository {
 public:
  explicit BracketRepository(db::Database& db) : db_(db) {}

  std::optional<BracketRecord> bracket(std::int64_t tenant_id, std::int64_t tournament_id);
  // Teams in registration order.
  std::vector<TeamRecord> teams(std::int64_t tenant_id, std::int64_t tournament_id);
  std::vector<MatchRecord> matches(std::int64_t tenant_id, std::int64_t tournament_id);
  std::optional<MatchRecord> match(std::int64_t tenant_id, std::int64_t match_id);
  std::vector<ReportRecord> reports(std::int64_t tenant_id, std::int64_t tournament_id);

  // Closes registration and stores the matches `plan` makes of the teams (in
  // registration order, read after the close). `drawn`: this call drew;
  // `already`: registration was closed before; `too_few`: fewer than two
  // teams (nothing changes).
  enum class Drawn { drawn, already, too_few };
  using Planner = std::function<std::vector<MatchRecord>(const std::vector<TeamRecord>&)>;
  Drawn draw(std::int64_t tenant_id, std::int64_t tournament_id, const Planner& plan, const std::string& now);

  // A result for an open match (READY or DISPUTED). A captain's report
  // (team_id: the reporter's team) is stored, once per side; when both sides
  // reported the same winner the match is decided, different winners make it
  // DISPUTED. An organizer's report (team_id 0) decides at once. A decided
  // match's winner takes its side of the next match; the final finishes the
  // bracket.
  enum class Reported { recorded, decided, disputed, not_open, already_reported };
  Reported report(std::int64_t tenant_id, const MatchRecord& match, std::int64_t team_id, const Reporter& reporter,
                  std::int64_t winner_team_id, std::int64_t rounds, const std::string& now);

 private:
  db::Database& db_;
};

}  // namespace portal::tournaments
