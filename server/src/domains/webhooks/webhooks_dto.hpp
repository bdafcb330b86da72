#pragma once
// The webhooks console's wire shapes (issue 78 item 1), one per answer; the audit log's before and after are the
// same WebhookEndpointDto (never a secret: the console sees a secret once, in WebhookSecretDto).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/describe/class.hpp>

#include "domains/webhooks/webhooks_types.hpp"

namespace portal::webhooks {

struct WebhookEndpointDto {
  std::string id;
  std::string url;
  std::string description;
  std::vector<std::string> events;
  bool enabled = true;
  bool allowPrivate = false;
  std::optional<std::string> previousSecretUntil;  // a rotation's old secret signs too until then
  std::optional<std::string> failingSince;
  std::optional<std::string> disabledReason;       // "failing": disabled after a day of failures
  std::string createdAt;
  std::string updatedAt;
};
BOOST_DESCRIBE_STRUCT(WebhookEndpointDto, (),
                      (id, url, description, events, enabled, allowPrivate, previousSecretUntil, failingSince,
                       disabledReason, createdAt, updatedAt))

struct WebhookEndpointsDto {
  std::vector<WebhookEndpointDto> items;
  std::vector<std::string> eventTypes;  // every event an endpoint may ask for
  bool privateAllowed = false;          // the dev stage: an endpoint may allow private addresses
};
BOOST_DESCRIBE_STRUCT(WebhookEndpointsDto, (), (items, eventTypes, privateAllowed))

struct WebhookSecretDto {
  WebhookEndpointDto endpoint;
  std::string secret;  // whsec_...: shown this once
};
BOOST_DESCRIBE_STRUCT(WebhookSecretDto, (), (endpoint, secret))

struct WebhookAttemptDto {
  std::string at;
  std::int64_t status = 0;   // 0: no answer (error says why)
  std::int64_t durationMs = 0;
  std::string answer;        // the answer's first bytes
  std::string error;
};
BOOST_DESCRIBE_STRUCT(WebhookAttemptDto, (), (at, status, durationMs, answer, error))

struct WebhookDeliveryDto {
  std::string id;
  std::string messageId;   // the webhook-id header
  std::string eventType;
  std::string status;      // pending, delivered, failed
  std::int64_t attempts = 0;
  std::optional<std::string> nextAttemptAt;
  std::string createdAt;
  std::optional<std::string> deliveredAt;
  std::vector<WebhookAttemptDto> attemptList;  // newest first
};
BOOST_DESCRIBE_STRUCT(WebhookDeliveryDto, (),
                      (id, messageId, eventType, status, attempts, nextAttemptAt, createdAt, deliveredAt, attemptList))

struct WebhookDeliveriesDto {
  std::vector<WebhookDeliveryDto> items;  // the newest 100
};
BOOST_DESCRIBE_STRUCT(WebhookDeliveriesDto, (), (items))

inline WebhookEndpointDto endpoint_dto(const Endpoint& e) {
  return {e.id,       e.url,          e.description,     e.events,        e.enabled,    e.allow_private,
          e.previous_until, e.failing_since, e.disabled_reason, e.created_at, e.updated_at};
}

}  // namespace portal::webhooks
