#pragma once
// The consumption aggregates (issue 35, task "usage"; docs/reports.md "Consumption"): the "usage"
// RefreshSource keeps usage_article_days, usage_slice_days and usage_funnel_days (migration
// 0042_royalties.sql) from the raw rows: stream_tickets (plays, by the day issued), stream_reports
// ('listened': counted and claimed milliseconds, by the day received), the server's 'instantPlay'
// events (games started), events 'pageView' (visits), users (sign-ups) and user_subscriptions (first
// subscriptions); and usage_article_months (migration 0043), a refreshed day's month summed again.
// Blocking: runs inside the refresh job's transactions.
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "db/database.hpp"

#include "domains/reports/report_refresh.hpp"

namespace portal::reports {

RefreshSource usage_source();

// The licensor each article names in the catalog now (its document's "licensorName", "" when none);
// an article the catalog no longer has is absent. `query` runs on a session or the database.
using UsageQuery = std::function<db::Rows(std::string_view, const db::Params&)>;
std::map<std::int64_t, std::string> usage_licensors(const UsageQuery& query, std::int64_t tenant_id,
                                                    const std::set<std::int64_t>& ids);

// The day after `day` (YYYY-MM-DD).
std::string usage_next_day(const std::string& day);
// The month after `month` (YYYY-MM).
std::string usage_next_month(const std::string& month);

}  // namespace portal::reports
