#pragma once
// The described answers of the consumption report and the royalty statements (usage_routes.hpp):
// one struct per answer, in the OpenAPI document. Times are integer milliseconds.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::reports {

struct ConsumptionPointDto {
  std::string period;  // the period's first day
  std::int64_t plays = 0;
  std::int64_t ms = 0;  // counted listening or watching time
  std::int64_t gamesStarted = 0;
};
BOOST_DESCRIBE_STRUCT(ConsumptionPointDto, (), (period, plays, ms, gamesStarted))
struct ConsumptionSectionDto {
  std::string section;
  std::int64_t plays = 0;
  std::int64_t ms = 0;
};
BOOST_DESCRIBE_STRUCT(ConsumptionSectionDto, (), (section, plays, ms))
struct ConsumptionContentTypeDto {
  std::string contentType;
  std::int64_t plays = 0;
  std::int64_t ms = 0;
};
BOOST_DESCRIBE_STRUCT(ConsumptionContentTypeDto, (), (contentType, plays, ms))
struct ConsumptionLanguageDto {
  std::string language;  // the listener's saved language ("" when none)
  std::int64_t plays = 0;
  std::int64_t ms = 0;
};
BOOST_DESCRIBE_STRUCT(ConsumptionLanguageDto, (), (language, plays, ms))
struct ConsumptionArticleDto {
  std::string articleId;
  std::string title;
  std::string contentType;
  std::int64_t plays = 0;
  std::int64_t ms = 0;
};
BOOST_DESCRIBE_STRUCT(ConsumptionArticleDto, (), (articleId, title, contentType, plays, ms))
struct FunnelDto {
  std::int64_t visits = 0;  // page views (sent only with analytics consent)
  std::int64_t signUps = 0;
  std::int64_t firstSubscriptions = 0;
};
BOOST_DESCRIBE_STRUCT(FunnelDto, (), (visits, signUps, firstSubscriptions))
struct FunnelPointDto {
  std::string period;
  std::int64_t visits = 0;
  std::int64_t signUps = 0;
  std::int64_t firstSubscriptions = 0;
};
BOOST_DESCRIBE_STRUCT(FunnelPointDto, (), (period, visits, signUps, firstSubscriptions))

struct ConsumptionReportDto {
  std::string from;
  std::string to;
  std::string granularity;
  std::optional<std::string> refreshedAt;
  std::vector<ConsumptionPointDto> series;
  std::vector<ConsumptionSectionDto> bySection;
  std::vector<ConsumptionContentTypeDto> byContentType;
  std::vector<ConsumptionLanguageDto> byLanguage;
  std::vector<ConsumptionArticleDto> topArticles;  // at most 20, most played first
  FunnelDto funnel;
  std::vector<FunnelPointDto> funnelSeries;
};
BOOST_DESCRIBE_STRUCT(ConsumptionReportDto, (),
                      (from, to, granularity, refreshedAt, series, bySection, byContentType, byLanguage, topArticles,
                       funnel, funnelSeries))

struct RoyaltyLicensorDto {
  std::string licensor;  // "" = articles without a licensor
  std::int64_t articles = 0;
  std::int64_t plays = 0;
  std::int64_t countedMs = 0;
  std::int64_t claimedMs = 0;
};
BOOST_DESCRIBE_STRUCT(RoyaltyLicensorDto, (), (licensor, articles, plays, countedMs, claimedMs))
struct RoyaltyMonthStatusDto {
  std::string month;
  std::string status;  // open, issued
};
BOOST_DESCRIBE_STRUCT(RoyaltyMonthStatusDto, (), (month, status))
struct RoyaltiesDto {
  std::string month;
  std::string status;  // open, issued
  std::optional<std::string> issuedAt;
  std::optional<std::string> issuedBy;
  bool canIssue = false;
  std::optional<std::string> cannotIssueBecause;  // month_not_ended, already_issued, earlier_month_open
  std::optional<std::string> openMonth;           // earlier_month_open: the month to issue first
  std::optional<std::string> refreshedAt;
  std::vector<RoyaltyLicensorDto> licensors;
  std::vector<RoyaltyMonthStatusDto> months;  // newest first
};
BOOST_DESCRIBE_STRUCT(RoyaltiesDto, (),
                      (month, status, issuedAt, issuedBy, canIssue, cannotIssueBecause, openMonth, refreshedAt, licensors,
                       months))
struct RoyaltyLineDto {
  std::string articleId;
  std::string title;
  std::string contentType;
  std::int64_t plays = 0;
  std::int64_t countedMs = 0;
  std::int64_t claimedMs = 0;
};
BOOST_DESCRIBE_STRUCT(RoyaltyLineDto, (), (articleId, title, contentType, plays, countedMs, claimedMs))
struct RoyaltyLinesDto {
  std::string month;
  std::string licensor;
  std::string status;
  std::vector<RoyaltyLineDto> lines;
};
BOOST_DESCRIBE_STRUCT(RoyaltyLinesDto, (), (month, licensor, status, lines))

}  // namespace portal::reports
