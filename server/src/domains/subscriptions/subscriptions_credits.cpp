#include "domains/subscriptions/subscriptions_credits.hpp"

#include <algorithm>
#include <boost/json.hpp>

namespace portal::subscriptions {
namespace json = boost::json;

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

// The stored layout: [{"contentTypes": [...], "amount": n}] (subscriptions_repository).
std::vector<Contingent> parse(const std::string& text) {
  std::vector<Contingent> out;
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  if (ec || !v.is_array()) throw db::Error("subscription contingents are broken");
  for (const auto& item : v.as_array()) {
    const auto* o = item.if_object();
    if (!o) continue;
    Contingent c;
    if (const auto* types = o->if_contains("contentTypes"); types && types->is_array())
      for (const auto& t : types->as_array())
        if (t.is_string()) c.content_types.emplace_back(t.as_string());
    if (const auto* a = o->if_contains("amount"); a && a->is_int64()) c.amount = a->as_int64();
    out.push_back(std::move(c));
  }
  return out;
}

std::string serialize(const std::vector<Contingent>& list) {
  json::array out;
  for (const auto& c : list) {
    json::array types;
    for (const auto& t : c.content_types) types.emplace_back(t);
    out.push_back(json::object{{"contentTypes", std::move(types)}, {"amount", c.amount}});
  }
  return json::serialize(out);
}

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
    h.contingents = parse(r.text(4));
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
  auto list = parse(rows[0].text(2));
  const auto version = rows[0].integer(3);
  Contingent* c = const_cast<Contingent*>(covering(list, content_type));
  if (!c || c->amount == 0 || c->amount < -1) return Spent::none_left;
  if (c->amount == -1) return Spent::spent;
  --c->amount;
  return s.execute(kSpend, {tenant_id, subscription_id, version, serialize(list), at}) == 1 ? Spent::spent
                                                                                             : Spent::raced;
}

}  // namespace portal::subscriptions
