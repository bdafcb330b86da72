#pragma once
// Tournament storage. Every call takes the tenant id first and blocks: run it
// on the database pool. Writes that must not half-happen run in one
// transaction. A write that a constraint refuses (a second team for a user in
// one tournament, a second pending request, a taken team name: two requests
// racing past the service's checks) answers "conflict" instead of throwing.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/tournaments/tournaments_types.hpp"

namespace portal::tournaments {

class TournamentsRepository {
 public:
  explicit TournamentsRepository(db::Database& db) : db_(db) {}

  // The team and its captain as first member, while the tournament's
  // registration is open (its tournament_brackets row, made here when it is
  // the first team, is in state REGISTRATION; updating it takes the row lock
  // the draw takes too). `id` is set when created.
  enum class Created { created, conflict, closed };
  Created create_team(std::int64_t tenant_id, const TeamRecord& team, const MemberRecord& captain, std::int64_t& id);
  std::optional<TeamRecord> team(std::int64_t tenant_id, std::int64_t team_id);
  bool team_name_taken(std::int64_t tenant_id, std::int64_t tournament_id, const std::string& name);
  // The first team the user captains (demo seed).
  std::optional<std::int64_t> captained_team(std::int64_t tenant_id, const std::string& user_uuid);
  std::vector<MemberRecord> members(std::int64_t tenant_id, std::int64_t team_id);
  std::int64_t member_count(std::int64_t tenant_id, std::int64_t team_id);
  // The team the user belongs to in that tournament.
  std::optional<std::int64_t> team_of_member(std::int64_t tenant_id, std::int64_t tournament_id,
                                             const std::string& user_uuid);

  // The request id, nullopt on conflict.
  std::optional<std::int64_t> add_request(std::int64_t tenant_id, const JoinRequestRecord& request);
  bool has_pending_request(std::int64_t tenant_id, std::int64_t team_id, const std::string& user_uuid);
  std::vector<std::int64_t> pending_team_ids(std::int64_t tenant_id, std::int64_t tournament_id,
                                             const std::string& user_uuid);
  std::optional<JoinRequestRecord> request(std::int64_t tenant_id, std::int64_t request_id);
  // Moves a pending request to status, adds the member when given and leaves
  // a notification of kind status for the requester, all or nothing.
  enum class Answered { yes, not_pending, conflict };
  Answered answer_request(std::int64_t tenant_id, const JoinRequestRecord& request, const std::string& status,
                      const std::optional<MemberRecord>& member, const std::string& now);

  // tournament_id 0 = every tournament.
  std::vector<JoinRequestRecord> pending_for_captain(std::int64_t tenant_id, const std::string& captain_uuid,
                                                     std::int64_t tournament_id);
  std::vector<NotificationRecord> notifications(std::int64_t tenant_id, const std::string& user_uuid,
                                                std::int64_t tournament_id);
  // team_id 0 = every team; provider "" = any. Answers how many were marked.
  std::int64_t mark_notified(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t team_id,
                             const std::string& provider, const std::string& now);
  // A notification as the demo seed leaves one.
  void add_notification(std::int64_t tenant_id, std::int64_t team_id, const std::string& user_uuid,
                        const std::string& kind, const std::string& provider, const std::string& now);

 private:
  db::Database& db_;
};

}  // namespace portal::tournaments
