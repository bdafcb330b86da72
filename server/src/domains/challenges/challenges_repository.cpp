#include "domains/challenges/challenges_repository.hpp"

#include <boost/json/parse.hpp>

#include "domains/challenges/challenges_sql.hpp"

namespace portal::challenges {
namespace json = boost::json;

namespace {

json::object doc_of(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec || !v.is_object()) return {};
  return std::move(v.as_object());
}

Participation to_participation(const db::Row& row) {
  return {rules_of(row.integer(0), row.integer(1), doc_of(row.text(2))), row.text(3)};
}

template <class Runner>
std::map<std::int64_t, std::int64_t> counts_with(Runner& r, std::int64_t tenant_id, const std::string& user_uuid,
                                                 std::int64_t challenge_id) {
  std::map<std::int64_t, std::int64_t> out;
  for (const auto& row : r.query(sql::kHitCounts, {tenant_id, user_uuid, challenge_id}))
    out[row.integer(0)] = row.integer(1);
  return out;
}

template <class Runner>
std::map<std::int64_t, std::string> credited_with(Runner& r, std::int64_t tenant_id, const std::string& user_uuid,
                                                  std::int64_t challenge_id) {
  std::map<std::int64_t, std::string> out;
  for (const auto& row : r.query(sql::kCreditedSteps, {tenant_id, user_uuid, challenge_id}))
    out[row.integer(0)] = row.text(1);
  return out;
}

db::Value optional_int(const std::optional<std::int64_t>& v) {
  return v ? db::Value(*v) : db::Value(nullptr);
}

}  // namespace

std::optional<std::string> ChallengesRepository::user_of_public_id(std::int64_t tenant_id,
                                                                   const std::string& public_user_id) {
  auto rows = db_.query(sql::kUserOfPublicId, {tenant_id, public_user_id});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

std::vector<Participation> ChallengesRepository::participations(std::int64_t tenant_id, const std::string& user_uuid) {
  std::vector<Participation> out;
  for (const auto& row : db_.query(sql::kParticipations, {tenant_id, user_uuid})) out.push_back(to_participation(row));
  return out;
}

std::optional<Participation> ChallengesRepository::participation(std::int64_t tenant_id, const std::string& user_uuid,
                                                                 std::int64_t challenge_id) {
  auto rows = db_.query(sql::kParticipation, {tenant_id, user_uuid, challenge_id});
  if (rows.empty()) return std::nullopt;
  return to_participation(rows[0]);
}

std::vector<std::int64_t> ChallengesRepository::challenge_ids(std::int64_t tenant_id) {
  std::vector<std::int64_t> out;
  for (const auto& row : db_.query(sql::kChallengeIds, {tenant_id})) out.push_back(row.integer(0));
  return out;
}

std::optional<ChallengeRules> ChallengesRepository::challenge(std::int64_t tenant_id, std::int64_t id) {
  auto rows = db_.query(sql::kChallenge, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return rules_of(rows[0].integer(0), rows[0].integer(1), doc_of(rows[0].text(2)));
}

std::optional<json::object> ChallengesRepository::challenge_doc(std::int64_t tenant_id, std::int64_t id) {
  auto rows = db_.query(sql::kChallenge, {tenant_id, id});
  if (rows.empty()) return std::nullopt;
  return doc_of(rows[0].text(2));
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
  auto rows = db_.query(sql::kBalance, {tenant_id, user_uuid, std::string(currency)});
  return {rows[0].integer(0), rows[0].integer(1)};
}

std::vector<LedgerEntry> ChallengesRepository::ledger(std::int64_t tenant_id, const std::string& user_uuid,
                                                      std::string_view currency, std::int64_t limit,
                                                      std::int64_t offset) {
  std::vector<LedgerEntry> out;
  for (const auto& row : db_.query(sql::kLedger, {tenant_id, user_uuid, std::string(currency), limit, offset})) {
    LedgerEntry e{row.text(0), row.text(1), row.integer(2), row.text(3), std::nullopt, std::nullopt, row.text(6)};
    if (!row.is_null(4)) e.challenge_id = row.integer(4);
    if (!row.is_null(5)) e.step_id = row.integer(5);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace portal::challenges
