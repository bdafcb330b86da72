#include "domains/subscriptions/subscriptions_credits.hpp"

#include <algorithm>

#include "domains/subscriptions/contingents_column.hpp"

namespace portal::subscriptions {

namespace {

constexpr std::string_view kHoldings =
    "SELECT id, type_id, state, sub_state, contingents, group_id FROM user_subscriptions "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND state <> 'CANCELED' ORDER BY created_at, id";
constexpr std::string_view kOne =
    "SELECT state, sub_state, contingents, version FROM user_subscriptions "
    "WHERE tenant_id = $1 AND user_uuid = $2 AND id = $3";
constexpr std::string_view kSpend =
    "UPDATE user_subscriptions SET contingents = $4, version = version + 1, updated_at = $5 "
    "WHERE tenant_id = $1 AND id = $2 AND version = $3 AND state = 'ACTIVE' AND sub_state IS NULL";

}  // namespace

const Contingent* covering(const std::vector<Contingent>& list, const std::string& content_type) {
  for (const auto& c : list)
    if (std::find(c.content_types.begin(), c.content_types.end(), content_type) != c.content_types.end()) return &c;
  return nullptr;
}

std::vector<Holding> CreditsRepository::holdings(std::int64_t tenant_id, const std::string& user_uuid) {
  std::vector<Holding> out;
  for (const auto& r : db_.query(kHoldings, {tenant_id, user_uuid})) {
    Holding h;
    h.id = r.text(0);
    h.type_id = r.integer(1);
    h.state = r.text(2);
    h.pending = !r.is_null(3);
    h.contingents = contingents_from_column(r.text(4));
    h.group_id = r.optional_text(5);
    out.push_back(std::move(h));
  }
  return out;
}

CreditsRepository::Spent CreditsRepository::spend(db::Session& s, std::int64_t tenant_id, const std::string& user_uuid,
                                                  const std::string& subscription_id, const std::string& content_type,
                                                  const std::string& at) {
  auto rows = s.query(kOne, {tenant_id, user_uuid, subscription_id});
  if (rows.empty() || rows[0].text(0) != "ACTIVE" || !rows[0].is_null(1)) return Spent::none_left;
  auto list = contingents_from_column(rows[0].text(2));
  const auto version = rows[0].integer(3);
  Contingent* c = const_cast<Contingent*>(covering(list, content_type));
  if (!c || c->amount == 0 || c->amount < -1) return Spent::none_left;
  if (c->amount == -1) return Spent::spent;
  --c->amount;
  return s.execute(kSpend, {tenant_id, subscription_id, version, contingents_column(list), at}) == 1 ? Spent::spent
                                                                                             : Spent::raced;
}

}  // namespace portal::subscriptions
