#pragma once
// The info-service statements. Every one filters by tenant_id ($1).
#include <string_view>

namespace portal::info_services::sql {

inline constexpr std::string_view kUpsertService =
    "INSERT INTO info_services (tenant_id, id, name, position, doc) VALUES ($1, $2, $3, $4, $5) "
    "ON CONFLICT (tenant_id, id) DO UPDATE SET name = excluded.name, position = excluded.position, doc = excluded.doc";
inline constexpr std::string_view kServices =
    "SELECT id, name, position, doc FROM info_services WHERE tenant_id = $1 ORDER BY position, id";
inline constexpr std::string_view kServiceExists = "SELECT 1 FROM info_services WHERE tenant_id = $1 AND id = $2";

inline constexpr std::string_view kSubscriptions =
    "SELECT service_id, created_at FROM info_service_subscriptions WHERE tenant_id = $1 AND user_uuid = $2";
// Subscribing twice keeps the first date.
inline constexpr std::string_view kSubscribe =
    "INSERT INTO info_service_subscriptions (tenant_id, user_uuid, service_id, created_at) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT (tenant_id, user_uuid, service_id) DO NOTHING";
inline constexpr std::string_view kUnsubscribe =
    "DELETE FROM info_service_subscriptions WHERE tenant_id = $1 AND user_uuid = $2 AND service_id = $3";

}  // namespace portal::info_services::sql
