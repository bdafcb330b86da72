#pragma once
// What another domain needs to tell a user something: one call, no knowledge
// of how notifications are stored or shown. Tournaments, purchases and
// subscription renewals hold a Notifier* (nullptr: nobody is told); the
// notifications service implements it. Blocking (database pool).
#include <cstdint>
#include <map>
#include <string>

#include "db/database.hpp"

namespace portal::notifications {

// Kinds the client knows how to say (notifications.kind.<KIND> in the locales).
inline constexpr std::string_view kTeamJoinRequest = "TEAM_JOIN_REQUEST";        // to the captain
inline constexpr std::string_view kTeamRequestAccepted = "TEAM_REQUEST_ACCEPTED";  // to the requester
inline constexpr std::string_view kTeamRequestDeclined = "TEAM_REQUEST_DECLINED";  // to the requester
inline constexpr std::string_view kPurchasePaid = "PURCHASE_PAID";
inline constexpr std::string_view kVoucherOrderPaid = "VOUCHER_ORDER_PAID";  // codes go by mail
inline constexpr std::string_view kSubscriptionRenewed = "SUBSCRIPTION_RENEWED";
inline constexpr std::string_view kSubscriptionRenewalFailed = "SUBSCRIPTION_RENEWAL_FAILED";
// A charge that went through after its purchase or order had closed, given back in full (payments' return_taken).
inline constexpr std::string_view kPaymentReturned = "PAYMENT_RETURNED";

struct Note {
  std::string user_uuid;
  std::string kind;
  std::map<std::string, std::string> params;  // put into the kind's text by the client
  std::string target;                         // the portal path it opens, e.g. "/myPurchases"
  std::string source;                         // "" or what produced it: one note per source and user
};

class Notifier {
 public:
  virtual ~Notifier() = default;
  // In the caller's transaction (a payment's): kept or rolled back with it.
  virtual void notify(db::Session& s, std::int64_t tenant_id, const Note& note) = 0;
  // After the caller's change committed: a fault is logged, not thrown (the
  // change happened; a lost notification must not turn it into a 500).
  virtual void notify(std::int64_t tenant_id, const Note& note) noexcept = 0;
};

}  // namespace portal::notifications
