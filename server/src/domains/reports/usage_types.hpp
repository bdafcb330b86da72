#pragma once
// The consumption report and the royalty statements (issue 35, task "usage"): domain types and
// errors (reports_errors.hpp). Nothing here knows HTTP (reports_answers.cpp maps the errors).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "domains/reports/reports_errors.hpp"

namespace portal::reports {

// A report's days (UTC, inclusive) and how they are grouped: "day", "week" (ISO weeks, named by their
// Monday) or "month" (named by its first day).
// The articles' titles in every language they have one: article id -> (language, title).
using ArticleTitles = std::map<std::int64_t, std::vector<std::pair<std::string, std::string>>>;

struct UsageRange {
  std::string from, to, granularity;
};

struct ConsumptionFilter {
  std::string section, content_type, language;  // "" = every one
};

// A range cut for the article aggregates: its whole months read usage_article_months, the days of a
// partial month at either end usage_article_days. An empty span has from > to, so it matches no row.
struct UsageSpans {
  std::string head_from = "9", head_to = "0";      // days
  std::string first_month = "9", last_month = "0";  // months YYYY-MM
  std::string tail_from = "9", tail_to = "0";      // days
};
struct UsagePoint {
  std::string period;
  std::int64_t plays = 0, ms = 0, games_started = 0;
};
struct UsageSlice {
  std::string key;
  std::int64_t plays = 0, ms = 0;
};
struct TopArticle {
  std::int64_t article_id = 0;
  std::string title, content_type;
  std::int64_t plays = 0, ms = 0;
};
struct FunnelPoint {
  std::string period;
  std::int64_t visits = 0, sign_ups = 0, first_subscriptions = 0;
};

struct Consumption {
  UsageRange range;
  std::optional<std::string> refreshed_at;
  std::vector<UsagePoint> series;
  std::vector<UsageSlice> by_section, by_content_type, by_language;
  std::vector<TopArticle> top_articles;
  FunnelPoint funnel;  // period unused
  std::vector<FunnelPoint> funnel_series;
};

// One article's line of a royalty statement.
struct RoyaltyLine {
  std::int64_t article_id = 0;
  std::string licensor, title, content_type;
  std::int64_t plays = 0, counted_ms = 0, claimed_ms = 0;
};
struct LicensorTotal {
  std::string licensor;
  std::int64_t articles = 0, plays = 0, counted_ms = 0, claimed_ms = 0;
};
struct MonthStatus {
  std::string month;
  bool issued = false;
};
struct RoyaltyMonth {
  std::string month;
  bool issued = false;
  std::optional<std::string> issued_at, issued_by;
  bool can_issue = false;
  // Why not, when it cannot: month_not_ended, already_issued or earlier_month_open (with that month).
  std::optional<std::string> issue_refusal;
  std::optional<std::string> open_month;
  std::optional<std::string> refreshed_at;
  std::vector<LicensorTotal> licensors;
  std::vector<MonthStatus> months;  // newest first
};
struct RoyaltyLines {
  std::string month, licensor;
  bool issued = false;
  std::vector<RoyaltyLine> lines;
};

}  // namespace portal::reports
