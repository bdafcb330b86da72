#include "domains/customers/customers_repository.hpp"

#include <boost/json.hpp>

#include "domains/customers/customers_sql.hpp"

namespace portal::customers {
namespace json = boost::json;

namespace {

Match match_of(const db::Row& r, MatchKey key) {
  Match m;
  m.uuid = r.text(0);
  m.user_id = r.text(1);
  m.email = r.optional_text(2);
  m.msisdn = r.optional_text(3);
  m.name = r.text(4);
  if (const auto last = r.text(5); !last.empty()) m.name += (m.name.empty() ? "" : " ") + last;
  m.created_at = r.text(6);
  m.tenant_id = r.integer(7);
  m.tenant = r.text(8);
  m.key = key;
  return m;
}

// The largest code point: a prefix's range ends just below prefix + U+10FFFF.
constexpr std::string_view kMaxCodePoint = "\xF4\x8F\xBF\xBF";

std::vector<std::string> roles_of(const std::string& text) {
  std::vector<std::string> out;
  boost::system::error_code ec;
  const auto v = json::parse(text, ec);
  if (!ec && v.is_array())
    for (const auto& r : v.as_array())
      if (r.is_string()) out.emplace_back(r.as_string());
  return out;
}

std::string plan_name(const std::optional<std::string>& definition) {
  if (!definition) return "";
  boost::system::error_code ec;
  const auto v = json::parse(*definition, ec);
  if (ec || !v.is_object()) return "";
  if (const auto* n = v.as_object().if_contains("name"); n && n->is_string()) return std::string(n->as_string());
  return "";
}

// The stored layout: [{"contentTypes": [...], "amount": n}] (subscriptions_credits.cpp).
std::vector<Credit> credits_of(const std::string& text) {
  std::vector<Credit> out;
  boost::system::error_code ec;
  const auto v = json::parse(text, ec);
  if (ec || !v.is_array()) return out;
  for (const auto& e : v.as_array()) {
    const auto* o = e.if_object();
    if (!o) continue;
    Credit c;
    if (const auto* types = o->if_contains("contentTypes"); types && types->is_array())
      for (const auto& t : types->as_array())
        if (t.is_string()) c.content_types.emplace_back(t.as_string());
    if (const auto* a = o->if_contains("amount"); a && a->is_int64()) c.left = a->as_int64();
    out.push_back(std::move(c));
  }
  return out;
}


std::int64_t count(db::Database& db, std::string_view sql, const db::Params& params) {
  const auto rows = db.query(sql, params);
  return rows.empty() ? 0 : rows[0].integer(0);
}

}  // namespace

std::vector<std::string> CustomersRepository::search_statements(bool scoped) {
  std::vector<std::string> out;
  for (auto from_where : {sql::kByEmail, sql::kByMsisdn, sql::kByUserId, sql::kByUuid, sql::kByPaymentId,
                          sql::kByPaymentReference, sql::kByVoucherBuyer, sql::kByVoucherRedeemer})
    out.push_back(sql::scoped(from_where, scoped ? 2 : 0));
  out.push_back(sql::scoped(sql::kByEmailPrefix, scoped ? 3 : 0));
  return out;
}

std::vector<Match> CustomersRepository::search(std::string_view from_where, MatchKey key, const Scope& scope,
                                               db::Params params) {
  const int tenant_param = scope.tenant_id ? static_cast<int>(params.size()) + 1 : 0;
  if (scope.tenant_id) params.emplace_back(*scope.tenant_id);
  std::vector<Match> out;
  for (const auto& r : db_.query(sql::scoped(from_where, tenant_param), params)) out.push_back(match_of(r, key));
  return out;
}

std::vector<Match> CustomersRepository::by_email(const Scope& s, const std::string& email) {
  return search(sql::kByEmail, MatchKey::email, s, {email});
}
std::vector<Match> CustomersRepository::by_email_prefix(const Scope& s, const std::string& prefix) {
  return search(sql::kByEmailPrefix, MatchKey::email_prefix, s, {prefix, prefix + std::string(kMaxCodePoint)});
}
std::vector<Match> CustomersRepository::by_msisdn(const Scope& s, const std::string& msisdn) {
  return search(sql::kByMsisdn, MatchKey::msisdn, s, {msisdn});
}
std::vector<Match> CustomersRepository::by_user_id(const Scope& s, const std::string& user_id) {
  return search(sql::kByUserId, MatchKey::user_id, s, {user_id});
}
std::vector<Match> CustomersRepository::by_uuid(const Scope& s, const std::string& uuid) {
  return search(sql::kByUuid, MatchKey::uuid, s, {uuid});
}
std::vector<Match> CustomersRepository::by_payment_id(const Scope& s, const std::string& id) {
  return search(sql::kByPaymentId, MatchKey::payment_id, s, {id});
}
std::vector<Match> CustomersRepository::by_payment_reference(const Scope& s, const std::string& reference) {
  return search(sql::kByPaymentReference, MatchKey::payment_reference, s, {reference});
}
std::vector<Match> CustomersRepository::by_voucher_hash(const Scope& s, const std::string& code_hash) {
  auto out = search(sql::kByVoucherBuyer, MatchKey::voucher_buyer, s, {code_hash});
  for (auto& m : search(sql::kByVoucherRedeemer, MatchKey::voucher_redeemer, s, {code_hash})) out.push_back(std::move(m));
  return out;
}

std::optional<std::int64_t> CustomersRepository::tenant_id(const std::string& name) {
  const auto rows = db_.query(sql::kTenantByName, {name});
  if (rows.empty()) return std::nullopt;
  return rows[0].integer(0);
}

std::optional<Profile> CustomersRepository::profile(const std::string& uuid) {
  const auto rows = db_.query(sql::kProfile, {uuid});
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  Profile p;
  p.uuid = r.text(0);
  p.user_id = r.text(1);
  p.email = r.optional_text(2);
  p.msisdn = r.optional_text(3);
  p.name = r.text(4);
  p.last_name = r.text(5);
  p.roles = roles_of(r.text(6));
  p.language = r.optional_text(7);
  p.has_password = r.integer(8) != 0;
  p.created_at = r.text(9);
  p.updated_at = r.text(10);
  p.tenant_id = r.integer(11);
  p.tenant = r.text(12);
  return p;
}

void CustomersRepository::fill(Customer& c, const std::string& now, const std::string& window_start,
                               std::int64_t account_ceiling) {
  const db::Params key{c.profile.tenant_id, c.profile.uuid};

  c.sessions.clear();
  for (const auto& r : db_.query(sql::kSessions, key)) {
    Session s;
    s.id = r.text(0);
    s.created_at = r.text(1);
    s.revoked_at = r.optional_text(2);
    s.revoke_reason = r.optional_text(3);
    s.last_token_at = r.optional_text(4);
    const auto access_until = r.optional_text(5);
    const auto refresh_until = r.optional_text(6);
    s.open = !s.revoked_at && ((access_until && *access_until > now) || (refresh_until && *refresh_until > now));
    c.sessions.push_back(std::move(s));
  }

  c.sign_in = {};
  if (c.profile.email) {
    c.sign_in.recent_failures = count(db_, sql::kAccountFailures, {c.profile.tenant_id, *c.profile.email, window_start});
    c.sign_in.locked = c.sign_in.recent_failures >= account_ceiling;
  }

  c.subscriptions.clear();
  for (const auto& r : db_.query(sql::kSubscriptions, key)) {
    Subscription s;
    s.id = r.text(0);
    s.type_id = r.integer(1);
    s.plan = plan_name(r.optional_text(2));
    s.state = r.text(3);
    s.sub_state = r.optional_text(4);
    s.trial = r.integer(5) != 0;
    s.cancel_requested = r.integer(6) != 0;
    s.start_date = r.text(7);
    s.end_date = r.optional_text(8);
    s.next_renewal_date = r.optional_text(9);
    s.payment_option = r.optional_text(10);
    s.credits = credits_of(r.text(11));
    for (const auto& e : db_.query(sql::kSubscriptionEvents, {s.id}))
      s.events.push_back({e.integer(0), e.optional_text(1), e.text(2), e.optional_text(3), e.text(4), e.text(5),
                          e.text(6)});
    c.subscriptions.push_back(std::move(s));
  }

  c.payments.clear();
  for (const auto& r : db_.query(sql::kPayments, key))
    c.payments.push_back({r.text(0), r.text(1), r.text(2), r.text(3), r.text(4), r.integer(5), r.text(6), r.text(7),
                          r.integer(9), r.text(8)});

  c.purchases.clear();
  for (const auto& r : db_.query(sql::kPurchases, key))
    c.purchases.push_back({r.text(0), r.integer(1), r.text(2), r.integer(3), r.text(4), r.text(5), r.text(6)});

  c.wallet.clear();
  for (const auto& r : db_.query(sql::kWallet, key))
    c.wallet.push_back({r.integer(0), r.text(1), r.text(2), r.text(3), r.text(4)});

  c.voucher_orders.clear();
  for (const auto& r : db_.query(sql::kVoucherOrders, key))
    c.voucher_orders.push_back({r.text(0), r.text(1), r.text(2), r.integer(3), r.text(4), r.optional_text(5),
                                r.optional_text(6), r.integer(8), r.text(7)});

  const auto parental = db_.query(sql::kParental, key);
  c.parental_control = !parental.empty() && parental[0].integer(0) != 0;

  c.notifications.clear();
  for (const auto& r : db_.query(sql::kNotifications, key))
    c.notifications.push_back({r.text(0), r.text(1), r.text(2), r.optional_text(3)});
  c.unread_notifications = count(db_, sql::kUnread, key);
  c.likes = count(db_, sql::kLikes, key);
  c.ratings = count(db_, sql::kRatings, key);
  c.tickets = count(db_, sql::kTickets, key);

  c.challenges.clear();
  for (const auto& r : db_.query(sql::kChallenges, key)) c.challenges.push_back(r.integer(0));
  c.teams.clear();
  for (const auto& r : db_.query(sql::kTeams, key))
    c.teams.push_back({r.integer(0), r.integer(1), r.text(2), r.text(3), r.text(4)});
}

}  // namespace portal::customers
