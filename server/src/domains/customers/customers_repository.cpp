#include "domains/customers/customers_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/row_struct.hpp"
#include "domains/customers/customers_sql.hpp"

namespace portal::customers {
namespace json = boost::json;

// The rows that map one to one onto the read model's types.
BOOST_DESCRIBE_STRUCT(SubscriptionEvent, (), (version, from_state, to_state, to_sub_state, reason, actor, at))
BOOST_DESCRIBE_STRUCT(Payment, (),
                      (id, purpose, reference, provider, instrument, amount, currency, status, refunded, created_at))
BOOST_DESCRIBE_STRUCT(Purchase, (), (id, article_id, content_type, amount, currency, status, created_at))
BOOST_DESCRIBE_STRUCT(WalletItem, (), (article_id, content_type, source, reference, acquired_at))
BOOST_DESCRIBE_STRUCT(VoucherOrder, (), (id, source, status, amount, currency, payment_id, fulfilled_at, codes, created_at))
BOOST_DESCRIBE_STRUCT(Notification, (), (id, kind, created_at, read_at))
BOOST_DESCRIBE_STRUCT(Team, (), (id, tournament_id, name, role, joined_at))

namespace {

// The columns of sql::kMatchColumns.
struct MatchRow {
  std::string uuid;
  std::string user_id;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string last_name;
  std::string created_at;
  std::int64_t tenant_id = 0;
  std::string tenant;
};
BOOST_DESCRIBE_STRUCT(MatchRow, (), (uuid, user_id, email, msisdn, name, last_name, created_at, tenant_id, tenant))

// The columns of sql::kProfile.
struct ProfileRow {
  std::string uuid;
  std::string user_id;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string last_name;
  std::string roles;  // a JSON array
  std::optional<std::string> language;
  bool has_password = false;
  std::string created_at;
  std::string updated_at;
  std::int64_t tenant_id = 0;
  std::string tenant;
};
BOOST_DESCRIBE_STRUCT(ProfileRow, (), (uuid, user_id, email, msisdn, name, last_name, roles, language, has_password,
                                       created_at, updated_at, tenant_id, tenant))

// The columns of sql::kSessions.
struct SessionRow {
  std::string id;
  std::string created_at;
  std::optional<std::string> revoked_at;
  std::optional<std::string> revoke_reason;
  std::optional<std::string> last_token_at;
  std::optional<std::string> access_until;
  std::optional<std::string> refresh_until;
};
BOOST_DESCRIBE_STRUCT(SessionRow, (), (id, created_at, revoked_at, revoke_reason, last_token_at, access_until,
                                       refresh_until))

// The columns of sql::kSubscriptions.
struct SubscriptionRow {
  std::string id;
  std::int64_t type_id = 0;
  std::optional<std::string> definition;  // the type's JSON
  std::string state;
  std::optional<std::string> sub_state;
  bool trial = false;
  bool cancel_requested = false;
  std::string start_date;
  std::optional<std::string> end_date;
  std::optional<std::string> next_renewal_date;
  std::optional<std::string> payment_option;
  std::string contingents;  // JSON
};
BOOST_DESCRIBE_STRUCT(SubscriptionRow, (), (id, type_id, definition, state, sub_state, trial, cancel_requested,
                                            start_date, end_date, next_renewal_date, payment_option, contingents))

Match match_of(MatchRow r, MatchKey key) {
  Match m;
  m.uuid = std::move(r.uuid);
  m.user_id = std::move(r.user_id);
  m.email = std::move(r.email);
  m.msisdn = std::move(r.msisdn);
  m.name = std::move(r.name);
  if (!r.last_name.empty()) m.name += (m.name.empty() ? "" : " ") + r.last_name;
  m.created_at = std::move(r.created_at);
  m.tenant_id = r.tenant_id;
  m.tenant = std::move(r.tenant);
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
  return db::read_value<std::int64_t>(db.query(sql, params)).value_or(0);
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
  for (auto& r : db::read_rows<MatchRow>(db_.query(sql::scoped(from_where, tenant_param), params)))
    out.push_back(match_of(std::move(r), key));
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
  return db::read_value<std::int64_t>(db_.query(sql::kTenantByName, {name}));
}

std::optional<Profile> CustomersRepository::profile(const std::string& uuid) {
  auto r = db::read_first<ProfileRow>(db_.query(sql::kProfile, {uuid}));
  if (!r) return std::nullopt;
  Profile p;
  p.uuid = std::move(r->uuid);
  p.user_id = std::move(r->user_id);
  p.email = std::move(r->email);
  p.msisdn = std::move(r->msisdn);
  p.name = std::move(r->name);
  p.last_name = std::move(r->last_name);
  p.roles = roles_of(r->roles);
  p.language = std::move(r->language);
  p.has_password = r->has_password;
  p.created_at = std::move(r->created_at);
  p.updated_at = std::move(r->updated_at);
  p.tenant_id = r->tenant_id;
  p.tenant = std::move(r->tenant);
  return p;
}

void CustomersRepository::fill(Customer& c, const std::string& now, const std::string& window_start,
                               std::int64_t account_ceiling) {
  const db::Params key{c.profile.tenant_id, c.profile.uuid};

  c.sessions.clear();
  for (auto& r : db::read_rows<SessionRow>(db_.query(sql::kSessions, key))) {
    Session s;
    s.id = std::move(r.id);
    s.created_at = std::move(r.created_at);
    s.revoked_at = std::move(r.revoked_at);
    s.revoke_reason = std::move(r.revoke_reason);
    s.last_token_at = std::move(r.last_token_at);
    s.open = !s.revoked_at && ((r.access_until && *r.access_until > now) || (r.refresh_until && *r.refresh_until > now));
    c.sessions.push_back(std::move(s));
  }

  c.sign_in = {};
  if (c.profile.email) {
    c.sign_in.recent_failures = count(db_, sql::kAccountFailures, {c.profile.tenant_id, *c.profile.email, window_start});
    c.sign_in.locked = c.sign_in.recent_failures >= account_ceiling;
  }

  c.subscriptions.clear();
  for (auto& r : db::read_rows<SubscriptionRow>(db_.query(sql::kSubscriptions, key))) {
    Subscription s;
    s.id = std::move(r.id);
    s.type_id = r.type_id;
    s.plan = plan_name(r.definition);
    s.state = std::move(r.state);
    s.sub_state = std::move(r.sub_state);
    s.trial = r.trial;
    s.cancel_requested = r.cancel_requested;
    s.start_date = std::move(r.start_date);
    s.end_date = std::move(r.end_date);
    s.next_renewal_date = std::move(r.next_renewal_date);
    s.payment_option = std::move(r.payment_option);
    s.credits = credits_of(r.contingents);
    s.events = db::read_rows<SubscriptionEvent>(db_.query(sql::kSubscriptionEvents, {s.id}));
    c.subscriptions.push_back(std::move(s));
  }

  c.payments = db::read_rows<Payment>(db_.query(sql::kPayments, key));
  c.purchases = db::read_rows<Purchase>(db_.query(sql::kPurchases, key));
  c.wallet = db::read_rows<WalletItem>(db_.query(sql::kWallet, key));
  c.voucher_orders = db::read_rows<VoucherOrder>(db_.query(sql::kVoucherOrders, key));

  c.parental_control = db::read_value<bool>(db_.query(sql::kParental, key)).value_or(false);

  c.notifications = db::read_rows<Notification>(db_.query(sql::kNotifications, key));
  c.unread_notifications = count(db_, sql::kUnread, key);
  c.likes = count(db_, sql::kLikes, key);
  c.ratings = count(db_, sql::kRatings, key);
  c.tickets = count(db_, sql::kTickets, key);

  c.challenges = db::read_values<std::int64_t>(db_.query(sql::kChallenges, key));
  c.teams = db::read_rows<Team>(db_.query(sql::kTeams, key));
}

}  // namespace portal::customers
