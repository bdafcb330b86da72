#pragma once
// The reports' statements (issue 35, task "money"): the refresh of one day's aggregates from the raw
// rows, the dirty days since a time, and the reads of the aggregates. Definitions: docs/reports.md.
#include <string>
#include <string_view>

namespace portal::reports::sql {

// ---- revenue ---------------------------------------------------------------------------------
// The subscription a renewal's reference '<subscription id>@<period start>' names.
inline std::string renewal_subscription(std::string_view dialect) {
  return dialect == "postgres" ? "split_part(p.reference, '@', 1)"
                               : "substr(p.reference, 1, instr(p.reference, '@') - 1)";
}

// The dimensions of a payment p (method, purpose, plan, content type).
inline std::string payment_dimensions(std::string_view dialect) {
  return "p.currency AS currency, "
         "CASE WHEN p.purpose = 'vouchers' THEN 'voucher' WHEN p.provider IN ('sandbox-operator', 'camara') THEN 'mobile_bill' "
         "ELSE 'card' END AS method, p.provider AS provider, p.purpose AS purpose, "
         "COALESCE(CASE p.purpose "
         "WHEN 'checkout' THEN (SELECT c.type_id FROM subscription_checkouts c WHERE c.id = p.reference) "
         "WHEN 'renewal' THEN (SELECT s.type_id FROM user_subscriptions s WHERE s.id = " +
         renewal_subscription(dialect) +
         ") END, 0) AS plan_id, "
         "COALESCE(CASE WHEN p.purpose = 'article' THEN "
         "(SELECT a.content_type FROM article_purchases a WHERE a.id = p.reference) END, '') AS content_type";
}

// A day's sum of a money column that cannot overflow (issue 45 item 5): PostgreSQL sums a BIGINT as NUMERIC
// and SQLite's TOTAL sums as a double (exact below 2^53), and the sum is clamped to the BIGINT range
// before the cast, so a refresh never fails with "integer overflow" / "bigint out of range" whatever
// amounts were stored (the console bounds new ones: core/money.hpp).
inline std::string sum_bigint(std::string_view dialect, std::string_view column) {
  const std::string c(column);
  return dialect == "postgres" ? "CAST(LEAST(SUM(" + c + "), 9223372036854775807) AS BIGINT)"
                               : "CAST(MIN(TOTAL(" + c + "), 9223372036854775807) AS INTEGER)";
}

inline constexpr std::string_view kDeleteRevenueDay = "DELETE FROM report_revenue_daily WHERE tenant_id = $1 AND day = $2";

// $1 tenant, $2 day, $3 the day's start, $4 the next day's start.
inline std::string insert_revenue_day(std::string_view dialect) {
  const std::string dims = payment_dimensions(dialect);
  return std::string("INSERT INTO report_revenue_daily (tenant_id, day, currency, method, provider, purpose, plan_id, "
                     "content_type, gross, payments, refunds, refund_count) "
                     "SELECT CAST($1 AS BIGINT), CAST($2 AS TEXT), currency, method, provider, purpose, plan_id, content_type, ") +
         sum_bigint(dialect, "gross") + ", " + sum_bigint(dialect, "payments") + ", " + sum_bigint(dialect, "refunds") +
         ", " + sum_bigint(dialect, "refund_count") +
         " FROM ("
         "SELECT " +
         dims + ", p.amount AS gross, 1 AS payments, 0 AS refunds, 0 AS refund_count FROM payments p "
         "WHERE p.tenant_id = $1 AND p.status = 'SUCCEEDED' AND p.created_at >= $3 AND p.created_at < $4 "
         "UNION ALL "
         "SELECT " + dims + ", 0 AS gross, 0 AS payments, r.amount AS refunds, 1 AS refund_count "
         "FROM payment_refunds r JOIN payments p ON p.id = r.payment_id "
         "WHERE r.tenant_id = $1 AND r.status = 'SUCCEEDED' AND r.created_at >= $3 AND r.created_at < $4"
         ") x GROUP BY currency, method, provider, purpose, plan_id, content_type";
}

// The days of payments changed at or after $2, and of refunds made or settled at or after $2.
inline constexpr std::string_view kRevenueDirtyDays =
    "SELECT DISTINCT substr(created_at, 1, 10) FROM payments WHERE tenant_id = $1 AND updated_at >= $2 "
    "UNION SELECT DISTINCT substr(created_at, 1, 10) FROM payment_refunds WHERE tenant_id = $1 "
    "AND (created_at >= $2 OR settled_at >= $2)";

// ---- subscribers -----------------------------------------------------------------------------
#define PORTAL_REPORTS_BECAME_ACTIVE(e) \
  "(" e ".to_state = 'ACTIVE' AND (" e ".from_state IS NULL OR " e ".from_state <> 'ACTIVE'))"
#define PORTAL_REPORTS_LEFT_ACTIVE(e) "(" e ".from_state = 'ACTIVE' AND " e ".to_state <> 'ACTIVE')"

inline constexpr std::string_view kDeleteSubscribersDay =
    "DELETE FROM report_subscribers_daily WHERE tenant_id = $1 AND day = $2";

// $1 tenant, $2 day, $3 the day's start, $4 the next day's start.
inline constexpr std::string_view kInsertSubscribersDay =
    "INSERT INTO report_subscribers_daily (tenant_id, day, plan_id, started, new_subs, cancelled, ended, paid_started, "
    "paid_ended, trials_started, trials_ended, trials_converted) "
    "SELECT CAST($1 AS BIGINT), CAST($2 AS TEXT), plan_id, CAST(SUM(started) AS BIGINT), CAST(SUM(new_subs) AS BIGINT), "
    "CAST(SUM(cancelled) AS BIGINT), CAST(SUM(ended) AS BIGINT), CAST(SUM(paid_started) AS BIGINT), "
    "CAST(SUM(paid_ended) AS BIGINT), CAST(SUM(trials_started) AS BIGINT), CAST(SUM(trials_ended) AS BIGINT), "
    "CAST(SUM(trials_converted) AS BIGINT) FROM ("
    "SELECT s.type_id AS plan_id, "
    "CASE WHEN " PORTAL_REPORTS_BECAME_ACTIVE("e") " THEN 1 ELSE 0 END AS started, "
    "CASE WHEN " PORTAL_REPORTS_BECAME_ACTIVE("e") " AND NOT EXISTS (SELECT 1 FROM user_subscriptions s2 "
    "JOIN subscription_events e2 ON e2.subscription_id = s2.id WHERE s2.tenant_id = $1 AND s2.user_uuid = s.user_uuid "
    "AND " PORTAL_REPORTS_BECAME_ACTIVE("e2") " AND (e2.at < e.at OR (e2.at = e.at AND e2.id < e.id))) "
    "THEN 1 ELSE 0 END AS new_subs, "
    "CASE WHEN e.reason LIKE 'cancelled by%' THEN 1 ELSE 0 END AS cancelled, "
    "CASE WHEN " PORTAL_REPORTS_LEFT_ACTIVE("e") " THEN 1 ELSE 0 END AS ended, "
    "CASE WHEN " PORTAL_REPORTS_BECAME_ACTIVE("e") " AND s.trial = 0 THEN 1 ELSE 0 END AS paid_started, "
    "CASE WHEN " PORTAL_REPORTS_LEFT_ACTIVE("e") " AND s.trial = 0 THEN 1 ELSE 0 END AS paid_ended, "
    "0 AS trials_started, "
    "CASE WHEN " PORTAL_REPORTS_LEFT_ACTIVE("e") " AND s.trial <> 0 THEN 1 ELSE 0 END AS trials_ended, "
    "0 AS trials_converted "
    "FROM subscription_events e JOIN user_subscriptions s ON s.id = e.subscription_id "
    "WHERE e.tenant_id = $1 AND e.at >= $3 AND e.at < $4 "
    "UNION ALL "
    "SELECT ts.type_id AS plan_id, 0, 0, 0, 0, 0, 0, 1 AS trials_started, 0, "
    "CASE WHEN EXISTS (SELECT 1 FROM user_subscriptions s2 JOIN subscription_events e2 ON e2.subscription_id = s2.id "
    "JOIN subscription_types st ON st.tenant_id = s2.tenant_id AND st.id = s2.type_id "
    "WHERE s2.tenant_id = $1 AND s2.user_uuid = t.user_uuid AND s2.trial = 0 AND st.group_id = t.group_id "
    "AND " PORTAL_REPORTS_BECAME_ACTIVE("e2") " AND e2.at >= t.created_at) THEN 1 ELSE 0 END AS trials_converted "
    "FROM subscription_trials t JOIN user_subscriptions ts ON ts.id = t.subscription_id "
    "WHERE t.tenant_id = $1 AND t.created_at >= $3 AND t.created_at < $4"
    ") x GROUP BY plan_id";

// Days of events written at or after $2, and the trial days of users with such events (a conversion).
inline constexpr std::string_view kSubscribersDirtyDays =
    "SELECT DISTINCT substr(at, 1, 10) FROM subscription_events WHERE tenant_id = $1 AND at >= $2 "
    "UNION SELECT DISTINCT substr(created_at, 1, 10) FROM subscription_trials WHERE tenant_id = $1 AND created_at >= $2 "
    "UNION SELECT DISTINCT substr(t.created_at, 1, 10) FROM subscription_events e "
    "JOIN user_subscriptions s ON s.id = e.subscription_id "
    "JOIN subscription_trials t ON t.tenant_id = s.tenant_id AND t.user_uuid = s.user_uuid "
    "WHERE e.tenant_id = $1 AND e.at >= $2";

// ---- cohorts (a "day" of this family is a month's first day) ----------------------------------
// The months (their first days) from the earliest event written at or after $2 on.
inline constexpr std::string_view kCohortsDirtyFrom =
    "SELECT MIN(substr(at, 1, 7)) FROM subscription_events WHERE tenant_id = $1 AND at >= $2";

inline constexpr std::string_view kDeleteCohortMonth = "DELETE FROM report_cohorts WHERE tenant_id = $1 AND month = $2";
// $1 tenant, $2 the month (YYYY-MM), $3 its first instant, $4 the next month's.
inline constexpr std::string_view kInsertCohortMonth =
    "INSERT INTO report_cohorts (tenant_id, cohort_month, month, customers) "
    "SELECT CAST($1 AS BIGINT), substr(f.first_at, 1, 7), CAST($2 AS TEXT), CAST(COUNT(*) AS BIGINT) FROM ("
    "SELECT s.user_uuid AS user_uuid, MIN(e.at) AS first_at FROM user_subscriptions s "
    "JOIN subscription_events e ON e.subscription_id = s.id WHERE s.tenant_id = $1 AND " PORTAL_REPORTS_BECAME_ACTIVE("e")
    " GROUP BY s.user_uuid) f "
    "WHERE f.first_at < $4 AND EXISTS (SELECT 1 FROM user_subscriptions s WHERE s.tenant_id = $1 "
    "AND s.user_uuid = f.user_uuid AND ("
    "(SELECT e.to_state FROM subscription_events e WHERE e.subscription_id = s.id AND e.at < $3 "
    "ORDER BY e.version DESC LIMIT 1) = 'ACTIVE' "
    "OR EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND "
    PORTAL_REPORTS_BECAME_ACTIVE("e") " AND e.at >= $3 AND e.at < $4))) "
    "GROUP BY substr(f.first_at, 1, 7)";

#undef PORTAL_REPORTS_BECAME_ACTIVE
#undef PORTAL_REPORTS_LEFT_ACTIVE

// ---- reads -----------------------------------------------------------------------------------
inline constexpr std::string_view kRevenueRows =
    "SELECT day, currency, method, provider, purpose, content_type, plan_id, gross, payments, refunds, refund_count "
    "FROM report_revenue_daily WHERE tenant_id = $1 AND day >= $2 AND day <= $3 ORDER BY day";
// Flows per day and plan up to $2 (the running sums start at the first day).
inline constexpr std::string_view kSubscriberRows =
    "SELECT day, plan_id, started, new_subs, cancelled, ended, paid_started, paid_ended, trials_started, trials_ended, "
    "trials_converted FROM report_subscribers_daily WHERE tenant_id = $1 AND day <= $2 ORDER BY day";
// Cohorts of months $2..$3 (YYYY-MM), each with its months.
inline constexpr std::string_view kCohortRows =
    "SELECT cohort_month, month, customers FROM report_cohorts WHERE tenant_id = $1 AND cohort_month >= $2 "
    "AND cohort_month <= $3 AND month <= $3 ORDER BY cohort_month, month";
inline constexpr std::string_view kPlans = "SELECT id, definition FROM subscription_types WHERE tenant_id = $1";
// Every day of the tenant is recomputed by the next run (`portal generate-activity` writes past days).
inline constexpr std::string_view kForgetRefreshState = "DELETE FROM report_refresh_state WHERE tenant_id = $1";
inline constexpr std::string_view kRefreshedAt = "SELECT refreshed_at FROM report_refresh_state WHERE tenant_id = $1";

// The console's home (operations): what went wrong since a time, live (not the refreshed read model).
inline constexpr std::string_view kFailedMediaJobsSince =
    "SELECT count(*) FROM media_jobs WHERE tenant_id = $1 AND state = 'failed' AND updated_at >= $2";
// A mail given up: never sent, nothing more to try, an error kept.
inline constexpr std::string_view kFailedMailSince =
    "SELECT count(*) FROM mail_outbox WHERE tenant_id = $1 AND sent_at IS NULL AND next_attempt_at IS NULL"
    " AND last_error IS NOT NULL AND created_at >= $2";
inline constexpr std::string_view kWaitingMail =
    "SELECT count(*) FROM mail_outbox WHERE tenant_id = $1 AND sent_at IS NULL AND next_attempt_at IS NOT NULL";

}  // namespace portal::reports::sql
