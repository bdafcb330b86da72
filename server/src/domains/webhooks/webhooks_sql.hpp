#pragma once
// Every statement of the webhooks domain, tenant id first (the delivery worker's serve every tenant and carry the
// row's own tenant id on).
#include <string_view>

namespace portal::webhooks::sql {

// ---- the outbox (record_event): the endpoints that want a type ($2: '%"type"%' against the JSON array)
inline constexpr std::string_view kWantingEndpoints =
    "SELECT id FROM webhook_endpoints WHERE tenant_id = $1 AND enabled = 1 AND events LIKE $2 ORDER BY id";
inline constexpr std::string_view kInsertMessage =
    "INSERT INTO webhook_messages (tenant_id, id, event_type, payload, created_at) VALUES ($1, $2, $3, $4, $5)";
inline constexpr std::string_view kInsertDelivery =
    "INSERT INTO webhook_deliveries (tenant_id, id, endpoint_id, message_id, status, attempts, next_attempt_at, "
    "created_at) VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)";

// ---- endpoints
#define PORTAL_WEBHOOK_ENDPOINT_COLUMNS                                                                       \
  "id, tenant_id, url, description, events, enabled, allow_private, secret_sealed, previous_sealed, "          \
  "previous_until, failing_since, disabled_reason, created_at, updated_at"
inline constexpr std::string_view kEndpoints =
    "SELECT " PORTAL_WEBHOOK_ENDPOINT_COLUMNS " FROM webhook_endpoints WHERE tenant_id = $1 ORDER BY created_at, id";
inline constexpr std::string_view kEndpoint =
    "SELECT " PORTAL_WEBHOOK_ENDPOINT_COLUMNS " FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kInsertEndpoint =
    "INSERT INTO webhook_endpoints (tenant_id, id, url, description, events, enabled, allow_private, secret_sealed, "
    "created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)";
// An edit; enabling again clears the failure run and its reason.
inline constexpr std::string_view kUpdateEndpoint =
    "UPDATE webhook_endpoints SET url = $3, description = $4, events = $5, enabled = $6, allow_private = $7, "
    "updated_at = $8, failing_since = CASE WHEN $6 = 1 THEN NULL ELSE failing_since END, "
    "disabled_reason = CASE WHEN $6 = 1 THEN NULL ELSE disabled_reason END WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kRotateSecret =
    "UPDATE webhook_endpoints SET previous_sealed = secret_sealed, previous_until = $4, secret_sealed = $3, "
    "updated_at = $5 WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kDeleteEndpoint = "DELETE FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2";

// ---- deliveries and attempts (the console)
inline constexpr std::string_view kDeliveries =
    "SELECT d.id, d.message_id, m.event_type, d.status, d.attempts, d.next_attempt_at, d.created_at, d.delivered_at "
    "FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id "
    "WHERE d.tenant_id = $1 AND d.endpoint_id = $2 ORDER BY d.created_at DESC, d.id DESC LIMIT $3";
inline constexpr std::string_view kAttemptsOfEndpoint =
    "SELECT a.delivery_id, a.at, a.status, a.duration_ms, a.answer, a.error FROM webhook_attempts a "
    "JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE a.tenant_id = $1 AND d.endpoint_id = $2 "
    "ORDER BY a.at DESC, a.id DESC LIMIT $3";
inline constexpr std::string_view kResend =
    "UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3 WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kDeliveryEndpoint =
    "SELECT endpoint_id FROM webhook_deliveries WHERE tenant_id = $1 AND id = $2";

// ---- the delivery worker (every tenant). Due: pending, due by now, its endpoint enabled; oldest first.
inline constexpr std::string_view kDue =
    "SELECT d.tenant_id, d.id, d.next_attempt_at FROM webhook_deliveries d "
    "JOIN webhook_endpoints e ON e.id = d.endpoint_id "
    "WHERE d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= $1 AND d.status = 'pending' AND e.enabled = 1 "
    "ORDER BY d.next_attempt_at, d.id LIMIT $2";
// The claim: only the instance whose update still sees the due time it read wins; it moves the due time to the end
// of its lease (a holder killed mid-send leaves the row due again then) and counts the attempt.
inline constexpr std::string_view kClaim =
    "UPDATE webhook_deliveries SET next_attempt_at = $4, attempts = attempts + 1 "
    "WHERE tenant_id = $1 AND id = $2 AND next_attempt_at = $3 AND status = 'pending' "
    "RETURNING endpoint_id, message_id, attempts";
inline constexpr std::string_view kRenew =
    "UPDATE webhook_deliveries SET next_attempt_at = $4 WHERE tenant_id = $1 AND id = $2 AND next_attempt_at = $3 "
    "AND status = 'pending'";
inline constexpr std::string_view kMessage =
    "SELECT id, event_type, payload, created_at FROM webhook_messages WHERE tenant_id = $1 AND id = $2";
inline constexpr std::string_view kInsertAttempt =
    "INSERT INTO webhook_attempts (tenant_id, id, delivery_id, at, status, duration_ms, answer, error) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
inline constexpr std::string_view kDelivered =
    "UPDATE webhook_deliveries SET status = 'delivered', next_attempt_at = NULL, delivered_at = $3 "
    "WHERE tenant_id = $1 AND id = $2";
// $3: when to try again, or NULL with status 'failed' to give up.
inline constexpr std::string_view kFailed =
    "UPDATE webhook_deliveries SET status = $4, next_attempt_at = $3 WHERE tenant_id = $1 AND id = $2 "
    "AND status = 'pending'";
inline constexpr std::string_view kEndpointSucceeded =
    "UPDATE webhook_endpoints SET failing_since = NULL WHERE tenant_id = $1 AND id = $2 AND failing_since IS NOT NULL";
inline constexpr std::string_view kEndpointFailing =
    "UPDATE webhook_endpoints SET failing_since = $3 WHERE tenant_id = $1 AND id = $2 AND failing_since IS NULL";
// Disabled once its failures have run since $3 (a day ago); answers a row only to the one update that disabled it.
inline constexpr std::string_view kDisableFailing =
    "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = 'failing', updated_at = $4 "
    "WHERE tenant_id = $1 AND id = $2 AND enabled = 1 AND failing_since IS NOT NULL AND failing_since <= $3 "
    "RETURNING url";

}  // namespace portal::webhooks::sql
