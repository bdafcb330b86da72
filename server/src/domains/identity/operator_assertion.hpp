#pragma once
// The operator network's word for a subscriber's number (header enrichment
// stand-in): a cookie value "v1.<msisdn>.<expires>.<nonce>.<mac>" where mac is
// HMAC-SHA256(tenant's operator secret, "<tenant>|<msisdn>|<expires>|<nonce>")
// and expires is Unix seconds. Only the holder of the secret (the operator's
// gateway; the dev operator page in the dev stage) can make one; a cookie
// anyone can set, with a bare number, proves nothing and is refused.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portal::identity {

std::string sign_operator_assertion(std::string_view secret, std::string_view tenant, std::string_view msisdn,
                                    std::int64_t expires_unix, std::string_view nonce);

// How far ahead an assertion may expire. The gateway vouches for the number
// of the connection at hand; an assertion meant to outlive a sign-in (a
// leaked cookie expiring in the year 5000) is refused.
inline constexpr std::int64_t kMaxOperatorAssertionLifetime = 5 * 60;  // seconds

// The number the assertion vouches for, when it is well formed, signed with
// this secret for this tenant, not expired at now_unix and expiring at most
// kMaxOperatorAssertionLifetime after it; nullopt otherwise (also when secret
// is empty: no secret, no auto-login).
std::optional<std::string> verify_operator_assertion(std::string_view secret, std::string_view tenant,
                                                     std::string_view cookie, std::int64_t now_unix);

}  // namespace portal::identity
