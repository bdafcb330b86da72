#pragma once
// Webhook signatures as Stripe makes them (https://docs.stripe.com/webhooks#verify-manually), for Stripe's
// own webhooks and the sandbox's: a header "t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>"
// (several v1 may be given, and several secrets may be valid while one is rotated: one pair must match). The
// timestamp is signed with the body, so an event captured on its way is refused once it is older than the
// tolerance (and one dated beyond it in the future).
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace portal::payments {

inline constexpr std::chrono::seconds kWebhookTolerance{300};
enum class WebhookCheck { valid, malformed, outside_tolerance, mismatch };

// `now` in unix seconds. No secret: mismatch.
WebhookCheck check_webhook_signature(const std::vector<std::string>& secrets, std::string_view body,
                                     std::string_view header, std::int64_t now);

}  // namespace portal::payments
