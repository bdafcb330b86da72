#pragma once
// Game sessions, best scores and score-post counts. Blocking; tenant id first.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "domains/games/games_types.hpp"

namespace portal::games {

class GamesRepository {
 public:
  explicit GamesRepository(db::Database& db) : db_(db) {}

  void insert_session(const GameSession& s);
  void insert_session(db::Session& session, const GameSession& s);  // in the caller's transaction
  std::optional<GameSession> session(std::int64_t tenant_id, const std::string& id);
  void prune_sessions(std::int64_t tenant_id, const std::string& before);

  // The session's best and the player's best per game, each raised only by a
  // higher score, in one transaction.
  void record_score(const GameSession& s, std::int64_t score, const std::string& now);
  std::vector<ScoreRow> top(std::int64_t tenant_id, std::int64_t article_id);
  std::optional<std::int64_t> best_of(std::int64_t tenant_id, std::int64_t article_id, const std::string& player);
  std::int64_t rank_of(std::int64_t tenant_id, std::int64_t article_id, std::int64_t score);
  std::int64_t players(std::int64_t tenant_id, std::int64_t article_id);

  // Score posts (scope: session, user).
  void record_attempt(std::int64_t tenant_id, const std::string& scope, const std::string& subject,
                      const std::string& now);
  // The count and the oldest time ("" when none) since window_start.
  std::pair<std::int64_t, std::string> attempts_since(std::int64_t tenant_id, const std::string& scope,
                                                      const std::string& subject, const std::string& window_start);
  void prune_attempts(std::int64_t tenant_id, const std::string& before);

 private:
  db::Database& db_;
};

std::string to_string(SessionKind k);

}  // namespace portal::games
