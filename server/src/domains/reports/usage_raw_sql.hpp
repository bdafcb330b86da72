#pragma once
// The usage refresh's reads of raw rows (domains/reports/usage_source.cpp): the plays, their usage reports
// and the events of one day. Every one has its range on its table's partition key ($2 <= time < $3, plain
// parameters), so PostgreSQL, which partitions these tables by month (migration 0063), reads only the
// months of the range (server/src/app/history_upkeep_test.cpp checks the plans).
#include <string_view>

namespace portal::reports::sql {

// The usage reports received at or after $2, of tickets issued at or after $3 (a week before $2: a ticket
// lives a week at most, streaming::kMaxTicketLifetime), so PostgreSQL reads only those months of them
// (partitioned by their ticket's month, migration 0063).
inline constexpr std::string_view kDirtyReportDays =
    "SELECT DISTINCT substr(created_at, 1, 10) FROM stream_reports WHERE tenant_id = $1 AND created_at >= $2 "
    "AND ticket_created_at >= $3";

inline constexpr std::string_view kPlays =
    "SELECT t.article_id, t.content_type, COALESCE(u.selected_lang, '') AS language, COUNT(*) AS plays FROM stream_tickets t "
    "LEFT JOIN users u ON u.uuid = t.user_uuid WHERE t.tenant_id = $1 AND t.created_at >= $2 AND t.created_at < $3 "
    "GROUP BY t.article_id, t.content_type, COALESCE(u.selected_lang, '')";
inline constexpr std::string_view kReports =
    "SELECT t.article_id, t.content_type, COALESCE(u.selected_lang, '') AS language, CAST(SUM(r.counted_ms) AS BIGINT) AS counted_ms, "
    "CAST(SUM(r.claimed_ms) AS BIGINT) AS claimed_ms FROM stream_reports r JOIN stream_tickets t ON t.id = r.ticket_id "
    "AND t.created_at = r.ticket_created_at LEFT JOIN users u ON u.uuid = t.user_uuid WHERE r.tenant_id = $1 "
    "AND r.type = 'listened' AND r.created_at >= $2 AND r.created_at < $3 AND r.ticket_created_at >= $4 "
    "AND r.ticket_created_at < $3 AND t.created_at >= $4 AND t.created_at < $3 "
    "GROUP BY t.article_id, t.content_type, COALESCE(u.selected_lang, '')";
// Games started: the server's instantPlay events (games_service.cpp, one per start; a client cannot send
// one with origin 'server'). Not the game sessions: those are pruned once they expire. The article is in
// the payload, read here rather than with each dialect's JSON functions.
inline constexpr std::string_view kGames =
    "SELECT e.payload, COALESCE(u.selected_lang, '') AS language FROM events e LEFT JOIN users u "
    "ON u.tenant_id = e.tenant_id AND u.user_id = e.user_id WHERE e.tenant_id = $1 AND e.name = 'instantPlay' "
    "AND e.origin = 'server' AND e.created_at >= $2 AND e.created_at < $3";
// Visits: the day's page views (sent only with analytics consent) by their visit id (web/src/features/
// analytics/visit.ts: a browser's page views less than 30 minutes apart share one); a page view without
// one is a visit of its own. One client (events' client key: a signed-in user, else an address) counts at most
// kMaxVisitsPerClientDay visits a day, so a script minting visit ids cannot inflate the report.
inline constexpr std::string_view kPageViews =
    "SELECT payload, client FROM events WHERE tenant_id = $1 AND name = 'pageView' AND created_at >= $2 "
    "AND created_at < $3";
// The articles of a list of ids ({ids}: integers, written in): what a usage day and a royalty line say of them.
inline constexpr std::string_view kArticlesIn =
    "SELECT id, content_type, section, doc FROM catalog_articles WHERE tenant_id = $1 AND id IN ({ids})";
inline constexpr std::string_view kLicensorsIn = "SELECT id, doc FROM catalog_articles WHERE tenant_id = $1 AND id IN ({ids})";

}  // namespace portal::reports::sql
