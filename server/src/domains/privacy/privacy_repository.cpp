#include "domains/privacy/privacy_repository.hpp"

#include <boost/json/parse.hpp>
#include <map>

#include "core/ids.hpp"
#include "domains/privacy/privacy_sql.hpp"

namespace portal::privacy {
namespace json = boost::json;

namespace {

json::object object_of(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  return !ec && v.is_object() ? v.as_object() : json::object{};
}

std::optional<Account> account_from(const db::Rows& rows) {
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return Account{r.text(0), r.text(1), r.optional_text(2), r.optional_text(3), r.optional_text(4), r.integer(5) != 0};
}

}  // namespace

std::optional<Account> PrivacyRepository::account(std::int64_t tenant_id, const std::string& uuid) {
  return account_from(db_.query(sql::kAccountByUuid, {tenant_id, uuid}));
}

std::optional<Account> PrivacyRepository::account(db::Session& s, std::int64_t tenant_id, const std::string& uuid) {
  return account_from(s.query(sql::kAccountByUuid, {tenant_id, uuid}));
}

std::optional<std::string> PrivacyRepository::session_created(std::int64_t tenant_id, const std::string& uuid,
                                                              const std::string& session_id) {
  auto rows = db_.query(sql::kSessionCreated, {tenant_id, uuid, session_id});
  if (rows.empty()) return std::nullopt;
  return rows[0].text(0);
}

DataExport PrivacyRepository::collect(std::int64_t tenant_id, const std::string& uuid) {
  const db::Params key{tenant_id, uuid};
  DataExport d;
  if (auto rows = db_.query(sql::kProfile, key); !rows.empty()) {
    const auto& r = rows[0];
    auto& p = d.profile;
    p.userId = r.text(0);
    p.email = r.optional_text(1);
    p.msisdn = r.optional_text(2);
    p.name = r.text(3);
    p.lastName = r.text(4);
    p.userInformation = object_of(r.text(5));
    if (!r.is_null(6)) p.alternatTheme = r.integer(6) != 0;
    p.selectedLang = r.optional_text(7);
    p.hasPassword = r.integer(8) != 0;
    p.createdAt = r.text(9);
    p.updatedAt = r.text(10);
  }
  std::map<std::string, std::vector<ExportSubscriptionEventDto>> events;
  for (const auto& r : db_.query(sql::kSubscriptionEvents, key))
    events[r.text(0)].push_back({r.optional_text(1), r.text(2), r.text(3), r.text(4), r.text(5)});
  for (const auto& r : db_.query(sql::kSubscriptions, key)) {
    ExportSubscriptionDto s{r.text(0), r.integer(1), r.text(2), r.optional_text(3), r.integer(4) != 0,
                            r.integer(5) != 0, r.text(6), r.optional_text(7), r.optional_text(8), r.optional_text(9),
                            r.text(10), {}};
    if (auto it = events.find(s.id); it != events.end()) s.events = std::move(it->second);
    d.subscriptions.push_back(std::move(s));
  }
  for (const auto& r : db_.query(sql::kPayments, key))
    d.payments.push_back({r.text(0), r.text(1), r.text(2), r.text(3), r.integer(4), r.text(5), r.text(6), r.text(7)});
  for (const auto& r : db_.query(sql::kPurchases, key))
    d.purchases.push_back({r.text(0), r.integer(1), r.text(2), r.integer(3), r.text(4), r.text(5), r.text(6)});
  for (const auto& r : db_.query(sql::kVoucherOrders, key))
    d.voucherOrders.push_back({r.text(0), r.text(1), r.integer(2), r.text(3), r.text(4)});
  for (const auto& r : db_.query(sql::kWallet, key))
    d.wallet.push_back({r.integer(0), r.text(1), r.text(2), r.text(3)});
  for (const auto& r : db_.query(sql::kPlayHistory, key))
    d.playHistory.push_back({r.integer(0), r.text(1), r.integer(2), r.text(3)});
  for (const auto& r : db_.query(sql::kLikes, key)) d.likes.push_back({r.integer(0), r.text(1), r.text(2)});
  for (const auto& r : db_.query(sql::kRatings, key))
    d.ratings.push_back({r.integer(0), r.text(1), r.integer(2), r.text(3)});
  for (const auto& r : db_.query(sql::kNotifications, key))
    d.notifications.push_back({r.text(0), r.text(1), object_of(r.text(2)), r.text(3), r.optional_text(4)});
  for (const auto& r : db_.query(sql::kTickets, key))
    d.challengeTickets.push_back(
        {r.integer(0), r.is_null(1) ? std::nullopt : std::optional<std::int64_t>(r.integer(1)), r.text(2)});
  for (const auto& r : db_.query(sql::kTeams, key))
    d.tournamentTeams.push_back({r.integer(0), r.integer(1), r.text(2), r.text(3), r.text(4), r.text(5), r.text(6)});
  for (const auto& r : db_.query(sql::kConsents, key))
    d.consents.push_back({"app", r.text(0), r.text(1), r.text(2), r.text(3)});
  if (auto rows = db_.query(sql::kParental, key); !rows.empty())
    d.parentalControl = ExportParentalControlDto{rows[0].integer(0) != 0, rows[0].integer(1)};
  for (const auto& r : db_.query(sql::kDevices, key)) d.devices.push_back({r.text(0), r.text(1), r.text(2), r.text(3)});
  for (const auto& r : db_.query(sql::kSessions, key))
    d.sessions.push_back({r.text(0), r.optional_text(1), r.optional_text(2)});
  return d;
}

std::vector<LivePlan> PrivacyRepository::live_plans(db::Session& s, std::int64_t tenant_id, const std::string& uuid) {
  std::vector<LivePlan> out;
  for (const auto& r : s.query(sql::kLivePlans, {tenant_id, uuid}))
    out.push_back({r.text(0), r.text(1), r.optional_text(2), r.integer(3)});
  return out;
}

bool PrivacyRepository::cancel_plan(db::Session& s, std::int64_t tenant_id, const std::string& uuid,
                                    const LivePlan& plan, const std::string& now, const std::string& reason,
                                    const std::string& actor) {
  if (s.execute(sql::kCancelPlan, {tenant_id, uuid, plan.id, now, plan.version}) != 1) return false;
  db::Value sub_state = nullptr;
  if (plan.sub_state) sub_state = *plan.sub_state;
  s.execute(sql::kInsertPlanEvent,
            {tenant_id, core::new_uuid(), plan.id, plan.version + 1, plan.state, sub_state, reason, actor, now});
  return true;
}

bool PrivacyRepository::erase(db::Session& s, std::int64_t tenant_id, const Account& account,
                              const std::string& pseudonym, const std::string& now) {
  const db::Params key{tenant_id, account.uuid};
  for (auto statement : sql::kErase) s.execute(statement, key);
  for (auto statement : sql::kPseudonymise) s.execute(statement, key);
  s.execute(sql::kForgetEvents, {tenant_id, account.user_id});
  if (account.email) {
    s.execute(sql::kForgetMail, {tenant_id, *account.email});
    s.execute(sql::kForgetPending, {tenant_id, *account.email});
    s.execute(sql::kForgetAttempts, {tenant_id, *account.email});
  }
  if (account.msisdn) s.execute(sql::kForgetMail, {tenant_id, "sms:+" + *account.msisdn});
  return s.execute(sql::kTombstone, {tenant_id, account.uuid, pseudonym, now}) == 1;
}

void PrivacyRepository::queue_mail(db::Session& s, std::int64_t tenant_id, const std::string& recipient,
                                   const std::string& subject, const std::string& body, const std::string& now,
                                   bool deliver) {
  db::Value due = nullptr;
  if (deliver) due = now;
  s.execute(sql::kInsertMail, {tenant_id, core::new_uuid(), recipient, subject, body, now, due});
}

}  // namespace portal::privacy
