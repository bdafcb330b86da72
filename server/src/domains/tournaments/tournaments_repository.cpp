#include "domains/tournaments/tournaments_repository.hpp"

#include "domains/tournaments/bracket_sql.hpp"
#include "domains/tournaments/tournaments_rows.hpp"
#include "domains/tournaments/tournaments_sql.hpp"
#include "db/row_reads.hpp"

namespace portal::tournaments {

namespace {

void insert_member(db::Session& s, std::int64_t tenant_id, std::int64_t tournament_id, const MemberRecord& m) {
  s.execute(sql::kInsertMember, {tenant_id, m.team_id, tournament_id, m.user_uuid, m.user_id, m.user_name, m.ingame_id,
                                 m.role, m.joined_at});
}

}  // namespace

TournamentsRepository::Created TournamentsRepository::create_team(std::int64_t tenant_id, const TeamRecord& team,
                                                                  const MemberRecord& captain, std::int64_t& id) {
  struct Closed {};
  try {
    db_.transaction([&](db::Session& s) {
      s.execute(sql::kEnsureBracket, {tenant_id, team.tournament_id, team.created_at});
      if (s.execute(sql::kCountRegistration, {tenant_id, team.tournament_id}) == 0) throw Closed{};
      id = s.query(sql::kInsertTeam, {tenant_id, team.tournament_id, team.name, team.captain_uuid, team.provider,
                                      team.created_at})[0]
               .integer(0);
      MemberRecord m = captain;
      m.team_id = id;
      insert_member(s, tenant_id, team.tournament_id, m);
    });
  } catch (const Closed&) {
    return Created::closed;
  } catch (const db::ConstraintError&) {
    return Created::conflict;
  }
  return Created::created;
}

std::optional<TeamRecord> TournamentsRepository::team(std::int64_t tenant_id, std::int64_t team_id) {
  return db::read_first<TeamRecord>(db_.query(sql::kTeam, {tenant_id, team_id}));
}

bool TournamentsRepository::team_name_taken(std::int64_t tenant_id, std::int64_t tournament_id,
                                            const std::string& name) {
  return !db_.query(sql::kTeamNameTaken, {tenant_id, tournament_id, name}).empty();
}

std::optional<std::int64_t> TournamentsRepository::captained_team(std::int64_t tenant_id,
                                                                  const std::string& user_uuid) {
  return db::read_value<std::int64_t>(db_.query(sql::kCaptainTeam, {tenant_id, user_uuid}));
}

std::vector<MemberRecord> TournamentsRepository::members(std::int64_t tenant_id, std::int64_t team_id) {
  return db::read_rows<MemberRecord>(db_.query(sql::kMembers, {tenant_id, team_id}));
}

std::int64_t TournamentsRepository::member_count(std::int64_t tenant_id, std::int64_t team_id) {
  return db_.query(sql::kMemberCount, {tenant_id, team_id})[0].integer(0);
}

std::optional<std::int64_t> TournamentsRepository::team_of_member(std::int64_t tenant_id, std::int64_t tournament_id,
                                                                  const std::string& user_uuid) {
  return db::read_value<std::int64_t>(db_.query(sql::kTeamOfMember, {tenant_id, tournament_id, user_uuid}));
}

std::optional<std::int64_t> TournamentsRepository::add_request(std::int64_t tenant_id, const JoinRequestRecord& r) {
  try {
    return db_.query(sql::kInsertRequest, {tenant_id, r.team_id, r.user_uuid, r.user_id, r.user_name, r.ingame_id,
                                           r.provider, r.created_at})[0]
        .integer(0);
  } catch (const db::ConstraintError&) {
    return std::nullopt;
  }
}

bool TournamentsRepository::has_pending_request(std::int64_t tenant_id, std::int64_t team_id,
                                                const std::string& user_uuid) {
  return !db_.query(sql::kPendingOf, {tenant_id, team_id, user_uuid}).empty();
}

std::vector<std::int64_t> TournamentsRepository::pending_team_ids(std::int64_t tenant_id, std::int64_t tournament_id,
                                                                 const std::string& user_uuid) {
  std::vector<std::int64_t> out;
  for (const auto& row : db_.query(sql::kPendingTeamsOf, {tenant_id, tournament_id, user_uuid})) out.push_back(row.integer(0));
  return out;
}

std::optional<JoinRequestRecord> TournamentsRepository::request(std::int64_t tenant_id, std::int64_t request_id) {
  return db::read_first<JoinRequestRecord>(db_.query(sql::kRequest, {tenant_id, request_id}));
}

TournamentsRepository::Answered TournamentsRepository::answer_request(std::int64_t tenant_id,
                                                                      const JoinRequestRecord& request,
                                                                      const std::string& status,
                                                                      const std::optional<MemberRecord>& member,
                                                                      const std::string& now) {
  Answered outcome = Answered::not_pending;
  try {
    db_.transaction([&](db::Session& s) {
      outcome = Answered::not_pending;  // a retried transaction (db::TransientError) decides again
      if (s.execute(sql::kAnswerRequest, {tenant_id, request.id, status, now}) == 0) return;
      if (member) insert_member(s, tenant_id, request.tournament_id, *member);
      s.execute(sql::kInsertInvitation, {tenant_id, request.team_id, request.user_uuid, status, request.provider, now});
      outcome = Answered::yes;
    });
  } catch (const db::ConstraintError&) {
    return Answered::conflict;
  }
  return outcome;
}

std::vector<JoinRequestRecord> TournamentsRepository::pending_for_captain(std::int64_t tenant_id,
                                                                          const std::string& captain_uuid,
                                                                          std::int64_t tournament_id) {
  return db::read_rows<JoinRequestRecord>(db_.query(sql::kPendingForCaptain, {tenant_id, captain_uuid, tournament_id}));
}

std::vector<NotificationRecord> TournamentsRepository::notifications(std::int64_t tenant_id,
                                                                     const std::string& user_uuid,
                                                                     std::int64_t tournament_id) {
  return db::read_rows<NotificationRecord>(db_.query(sql::kNotifications, {tenant_id, user_uuid, tournament_id}));
}

std::int64_t TournamentsRepository::mark_notified(std::int64_t tenant_id, const std::string& user_uuid,
                                                  std::int64_t team_id, const std::string& provider,
                                                  const std::string& now) {
  return db_.execute(sql::kMarkNotified, {tenant_id, user_uuid, team_id, provider, now});
}

void TournamentsRepository::add_notification(std::int64_t tenant_id, std::int64_t team_id,
                                             const std::string& user_uuid, const std::string& kind,
                                             const std::string& provider, const std::string& now) {
  db_.execute(sql::kInsertInvitation, {tenant_id, team_id, user_uuid, kind, provider, now});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(TeamRecord, sql::kTeam);
PORTAL_ROW_READS(MemberRecord, sql::kMembers);
PORTAL_ROW_READS(JoinRequestRecord, sql::kRequest);
PORTAL_ROW_READS(JoinRequestRecord, sql::kPendingForCaptain);
PORTAL_ROW_READS(NotificationRecord, sql::kNotifications);
}  // namespace portal::tournaments
