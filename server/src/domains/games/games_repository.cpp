#include "domains/games/games_repository.hpp"

#include "domains/games/games_sql.hpp"

namespace portal::games {

std::string to_string(SessionKind k) {
  switch (k) {
    case SessionKind::play: return "play";
    case SessionKind::free: return "free";
    case SessionKind::arcade: return "arcade";
  }
  return "play";
}

namespace {
SessionKind kind_of(const std::string& s) {
  if (s == "free") return SessionKind::free;
  if (s == "arcade") return SessionKind::arcade;
  return SessionKind::play;
}
db::Value optional_value(const std::optional<std::string>& v) {
  if (v) return *v;
  return nullptr;
}
}  // namespace

void GamesRepository::insert_session(const GameSession& s) {
  db_.execute(sql::kInsertSession, {s.tenant_id, s.id, s.article_id, optional_value(s.user_uuid), to_string(s.kind),
                                    s.created_at, s.expires_at});
}

std::optional<GameSession> GamesRepository::session(std::int64_t tenant_id, const std::string& id) {
  auto rows = db_.query(sql::kSession, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  GameSession s;
  s.id = r.text(0);
  s.tenant_id = r.integer(1);
  s.article_id = r.integer(2);
  s.user_uuid = r.optional_text(3);
  s.kind = kind_of(r.text(4));
  s.created_at = r.text(5);
  s.expires_at = r.text(6);
  if (!r.is_null(7)) s.best_score = r.integer(7);
  return s;
}

void GamesRepository::prune_sessions(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kPruneSessions, {tenant_id, before});
}

void GamesRepository::record_score(const GameSession& s, std::int64_t score, const std::string& now) {
  db_.transaction([&](db::Session& tx) {
    tx.execute(sql::kRaiseSessionBest, {s.tenant_id, s.id, score});
    tx.execute(sql::kUpsertBest, {s.tenant_id, s.article_id, player_of(s), optional_value(s.user_uuid), score, now});
  });
}

std::vector<ScoreRow> GamesRepository::top(std::int64_t tenant_id, std::int64_t article_id) {
  std::vector<ScoreRow> out;
  for (const auto& r : db_.query(sql::kTop, {tenant_id, article_id}))
    out.push_back({r.integer(0), r.text(1), r.integer(2), r.text(3), r.text(4), r.text(5)});
  return out;
}

std::optional<std::int64_t> GamesRepository::best_of(std::int64_t tenant_id, std::int64_t article_id,
                                                     const std::string& player) {
  auto rows = db_.query(sql::kBestOf, {tenant_id, article_id, player});
  if (rows.empty()) return std::nullopt;
  return rows[0].integer(0);
}

std::int64_t GamesRepository::rank_of(std::int64_t tenant_id, std::int64_t article_id, std::int64_t score) {
  return db_.query(sql::kRankOf, {tenant_id, article_id, score})[0].integer(0);
}

std::int64_t GamesRepository::players(std::int64_t tenant_id, std::int64_t article_id) {
  return db_.query(sql::kPlayers, {tenant_id, article_id})[0].integer(0);
}

void GamesRepository::record_attempt(std::int64_t tenant_id, const std::string& scope, const std::string& subject,
                                     const std::string& now) {
  db_.execute(sql::kInsertAttempt, {tenant_id, scope, subject, now});
}

std::pair<std::int64_t, std::string> GamesRepository::attempts_since(std::int64_t tenant_id, const std::string& scope,
                                                                     const std::string& subject,
                                                                     const std::string& window_start) {
  auto rows = db_.query(sql::kAttemptsSince, {tenant_id, scope, subject, window_start});
  if (rows.empty() || rows[0].integer(0) == 0) return {0, ""};
  return {rows[0].integer(0), rows[0].text(1)};
}

void GamesRepository::prune_attempts(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kPruneAttempts, {tenant_id, before});
}

}  // namespace portal::games
