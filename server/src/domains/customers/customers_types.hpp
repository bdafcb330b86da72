#pragma once
// The customers read model (issue 34 items 1 and 2): staff find a customer by a key and see
// everything about the account, read from the other domains' tables. Nothing here writes,
// except the audit entry of a viewed page (docs/decisions.md "Customers: viewing is recorded").
// Never carries a password, a parental-control PIN or a token.
#include <boost/system/result.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::customers {

// Which key a search result matched.
enum class MatchKey { email, email_prefix, msisdn, user_id, uuid, payment_id, payment_reference, provider_reference, provider_customer, voucher_buyer,
                      voucher_redeemer };
std::string_view key_name(MatchKey k);

// Where to search: the caller's tenant, another one (platform administrators) or all of them.
struct Scope {
  std::optional<std::int64_t> tenant_id;  // nullopt: every tenant
};

struct Match {
  std::string uuid;
  std::string user_id;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string created_at;
  std::int64_t tenant_id = 0;
  std::string tenant;  // the tenant's name
  MatchKey key = MatchKey::uuid;
};

struct Profile {
  std::string uuid;
  std::string user_id;
  std::optional<std::string> email;
  std::optional<std::string> msisdn;
  std::string name;
  std::string last_name;
  std::vector<std::string> roles;
  std::optional<std::string> language;
  bool has_password = false;
  std::string created_at;
  std::string updated_at;
  std::int64_t tenant_id = 0;
  std::string tenant;
};

struct Session {
  std::string id;
  std::string created_at;
  std::optional<std::string> revoked_at;
  std::optional<std::string> revoke_reason;
  std::optional<std::string> last_token_at;  // the newest access token of the session
  bool open = false;                         // not revoked and holding a token that has not expired
};

struct SignInLock {
  std::int64_t recent_failures = 0;  // failed sign-ins of the account in the throttle's window
  bool locked = false;               // at the account's ceiling (identity ThrottleLimits::per_account)
};

struct SubscriptionEvent {
  std::int64_t version = 0;
  std::optional<std::string> from_state;
  std::string to_state;
  std::optional<std::string> to_sub_state;
  std::string reason;
  std::string actor;
  std::string at;
};

struct Credit {
  std::vector<std::string> content_types;
  std::int64_t left = 0;  // -1: unlimited
};

struct Subscription {
  std::string id;
  std::int64_t type_id = 0;
  std::string plan;  // the type's name
  std::string state;
  std::optional<std::string> sub_state;
  bool trial = false;
  bool cancel_requested = false;
  std::string start_date;
  std::optional<std::string> end_date;
  std::optional<std::string> next_renewal_date;
  std::optional<std::string> payment_option;
  std::vector<Credit> credits;
  std::vector<SubscriptionEvent> events;  // oldest first
};

struct Payment {
  std::string id;
  std::string purpose;
  std::string reference;
  std::string provider;
  std::string instrument;  // masked as stored (card label or MSISDN)
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::int64_t refunded = 0;  // minor units
  std::string created_at;
  std::optional<std::string> provider_ref;  // the provider's name of the charge (Stripe: pi_…)
  std::optional<std::string> dispute;       // the latest dispute: "<status>:<reason>" ("needs_response:fraudulent")
};

struct Purchase {
  std::string id;
  std::int64_t article_id = 0;
  std::string content_type;
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::string created_at;
};

struct WalletItem {
  std::int64_t article_id = 0;
  std::string content_type;
  std::string source;
  std::string reference;
  std::string acquired_at;
};

struct VoucherOrder {
  std::string id;
  std::string source;
  std::string status;
  std::int64_t amount = 0;
  std::string currency;
  std::optional<std::string> payment_id;
  std::optional<std::string> fulfilled_at;
  std::int64_t codes = 0;
  std::string created_at;
};

struct Notification {
  std::string id;
  std::string kind;
  std::string created_at;
  std::optional<std::string> read_at;
};

struct Team {
  std::int64_t id = 0;
  std::int64_t tournament_id = 0;
  std::string name;
  std::string role;
  std::string joined_at;
};

struct Customer {
  Profile profile;
  std::vector<Session> sessions;  // newest first
  SignInLock sign_in;
  std::vector<Subscription> subscriptions;
  std::vector<Payment> payments;
  std::vector<Purchase> purchases;
  std::vector<WalletItem> wallet;
  std::vector<VoucherOrder> voucher_orders;
  bool parental_control = false;  // on or off, nothing more
  std::vector<Notification> notifications;  // the most recent
  std::int64_t unread_notifications = 0;
  std::int64_t likes = 0;
  std::int64_t ratings = 0;
  std::int64_t tickets = 0;                  // TICKETS earned in challenges
  std::vector<std::int64_t> challenges;      // the challenges opted in to
  std::vector<Team> teams;
};

enum class ErrorCode { invalid_query, customer_not_found, tenant_not_found };
struct Error {
  ErrorCode code = ErrorCode::customer_not_found;
  std::string message;
  std::string field = "q";  // invalid_query: the parameter at fault (q or tenant)
};
template <class T>
using Result = boost::system::result<T, Error>;

// How many rows a search answers, and how much of a list the page shows.
inline constexpr std::size_t kMaxMatches = 20;
inline constexpr std::size_t kPageRows = 100;
inline constexpr std::size_t kRecentNotifications = 20;

}  // namespace portal::customers
