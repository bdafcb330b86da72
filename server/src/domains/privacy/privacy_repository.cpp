#include "domains/privacy/privacy_repository.hpp"

#include <boost/describe/class.hpp>
#include <array>
#include <boost/json/parse.hpp>
#include <map>

#include "core/ids.hpp"
#include "db/row_reads.hpp"
#include "domains/privacy/privacy_sql.hpp"
#include "domains/webhooks/webhooks_outbox.hpp"

namespace portal::privacy {
namespace json = boost::json;

BOOST_DESCRIBE_STRUCT(Account, (), (uuid, user_id, email, msisdn, selected_lang, has_password))
BOOST_DESCRIBE_STRUCT(LivePlan, (), (id, state, sub_state, version))

// sql::kSubscriptions reads the export's subscriptions; their events come from sql::kSubscriptionEvents.
constexpr std::array<std::string_view, 1> not_columns(const ExportSubscriptionDto*) { return {"events"}; }

namespace {

json::object object_of(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  return !ec && v.is_object() ? v.as_object() : json::object{};
}

std::optional<Account> account_from(const db::Rows& rows) { return db::read_first<Account>(rows); }

// The columns of sql::kProfile (user_information is JSON).
struct ProfileRow {
  std::string userId;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string lastName;
  std::string userInformation;
  std::optional<bool> alternatTheme;
  std::optional<std::string> selectedLang;
  bool hasPassword = false;
  std::string createdAt;
  std::string updatedAt;
};
BOOST_DESCRIBE_STRUCT(ProfileRow, (), (userId, email, msisdn, name, lastName, userInformation, alternatTheme,
                                       selectedLang, hasPassword, createdAt, updatedAt))

// The columns of sql::kSubscriptionEvents: an event's subscription, then the event.
struct EventRow {
  std::string subscription_id;
  ExportSubscriptionEventDto event;
};
BOOST_DESCRIBE_STRUCT(EventRow, (), (subscription_id, event))

// The columns of sql::kNotifications (params is JSON).
struct NotificationRow {
  std::string id;
  std::string kind;
  std::string params;
  std::string createdAt;
  std::optional<std::string> readAt;
};
BOOST_DESCRIBE_STRUCT(NotificationRow, (), (id, kind, params, createdAt, readAt))

}  // namespace

std::optional<Account> PrivacyRepository::account(std::int64_t tenant_id, const std::string& uuid) {
  return account_from(db_.query(sql::kAccountByUuid, {tenant_id, uuid}));
}

std::optional<Account> PrivacyRepository::account(db::Session& s, std::int64_t tenant_id, const std::string& uuid) {
  return account_from(s.query(sql::kAccountByUuid, {tenant_id, uuid}));
}

std::optional<std::string> PrivacyRepository::session_created(std::int64_t tenant_id, const std::string& uuid,
                                                              const std::string& session_id) {
  return db::read_value<std::string>(db_.query(sql::kSessionCreated, {tenant_id, uuid, session_id}));
}

DataExport PrivacyRepository::collect(std::int64_t tenant_id, const std::string& uuid) {
  const db::Params key{tenant_id, uuid};
  DataExport d;
  if (auto r = db::read_first<ProfileRow>(db_.query(sql::kProfile, key))) {
    auto& p = d.profile;
    p.userId = std::move(r->userId);
    p.email = std::move(r->email);
    p.msisdn = std::move(r->msisdn);
    p.name = std::move(r->name);
    p.lastName = std::move(r->lastName);
    p.userInformation = object_of(r->userInformation);
    p.alternatTheme = r->alternatTheme;
    p.selectedLang = std::move(r->selectedLang);
    p.hasPassword = r->hasPassword;
    p.createdAt = std::move(r->createdAt);
    p.updatedAt = std::move(r->updatedAt);
  }
  std::map<std::string, std::vector<ExportSubscriptionEventDto>> events;
  for (auto& e : db::read_rows<EventRow>(db_.query(sql::kSubscriptionEvents, key)))
    events[e.subscription_id].push_back(std::move(e.event));
  for (auto& s : db::read_rows<ExportSubscriptionDto>(db_.query(sql::kSubscriptions, key))) {
    if (auto it = events.find(s.id); it != events.end()) s.events = std::move(it->second);
    d.subscriptions.push_back(std::move(s));
  }
  d.payments = db::read_rows<ExportPaymentDto>(db_.query(sql::kPayments, key));
  d.purchases = db::read_rows<ExportPurchaseDto>(db_.query(sql::kPurchases, key));
  d.voucherOrders = db::read_rows<ExportVoucherOrderDto>(db_.query(sql::kVoucherOrders, key));
  d.wallet = db::read_rows<ExportWalletItemDto>(db_.query(sql::kWallet, key));
  d.playHistory = db::read_rows<ExportPlayDto>(db_.query(sql::kPlayHistory, key));
  d.likes = db::read_rows<ExportLikeDto>(db_.query(sql::kLikes, key));
  d.ratings = db::read_rows<ExportRatingDto>(db_.query(sql::kRatings, key));
  for (auto& r : db::read_rows<NotificationRow>(db_.query(sql::kNotifications, key)))
    d.notifications.push_back({std::move(r.id), std::move(r.kind), object_of(r.params), std::move(r.createdAt),
                               std::move(r.readAt)});
  d.challengeTickets = db::read_rows<ExportTicketDto>(db_.query(sql::kTickets, key));
  d.tournamentTeams = db::read_rows<ExportTeamDto>(db_.query(sql::kTeams, key));
  d.consents = db::read_rows<ExportConsentDto>(db_.query(sql::kConsents, key));
  d.parentalControl = db::read_first<ExportParentalControlDto>(db_.query(sql::kParental, key));
  d.devices = db::read_rows<ExportDeviceDto>(db_.query(sql::kDevices, key));
  d.sessions = db::read_rows<ExportSessionDto>(db_.query(sql::kSessions, key));
  return d;
}

std::vector<LivePlan> PrivacyRepository::live_plans(db::Session& s, std::int64_t tenant_id, const std::string& uuid) {
  return db::read_rows<LivePlan>(s.query(sql::kLivePlans, {tenant_id, uuid}));
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
  if (s.execute(sql::kTombstone, {tenant_id, account.uuid, pseudonym, now}) != 1) return false;
  // customer.deleted (issue 78 item 1), in the erasure's transaction: the id only, the address is gone.
  webhooks::record(s, tenant_id, "customer.deleted", webhooks::CustomerEventData{account.uuid, std::nullopt});
  return true;
}

void PrivacyRepository::queue_mail(db::Session& s, std::int64_t tenant_id, const std::string& recipient,
                                   const std::string& subject, const std::string& body, const std::string& now,
                                   bool deliver) {
  db::Value due = nullptr;
  if (deliver) due = now;
  s.execute(sql::kInsertMail, {tenant_id, core::new_uuid(), recipient, subject, body, now, due});
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(ProfileRow, sql::kProfile);
PORTAL_ROW_READS(EventRow, sql::kSubscriptionEvents);
PORTAL_ROW_READS(ExportSubscriptionDto, sql::kSubscriptions);
PORTAL_ROW_READS(ExportPaymentDto, sql::kPayments);
PORTAL_ROW_READS(ExportPurchaseDto, sql::kPurchases);
PORTAL_ROW_READS(ExportVoucherOrderDto, sql::kVoucherOrders);
PORTAL_ROW_READS(ExportWalletItemDto, sql::kWallet);
PORTAL_ROW_READS(ExportPlayDto, sql::kPlayHistory);
PORTAL_ROW_READS(ExportLikeDto, sql::kLikes);
PORTAL_ROW_READS(ExportRatingDto, sql::kRatings);
PORTAL_ROW_READS(NotificationRow, sql::kNotifications);
PORTAL_ROW_READS(ExportTicketDto, sql::kTickets);
PORTAL_ROW_READS(ExportTeamDto, sql::kTeams);
PORTAL_ROW_READS(ExportConsentDto, sql::kConsents);
PORTAL_ROW_READS(ExportParentalControlDto, sql::kParental);
PORTAL_ROW_READS(ExportDeviceDto, sql::kDevices);
PORTAL_ROW_READS(ExportSessionDto, sql::kSessions);
PORTAL_ROW_READS(LivePlan, sql::kLivePlans);
PORTAL_ROW_READS(Account, sql::kAccountByUuid);
}  // namespace portal::privacy
