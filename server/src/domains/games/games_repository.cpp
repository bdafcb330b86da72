#include "domains/games/games_repository.hpp"

#include <boost/describe/class.hpp>

#include "db/row_reads.hpp"
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

// Attempts of a scope and subject in a window: how many, and the first one's time.
struct AttemptsRow {
  std::int64_t count = 0;
  std::string first_at;
};
BOOST_DESCRIBE_STRUCT(AttemptsRow, (), (count, first_at))
}  // namespace

// The stored kind reads as the type's own value.
void read_column(const db::Row& r, std::size_t i, SessionKind& out) { out = kind_of(r.text(i)); }

BOOST_DESCRIBE_STRUCT(GameSession, (), (id, tenant_id, article_id, user_uuid, kind, created_at, expires_at, best_score))
BOOST_DESCRIBE_STRUCT(ScoreRow, (), (rank, player, score, name, last_name, user_id))

namespace {
db::Params session_params(const GameSession& s) {
  return {s.tenant_id, s.id, s.article_id, optional_value(s.user_uuid), to_string(s.kind), s.created_at, s.expires_at};
}
}  // namespace

void GamesRepository::insert_session(const GameSession& s) { db_.execute(sql::kInsertSession, session_params(s)); }

void GamesRepository::insert_session(db::Session& session, const GameSession& s) {
  session.execute(sql::kInsertSession, session_params(s));
}

std::optional<GameSession> GamesRepository::session(std::int64_t tenant_id, const std::string& id) {
  return db::read_first<GameSession>(db_.query(sql::kSession, {tenant_id, id}));
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
  return db::read_rows<ScoreRow>(db_.query(sql::kTop, {tenant_id, article_id}));
}

std::optional<std::int64_t> GamesRepository::best_of(std::int64_t tenant_id, std::int64_t article_id,
                                                     const std::string& player) {
  return db::read_value<std::int64_t>(db_.query(sql::kBestOf, {tenant_id, article_id, player}));
}

std::int64_t GamesRepository::rank_of(std::int64_t tenant_id, std::int64_t article_id, std::int64_t score) {
  return db::read_value<std::int64_t>(db_.query(sql::kRankOf, {tenant_id, article_id, score})).value_or(0);
}

std::int64_t GamesRepository::players(std::int64_t tenant_id, std::int64_t article_id) {
  return db::read_value<std::int64_t>(db_.query(sql::kPlayers, {tenant_id, article_id})).value_or(0);
}

void GamesRepository::record_attempt(std::int64_t tenant_id, const std::string& scope, const std::string& subject,
                                     const std::string& now) {
  db_.execute(sql::kInsertAttempt, {tenant_id, scope, subject, now});
}

std::pair<std::int64_t, std::string> GamesRepository::attempts_since(std::int64_t tenant_id, const std::string& scope,
                                                                     const std::string& subject,
                                                                     const std::string& window_start) {
  auto r = db::read_first<AttemptsRow>(db_.query(sql::kAttemptsSince, {tenant_id, scope, subject, window_start}));
  if (!r || r->count == 0) return {0, ""};
  return {r->count, std::move(r->first_at)};
}

void GamesRepository::prune_attempts(std::int64_t tenant_id, const std::string& before) {
  db_.execute(sql::kPruneAttempts, {tenant_id, before});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(GameSession, sql::kSession);
PORTAL_ROW_READS(ScoreRow, sql::kTop);
PORTAL_ROW_READS(AttemptsRow, sql::kAttemptsSince);
}  // namespace portal::games
