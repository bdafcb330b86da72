#include "domains/payments/webhook_signature.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/crypto.hpp"
#include "core/text.hpp"

namespace portal::payments {

WebhookCheck check_webhook_signature(const std::vector<std::string>& secrets, std::string_view body,
                                     std::string_view header, std::int64_t now) {
  std::optional<std::int64_t> t;
  std::vector<std::string> v1;
  while (!header.empty()) {
    const auto comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) return WebhookCheck::malformed;
    const auto key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "t") {
      // Digits only, at most 12 (no sign, no overflow); one t.
      if (t || value.empty() || value.size() > 12 ||
          !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return WebhookCheck::malformed;
      t = std::stoll(std::string(value));
    } else if (key == "v1") {
      v1.push_back(core::lower(value));
    }  // other schemes (v0, ...) are ignored, as Stripe does
  }
  if (!t || v1.empty()) return WebhookCheck::malformed;
  if (*t < now - kWebhookTolerance.count() || *t > now + kWebhookTolerance.count())
    return WebhookCheck::outside_tolerance;
  const std::string payload = std::to_string(*t) + "." + std::string(body);
  bool match = false;
  for (const auto& secret : secrets) {
    const std::string expected = core::hmac_sha256_hex(secret, payload);
    for (const auto& given : v1)  // every candidate is compared, in constant time
      match |= core::equal_constant_time(given, expected);
  }
  return match ? WebhookCheck::valid : WebhookCheck::mismatch;
}


}  // namespace portal::payments
