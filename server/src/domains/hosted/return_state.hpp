#pragma once
// The `state` of a payment provider's return address (issue 71 item 6). The portal
// puts it into the success and cancel URLs it gives the provider (Stripe Checkout),
// and the return routes act only for a request that carries it: whoever holds a
// checkout's, an order's or a subscription's id alone learns nothing of it and
// cancels nothing (404). state = the first 128 bits of HMAC-SHA256(key,
// "return|<scope>|<id>") in hex, compared in constant time; the key is
// db::shared_secret "provider-returns", so every instance agrees.
#include <optional>
#include <string>
#include <string_view>

namespace portal::hosted {

// What the return is of: one scope per return route.
inline constexpr std::string_view kSubscriptionReturn = "subscription-checkout";
inline constexpr std::string_view kCartReturn = "cart-checkout";
inline constexpr std::string_view kPurchaseReturn = "purchase-checkout";
inline constexpr std::string_view kPayAgainReturn = "pay-again";

// Set once at start-up; until then a random key of this process.
void set_return_key(std::string key);

std::string return_state(std::string_view scope, std::string_view id);
bool return_state_ok(std::string_view scope, std::string_view id, std::optional<std::string_view> state);

}  // namespace portal::hosted
