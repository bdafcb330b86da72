#pragma once
// Standard Webhooks signatures (https://www.standardwebhooks.com/, issue 78 item 1): a secret is "whsec_" + base64 of
// its bytes; a message is signed as "v1," + base64(HMAC-SHA256(secret bytes, "<webhook-id>.<webhook-timestamp>.<body>"));
// during a rotation the webhook-signature header carries both secrets' signatures, separated by a space.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::webhooks {

// A new secret: "whsec_" + base64 of 32 random bytes.
std::string new_secret();
// The secret's bytes (the base64 after "whsec_"); nullopt when it is not a secret of that form.
std::optional<std::string> secret_bytes(std::string_view secret);
// "v1,<base64>" of one secret.
std::string sign(std::string_view secret, std::string_view id, std::string_view timestamp, std::string_view body);
// The webhook-signature header: each secret's "v1," signature, separated by a space.
std::string signature_header(const std::vector<std::string>& secrets, std::string_view id, std::string_view timestamp,
                             std::string_view body);

}  // namespace portal::webhooks
