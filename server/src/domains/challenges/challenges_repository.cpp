#include "domains/challenges/challenges_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/parse.hpp>

#include "db/row_reads.hpp"
#include "domains/challenges/challenge_inputs.hpp"
#include "domains/challenges/challenges_sql.hpp"

namespace portal::challenges {
namespace json = boost::json;

// The stored columns (the titles are resolved for the reader later).
BOOST_DESCRIBE_STRUCT(LedgerEntry, (), (id, currency, amount, source_key, challenge_id, step_id, created_at))

namespace {

json::object doc_of(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec || !v.is_object()) return {};
  return std::move(v.as_object());
}

// A challenge's stored columns.
struct ChallengeRow {
  std::int64_t id = 0;
  std::int64_t game_id = 0;
  std::string doc;
};
BOOST_DESCRIBE_STRUCT(ChallengeRow, (), (id, game_id, doc))

// The columns of PORTAL_PARTICIPATION_COLUMNS.
struct ParticipationRow {
  std::int64_t id = 0;
  std::int64_t game_id = 0;
  std::string doc;
  std::string opted_in_at;
};
BOOST_DESCRIBE_STRUCT(ParticipationRow, (), (id, game_id, doc, opted_in_at))
static_assert(db::columns_match<ParticipationRow>(PORTAL_PARTICIPATION_COLUMNS));

Participation to_participation(const ParticipationRow& r) { return {rules_of(r.id, r.game_id, doc_of(r.doc)), r.opted_in_at}; }

struct StepCountRow {
  std::int64_t step_id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(StepCountRow, (), (step_id, count))

struct StepCreditedRow {
  std::int64_t step_id = 0;
  std::string created_at;
};
BOOST_DESCRIBE_STRUCT(StepCreditedRow, (), (step_id, created_at))

struct BalanceRow {
  std::int64_t sum = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(BalanceRow, (), (sum, count))

template <class Runner>
std::map<std::int64_t, std::int64_t> counts_with(Runner& r, std::int64_t tenant_id, const std::string& user_uuid,
                                                 std::int64_t challenge_id) {
  std::map<std::int64_t, std::int64_t> out;
  for (const auto& row : db::read_rows<StepCountRow>(r.query(sql::kHitCounts, {tenant_id, user_uuid, challenge_id})))
    out[row.step_id] = row.count;
  return out;
}

template <class Runner>
std::map<std::int64_t, std::string> credited_with(Runner& r, std::int64_t tenant_id, const std::string& user_uuid,
                                                  std::int64_t challenge_id) {
  std::map<std::int64_t, std::string> out;
  for (auto& row : db::read_rows<StepCreditedRow>(r.query(sql::kCreditedSteps, {tenant_id, user_uuid, challenge_id})))
    out[row.step_id] = std::move(row.created_at);
  return out;
}

db::Value optional_int(const std::optional<std::int64_t>& v) {
  return v ? db::Value(*v) : db::Value(nullptr);
}

}  // namespace

std::optional<std::string> ChallengesRepository::user_of_public_id(std::int64_t tenant_id,
                                                                   const std::string& public_user_id) {
  return db::read_value<std::string>(db_.query(sql::kUserOfPublicId, {tenant_id, public_user_id}));
}

std::vector<Participation> ChallengesRepository::participations(std::int64_t tenant_id, const std::string& user_uuid) {
  std::vector<Participation> out;
  for (const auto& row : db::read_rows<ParticipationRow>(db_.query(sql::kParticipations, {tenant_id, user_uuid})))
    out.push_back(to_participation(row));
  return out;
}

std::optional<Participation> ChallengesRepository::participation(std::int64_t tenant_id, const std::string& user_uuid,
                                                                 std::int64_t challenge_id) {
  auto row = db::read_first<ParticipationRow>(db_.query(sql::kParticipation, {tenant_id, user_uuid, challenge_id}));
  if (!row) return std::nullopt;
  return to_participation(*row);
}

std::vector<std::int64_t> ChallengesRepository::challenge_ids(std::int64_t tenant_id) {
  return db::read_values<std::int64_t>(db_.query(sql::kChallengeIds, {tenant_id}));
}

std::optional<ChallengeRules> ChallengesRepository::challenge(std::int64_t tenant_id, std::int64_t id) {
  auto row = db::read_first<ChallengeRow>(db_.query(sql::kChallenge, {tenant_id, id}));
  if (!row) return std::nullopt;
  return rules_of(row->id, row->game_id, doc_of(row->doc));
}

std::optional<ChallengeTitles> ChallengesRepository::challenge_titles(std::int64_t tenant_id, std::int64_t id,
                                                                   std::string_view lang) {
  auto row = db::read_first<ChallengeRow>(db_.query(sql::kChallenge, {tenant_id, id}));
  if (!row) return std::nullopt;
  return titles_of(doc_of(row->doc), lang);
}

bool ChallengesRepository::add_hit(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                   std::int64_t challenge_id, std::int64_t step_id, const std::string& key,
                                   const std::string& event_id, const std::string& now) {
  return s.execute(sql::kInsertHit, {tenant_id, user_uuid, challenge_id, step_id, key, event_id, now}) > 0;
}

std::map<std::int64_t, std::int64_t> ChallengesRepository::hit_counts(db::Session& s, std::int64_t tenant_id,
                                                                      const std::string& user_uuid,
                                                                      std::int64_t challenge_id) {
  return counts_with(s, tenant_id, user_uuid, challenge_id);
}

std::map<std::int64_t, std::int64_t> ChallengesRepository::hit_counts(std::int64_t tenant_id,
                                                                      const std::string& user_uuid,
                                                                      std::int64_t challenge_id) {
  return counts_with(db_, tenant_id, user_uuid, challenge_id);
}

std::map<std::int64_t, std::string> ChallengesRepository::credited(db::Session& s, std::int64_t tenant_id,
                                                                    const std::string& user_uuid,
                                                                    std::int64_t challenge_id) {
  return credited_with(s, tenant_id, user_uuid, challenge_id);
}

std::map<std::int64_t, std::string> ChallengesRepository::credited(std::int64_t tenant_id,
                                                                    const std::string& user_uuid,
                                                                    std::int64_t challenge_id) {
  return credited_with(db_, tenant_id, user_uuid, challenge_id);
}

bool ChallengesRepository::credit(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                  const LedgerEntry& e) {
  return s.execute(sql::kInsertCredit, {e.id, tenant_id, user_uuid, e.currency, e.amount, e.source_key,
                                        optional_int(e.challenge_id), optional_int(e.step_id), e.created_at}) > 0;
}

std::pair<std::int64_t, std::int64_t> ChallengesRepository::balance(std::int64_t tenant_id,
                                                                    const std::string& user_uuid,
                                                                    std::string_view currency) {
  const auto b = db::read_first<BalanceRow>(db_.query(sql::kBalance, {tenant_id, user_uuid, std::string(currency)}));
  return b ? std::pair{b->sum, b->count} : std::pair<std::int64_t, std::int64_t>{0, 0};
}

std::vector<LedgerEntry> ChallengesRepository::ledger(std::int64_t tenant_id, const std::string& user_uuid,
                                                      std::string_view currency, std::int64_t limit,
                                                      std::int64_t offset) {
  return db::read_rows<LedgerEntry>(
      db_.query(sql::kLedger, {tenant_id, user_uuid, std::string(currency), limit, offset}));
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(StepCountRow, sql::kHitCounts);
PORTAL_ROW_READS(StepCreditedRow, sql::kCreditedSteps);
PORTAL_ROW_READS(ParticipationRow, sql::kParticipations);
PORTAL_ROW_READS(ParticipationRow, sql::kParticipation);
PORTAL_ROW_READS(ChallengeRow, sql::kChallenge);
PORTAL_ROW_READS(BalanceRow, sql::kBalance);
PORTAL_ROW_READS(LedgerEntry, sql::kLedger);
}  // namespace portal::challenges
