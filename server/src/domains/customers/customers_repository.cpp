#include "domains/customers/customers_repository.hpp"

#include <array>
#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/row_reads.hpp"
#include "domains/customers/customers_sql.hpp"

namespace portal::customers {
namespace json = boost::json;

// The rows that map one to one onto the read model's types.
BOOST_DESCRIBE_STRUCT(SubscriptionEvent, (), (version, from_state, to_state, to_sub_state, reason, actor, at))
BOOST_DESCRIBE_STRUCT(Payment, (),
                      (id, purpose, reference, provider, instrument, amount, currency, status, refunded, created_at,
                       provider_ref, dispute))
BOOST_DESCRIBE_STRUCT(Purchase, (), (id, article_id, content_type, amount, currency, status, created_at))
BOOST_DESCRIBE_STRUCT(WalletItem, (), (article_id, content_type, source, reference, acquired_at))
BOOST_DESCRIBE_STRUCT(VoucherOrder, (), (id, source, status, amount, currency, payment_id, fulfilled_at, codes, created_at))
BOOST_DESCRIBE_STRUCT(Notification, (), (id, kind, created_at, read_at))
BOOST_DESCRIBE_STRUCT(Team, (), (id, tournament_id, name, role, joined_at))

// sql::kMatchColumns: a match's columns, then the last name that completes its name (MatchLastName); the key is
// the search's.
BOOST_DESCRIBE_STRUCT(Match, (), (uuid, user_id, email, msisdn, name, created_at, tenant_id, tenant, key))
constexpr std::array<std::string_view, 1> not_columns(const Match*) { return {"key"}; }
// sql::kProfile: a profile's columns; its roles are a JSON array (read_column below).
BOOST_DESCRIBE_STRUCT(Profile, (), (uuid, user_id, email, msisdn, name, last_name, roles, language, has_password,
                                    created_at, updated_at, tenant_id, tenant))
// sql::kSessions: a session's columns, then its tokens' expiries, which say whether it is open.
BOOST_DESCRIBE_STRUCT(Session, (), (id, created_at, revoked_at, revoke_reason, last_token_at, open))
constexpr std::array<std::string_view, 1> not_columns(const Session*) { return {"open"}; }

// sql::kSubscriptions: the plan's name is in the type's definition, read after the subscription's
// columns (PlanDefinition); the events come from sql::kSubscriptionEvents.
BOOST_DESCRIBE_STRUCT(Subscription, (), (id, type_id, plan, state, sub_state, trial, cancel_requested, start_date,
                                         end_date, next_renewal_date, payment_option, credits, events))
constexpr std::array<std::string_view, 2> not_columns(const Subscription*) { return {"plan", "events"}; }

// A profile's roles: a JSON array of names.
static void read_column(const db::Row& row, std::size_t i, std::vector<std::string>& out, const Profile*) {
  out.clear();
  const auto text = row.text(i);
  boost::system::error_code ec;
  const auto v = json::parse(text, ec);
  if (!ec && v.is_array())
    for (const auto& r : v.as_array())
      if (r.is_string()) out.emplace_back(r.as_string());
}

// Credits read from the contingents column, stored as [{"contentTypes": [...], "amount": n}]
// (subscriptions_credits.cpp).
static void read_column(const db::Row& row, std::size_t i, std::vector<Credit>& out) {
  out.clear();
  const auto text = row.text(i);
  boost::system::error_code ec;
  const auto v = json::parse(text, ec);
  if (ec || !v.is_array()) return;
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
}

namespace {

// The token expiries sql::kSessions reads after a Session's columns.
struct TokenExpiry {
  std::optional<std::string> access_until;
  std::optional<std::string> refresh_until;
};
BOOST_DESCRIBE_STRUCT(TokenExpiry, (), (access_until, refresh_until))

// The last name sql::kMatchColumns reads after a Match's columns: it completes the match's name.
struct MatchLastName {
  std::string last_name;
};
BOOST_DESCRIBE_STRUCT(MatchLastName, (), (last_name))

// The subscription type's definition sql::kSubscriptions reads after a Subscription's columns: it holds the
// plan's name (none when the type is gone).
struct PlanDefinition {
  std::optional<std::string> definition;
};
BOOST_DESCRIBE_STRUCT(PlanDefinition, (), (definition))

// The largest code point: a prefix's range ends just below prefix + U+10FFFF.
constexpr std::string_view kMaxCodePoint = "\xF4\x8F\xBF\xBF";


std::string plan_name(const std::optional<std::string>& definition) {
  if (!definition) return "";
  boost::system::error_code ec;
  const auto v = json::parse(*definition, ec);
  if (ec || !v.is_object()) return "";
  if (const auto* n = v.as_object().if_contains("name"); n && n->is_string()) return std::string(n->as_string());
  return "";
}



std::int64_t count(db::Database& db, std::string_view sql, const db::Params& params) {
  return db::read_value<std::int64_t>(db.query(sql, params)).value_or(0);
}

}  // namespace

std::vector<std::string> CustomersRepository::search_statements(bool scoped) {
  std::vector<std::string> out;
  for (auto from_where : {sql::kByEmail, sql::kByMsisdn, sql::kByUserId, sql::kByUuid, sql::kByPaymentId,
                          sql::kByPaymentReference, sql::kByProviderRef, sql::kByVoucherBuyer, sql::kByVoucherRedeemer})
    out.push_back(sql::scoped(from_where, scoped ? 2 : 0));
  out.push_back(sql::scoped(sql::kByEmailPrefix, scoped ? 3 : 0));
  out.push_back(sql::scoped(sql::kByProviderCustomer, scoped ? 3 : 0));
  return out;
}

std::vector<Match> CustomersRepository::search(std::string_view from_where, MatchKey key, const Scope& scope,
                                               db::Params params) {
  const int tenant_param = scope.tenant_id ? static_cast<int>(params.size()) + 1 : 0;
  if (scope.tenant_id) params.emplace_back(*scope.tenant_id);
  std::vector<Match> out;
  for (const auto& row : db_.query(sql::scoped(from_where, tenant_param), params)) {
    auto& m = out.emplace_back(db::read_row<Match>(row));
    const auto last = db::read_row<MatchLastName>(row, db::column_count<Match>).last_name;
    if (!last.empty()) m.name += (m.name.empty() ? "" : " ") + last;
    m.key = key;
  }
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
std::vector<Match> CustomersRepository::by_provider_ref(const Scope& s, const std::string& ref) {
  return search(sql::kByProviderRef, MatchKey::provider_reference, s, {ref});
}
std::vector<Match> CustomersRepository::by_provider_customer(const Scope& s, const std::string& customer) {
  // "cus_X pm_Y": every token of the customer sorts from "cus_X " to just before "cus_X!".
  return search(sql::kByProviderCustomer, MatchKey::provider_customer, s, {customer + " ", customer + "!"});
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
  return db::read_first<Profile>(db_.query(sql::kProfile, {uuid}));
}

void CustomersRepository::fill(Customer& c, const std::string& now, const std::string& window_start,
                               std::int64_t account_ceiling) {
  const db::Params key{c.profile.tenant_id, c.profile.uuid};

  c.sessions.clear();
  for (const auto& row : db_.query(sql::kSessions, key)) {
    auto s = db::read_row<Session>(row);
    const auto r = db::read_row<TokenExpiry>(row, db::column_count<Session>);
    s.open = !s.revoked_at && ((r.access_until && *r.access_until > now) || (r.refresh_until && *r.refresh_until > now));
    c.sessions.push_back(std::move(s));
  }

  c.sign_in = {};
  if (c.profile.email) {
    c.sign_in.recent_failures = count(db_, sql::kAccountFailures, {c.profile.tenant_id, *c.profile.email, window_start});
    c.sign_in.locked = c.sign_in.recent_failures >= account_ceiling;
  }

  c.subscriptions.clear();
  for (const auto& row : db_.query(sql::kSubscriptions, key)) {
    auto s = db::read_row<Subscription>(row);
    s.plan = plan_name(db::read_row<PlanDefinition>(row, db::column_count<Subscription>).definition);
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


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(Profile, sql::kProfile);
PORTAL_ROW_READS(SubscriptionEvent, sql::kSubscriptionEvents);
PORTAL_ROW_READS(Payment, sql::kPayments);
PORTAL_ROW_READS(Purchase, sql::kPurchases);
PORTAL_ROW_READS(WalletItem, sql::kWallet);
PORTAL_ROW_READS(VoucherOrder, sql::kVoucherOrders);
PORTAL_ROW_READS(Notification, sql::kNotifications);
PORTAL_ROW_READS(Team, sql::kTeams);
PORTAL_ROW_READS(Session, sql::kSessions);
PORTAL_ROW_READS(TokenExpiry, sql::kSessions);
PORTAL_ROW_READS(Subscription, sql::kSubscriptions);
PORTAL_ROW_READS(PlanDefinition, sql::kSubscriptions);
PORTAL_ROW_READS(Match, sql::scoped(sql::kByEmail, 2));
PORTAL_ROW_READS(Match, sql::scoped(sql::kByProviderCustomer, 3));
PORTAL_ROW_READS(MatchLastName, sql::scoped(sql::kByEmail, 2));
PORTAL_ROW_READS(MatchLastName, sql::scoped(sql::kByProviderCustomer, 3));
}  // namespace portal::customers
