#include "domains/tournaments/bracket_repository.hpp"

#include <algorithm>

#include "domains/tournaments/bracket_sql.hpp"
#include "domains/tournaments/tournaments_rows.hpp"
#include "domains/tournaments/tournaments_sql.hpp"
#include "db/row_reads.hpp"

namespace portal::tournaments {

namespace {

db::Value optional_id(const std::optional<std::int64_t>& id) {
  if (!id) return nullptr;
  return *id;
}
db::Value optional_text(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  return *text;
}

// Thrown inside a transaction to roll it back.
struct TooFew {};

// Decides a match and moves its winner on (inside the report's transaction).
void decide(db::Session& s, std::int64_t tenant_id, const MatchRecord& m, std::int64_t winner, const char* by,
            std::int64_t rounds, const std::string& now) {
  s.execute(sql::kDecide, {tenant_id, m.id, winner, std::string(by), now});
  if (m.round >= rounds) {
    s.execute(sql::kFinish, {tenant_id, m.tournament_id, winner});
    return;
  }
  const std::int64_t next_round = m.round + 1, next_position = m.position / 2;
  s.execute(m.position % 2 == 0 ? sql::kAdvanceHome : sql::kAdvanceAway,
            {tenant_id, m.tournament_id, next_round, next_position, winner});
  s.execute(sql::kReadyIfFull, {tenant_id, m.tournament_id, next_round, next_position});
}

}  // namespace

std::optional<BracketRecord> BracketRepository::bracket(std::int64_t tenant_id, std::int64_t tournament_id) {
  return db::read_first<BracketRecord>(db_.query(sql::kBracket, {tenant_id, tournament_id}));
}

std::vector<TeamRecord> BracketRepository::teams(std::int64_t tenant_id, std::int64_t tournament_id) {
  return db::read_rows<TeamRecord>(db_.query(sql::kTeams, {tenant_id, tournament_id}));
}

std::vector<MatchRecord> BracketRepository::matches(std::int64_t tenant_id, std::int64_t tournament_id) {
  return db::read_rows<MatchRecord>(db_.query(sql::kMatches, {tenant_id, tournament_id}));
}

std::optional<MatchRecord> BracketRepository::match(std::int64_t tenant_id, std::int64_t match_id) {
  return db::read_first<MatchRecord>(db_.query(sql::kMatch, {tenant_id, match_id}));
}

std::vector<ReportRecord> BracketRepository::reports(std::int64_t tenant_id, std::int64_t tournament_id) {
  return db::read_rows<ReportRecord>(db_.query(sql::kTournamentReports, {tenant_id, tournament_id}));
}

BracketRepository::Drawn BracketRepository::draw(std::int64_t tenant_id, std::int64_t tournament_id,
                                                 const Planner& plan, const std::string& now) {
  Drawn outcome = Drawn::already;
  try {
    db_.transaction([&](db::Session& s) {
      outcome = Drawn::already;  // a retried transaction (db::TransientError) decides again
      s.execute(sql::kEnsureBracket, {tenant_id, tournament_id, now});
      if (s.execute(sql::kCloseRegistration, {tenant_id, tournament_id, now}) == 0) return;  // drawn before
      const auto teams = db::read_rows<TeamRecord>(s.query(sql::kTeams, {tenant_id, tournament_id}));
      if (teams.size() < 2) throw TooFew{};
      auto matches = plan(teams);
      std::int64_t rounds = 0;
      for (const auto& m : matches) {
        rounds = std::max(rounds, m.round);
        s.execute(sql::kInsertMatch, {tenant_id, tournament_id, m.round, m.position, optional_id(m.home_team_id),
                                      optional_id(m.away_team_id), m.status, optional_id(m.winner_team_id),
                                      optional_text(m.decided_by), optional_text(m.decided_at)});
      }
      s.execute(sql::kSetRounds, {tenant_id, tournament_id, rounds});
      // Byes move their team on at once.
      for (const auto& m : matches)
        if (m.status == "BYE" && m.round < rounds) {
          const std::int64_t next_round = m.round + 1, next_position = m.position / 2;
          s.execute(m.position % 2 == 0 ? sql::kAdvanceHome : sql::kAdvanceAway,
                    {tenant_id, tournament_id, next_round, next_position, *m.winner_team_id});
          s.execute(sql::kReadyIfFull, {tenant_id, tournament_id, next_round, next_position});
        }
      outcome = Drawn::drawn;
    });
  } catch (const TooFew&) {
    return Drawn::too_few;
  }
  return outcome;
}

BracketRepository::Reported BracketRepository::report(std::int64_t tenant_id, const MatchRecord& match,
                                                      std::int64_t team_id, const Reporter& reporter,
                                                      std::int64_t winner_team_id, std::int64_t rounds,
                                                      const std::string& now) {
  Reported outcome = Reported::not_open;
  try {
    db_.transaction([&](db::Session& s) {
      outcome = Reported::not_open;  // a retried transaction (db::TransientError) decides again
      if (s.execute(sql::kLockOpenMatch, {tenant_id, match.id}) == 0) return;
      // Read again under the lock: the sides and the status as they are now.
      const auto m = db::read_row<MatchRecord>(s.query(sql::kMatch, {tenant_id, match.id})[0]);
      if (reporter.organizer && team_id == 0) {
        decide(s, tenant_id, m, winner_team_id, "ORGANIZER", rounds, now);
        outcome = Reported::decided;
        return;
      }
      if (m.status != "READY") return;  // disputed: only the organizer settles it
      s.execute(sql::kInsertReport, {tenant_id, m.id, team_id, reporter.uuid, winner_team_id, now});
      const auto reports = db::read_rows<ReportRecord>(s.query(sql::kMatchReports, {tenant_id, m.id}));
      outcome = Reported::recorded;
      if (reports.size() < 2) return;
      if (reports[0].winner_team_id == reports[1].winner_team_id) {
        decide(s, tenant_id, m, reports[0].winner_team_id, "CAPTAINS", rounds, now);
        outcome = Reported::decided;
      } else {
        s.execute(sql::kDispute, {tenant_id, m.id});
        outcome = Reported::disputed;
      }
    });
  } catch (const db::ConstraintError&) {
    return Reported::already_reported;
  }
  return outcome;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(BracketRecord, sql::kBracket);
PORTAL_ROW_READS(TeamRecord, sql::kTeams);
PORTAL_ROW_READS(MatchRecord, sql::kMatches);
PORTAL_ROW_READS(MatchRecord, sql::kMatch);
PORTAL_ROW_READS(ReportRecord, sql::kTournamentReports);
PORTAL_ROW_READS(ReportRecord, sql::kMatchReports);
}  // namespace portal::tournaments
