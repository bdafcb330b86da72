#pragma once
// Who calls the subscriptions service, and the typed values it answers with;
// the routes map them to the DTOs of subscriptions_dto.hpp
// (subscriptions_answers.hpp). No JSON of the wire, no HTTP status here.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "domains/subscriptions/subscriptions_types.hpp"
#include "domains/tenants/tenants_types.hpp"

namespace portal::subscriptions {

// Who asks, in which tenant and language, and where the backend is.
struct Caller {
  std::shared_ptr<const tenants::Tenant> tenant;
  std::string user_uuid;     // "" for a guest
  std::string lang = "en";
  std::string backend_base;  // "http://host:port/backend" the client reached
  std::string request_origin;  // the tenant's origin (http::tenant_origin)
  std::vector<std::string> return_origins;  // where a redirect may go (http::return_origins)
  bool guest() const { return user_uuid.empty(); }
};

// A subscription with what its wire shape needs: the plans it was read with
// and the caller's active type ids (a level's currentSubscriptionExist).
struct SubscriptionView {
  std::shared_ptr<const Plans> plans;
  std::vector<std::int64_t> active_types;
  UserSubscription subscription;
};

// ---- what a purchase (subscribe, the API flow) comes to

// The subscription is ACTIVE already (a free plan, operator auto-subscription).
struct Subscribed {
  SubscriptionView view;
};
// A checkout is open (new, or the one opened before): the options to pay with.
struct CheckoutOpened {
  CheckoutOffer offer;
};
// The charge succeeded: where to return (paid), and the new subscription.
struct Paid {
  std::string url;
  std::optional<SubscriptionView> view;
};
// The payment is pending (a subscription REQUESTED): it settles later.
struct Pending {
  std::string message;
  std::optional<std::string> url;  // where to return (status=202), after a charge
  std::optional<std::string> payment_id;
  std::optional<SubscriptionView> view;
};
// The operator flow sent a PIN by SMS: the next step is to send it back.
struct PinSent {
  std::string message;                     // in the caller's language
  std::optional<std::string> sandbox_pin;  // dev stage only
};

using Purchase = std::variant<Subscribed, CheckoutOpened, Paid, Pending, PinSent>;

}  // namespace portal::subscriptions
