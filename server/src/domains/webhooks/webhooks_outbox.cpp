#include "domains/webhooks/webhooks_outbox.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include <boost/json.hpp>

#include "core/ids.hpp"
#include "db/timestamp.hpp"
#include "domains/webhooks/webhooks_sql.hpp"

namespace portal::webhooks {

bool known_event(std::string_view type) {
  return std::find(kEventTypes.begin(), kEventTypes.end(), type) != kEventTypes.end();
}

namespace {

// "<prefix><16 digits of microseconds><8 hex>": ids sort as they were made, so deliveries go oldest first.
std::string ordered_id(std::string_view prefix) {
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  char digits[24];
  std::snprintf(digits, sizeof digits, "%016lld", static_cast<long long>(us));
  return std::string(prefix) + digits + core::random_hex(4);
}

}  // namespace

void record_event(db::Session& s, std::int64_t tenant_id, std::string_view type, boost::json::value data) {
  record_event_with(s, tenant_id, type, [&] { return std::move(data); });
}

void record_event_with(db::Session& s, std::int64_t tenant_id, std::string_view type,
                       const std::function<boost::json::value()>& data) {
  const auto wanting = s.query(sql::kWantingEndpoints, {tenant_id, "%\"" + std::string(type) + "\"%"});
  if (wanting.empty()) return;
  const std::string now = db::utc_timestamp();
  const std::string message_id = ordered_id("msg_");
  const WebhookEventDto event{std::string(type), now, data()};
  s.execute(sql::kInsertMessage,
            {tenant_id, message_id, std::string(type), boost::json::serialize(boost::json::value_from(event)), now});
  for (const auto& row : wanting)
    s.execute(sql::kInsertDelivery, {tenant_id, ordered_id("whd_"), row.text(0), message_id, now});
}

}  // namespace portal::webhooks
