#pragma once
// Challenge progress and the rewards ledger. Every call takes the tenant id
// first and blocks: run it on the database pool. The primary key of a hit and
// the unique key of a ledger source make a play count once and a step's
// reward land once, whatever runs at the same time.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/challenges/challenges_types.hpp"

namespace portal::challenges {

class ChallengesRepository {
 public:
  explicit ChallengesRepository(db::Database& db) : db_(db) {}

  db::Database& database() { return db_; }

  std::optional<std::string> user_of_public_id(std::int64_t tenant_id, const std::string& public_user_id);
  std::vector<Participation> participations(std::int64_t tenant_id, const std::string& user_uuid);
  std::optional<Participation> participation(std::int64_t tenant_id, const std::string& user_uuid,
                                             std::int64_t challenge_id);
  std::vector<std::int64_t> challenge_ids(std::int64_t tenant_id);
  std::optional<ChallengeRules> challenge(std::int64_t tenant_id, std::int64_t id);
  // A challenge's titles in lang (for the ledger).
  std::optional<ChallengeTitles> challenge_titles(std::int64_t tenant_id, std::int64_t id, std::string_view lang);

  // True when the hit is new.
  bool add_hit(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, std::int64_t challenge_id,
               std::int64_t step_id, const std::string& key, const std::string& event_id, const std::string& now);
  std::map<std::int64_t, std::int64_t> hit_counts(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                                  std::int64_t challenge_id);
  std::map<std::int64_t, std::int64_t> hit_counts(std::int64_t tenant_id, const std::string& user_uuid,
                                                  std::int64_t challenge_id);
  // step id -> when credited.
  std::map<std::int64_t, std::string> credited(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                                std::int64_t challenge_id);
  std::map<std::int64_t, std::string> credited(std::int64_t tenant_id, const std::string& user_uuid,
                                                std::int64_t challenge_id);
  // True when this call wrote it (false: the source was credited before).
  bool credit(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid, const LedgerEntry& e);

  // SUM(amount) and the number of entries.
  std::pair<std::int64_t, std::int64_t> balance(std::int64_t tenant_id, const std::string& user_uuid,
                                                std::string_view currency);
  std::vector<LedgerEntry> ledger(std::int64_t tenant_id, const std::string& user_uuid, std::string_view currency,
                                  std::int64_t limit, std::int64_t offset);

 private:
  db::Database& db_;
};

}  // namespace portal::challenges
