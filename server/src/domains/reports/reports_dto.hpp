#pragma once
// The described answers of /backend/admin/reports/revenue, /subscribers and /refresh (issue 35,
// task "money"; CONTRACT35): one struct per answer. Money in integer minor units; days YYYY-MM-DD;
// refreshedAt ISO-8601 UTC (the last finished refresh run's start) or null.
#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::reports {

struct RevenuePointDto {
  std::string period;
  std::string currency;
  std::int64_t gross = 0, refunds = 0, net = 0, payments = 0, refundCount = 0;
};
BOOST_DESCRIBE_STRUCT(RevenuePointDto, (), (period, currency, gross, refunds, net, payments, refundCount))

struct RevenueTotalDto {
  std::string currency;
  std::int64_t gross = 0, refunds = 0, net = 0, payments = 0, refundCount = 0;
};
BOOST_DESCRIBE_STRUCT(RevenueTotalDto, (), (currency, gross, refunds, net, payments, refundCount))

struct RevenueByPlanDto {
  std::int64_t planId = 0;
  std::string planName;
  std::string currency;
  std::int64_t gross = 0, refunds = 0, net = 0, payments = 0;
};
BOOST_DESCRIBE_STRUCT(RevenueByPlanDto, (), (planId, planName, currency, gross, refunds, net, payments))

struct RevenueByMethodDto {
  std::string method;  // card, mobile_bill, voucher
  std::string currency;
  std::int64_t gross = 0, refunds = 0, net = 0, payments = 0;
};
BOOST_DESCRIBE_STRUCT(RevenueByMethodDto, (), (method, currency, gross, refunds, net, payments))

// The payment provider the money went through: "sandbox", "sandbox-operator", "stripe", "camara".
struct RevenueByProviderDto {
  std::string provider;
  std::string currency;
  std::int64_t gross = 0, refunds = 0, net = 0, payments = 0;
};
BOOST_DESCRIBE_STRUCT(RevenueByProviderDto, (), (provider, currency, gross, refunds, net, payments))

struct RevenueBySectionDto {
  std::string section;  // the catalog's section of the purchased article's content type ("" unknown)
  std::string currency;
  std::int64_t gross = 0, refunds = 0, net = 0, purchases = 0;
};
BOOST_DESCRIBE_STRUCT(RevenueBySectionDto, (), (section, currency, gross, refunds, net, purchases))

struct MrrDto {
  std::string currency;
  std::int64_t amount = 0;         // monthly recurring revenue at the end of `to`, minor units
  std::int64_t subscriptions = 0;  // paid subscriptions active then
};
BOOST_DESCRIBE_STRUCT(MrrDto, (), (currency, amount, subscriptions))

struct RevenueReportDto {
  std::string from, to, granularity;
  std::optional<std::string> refreshedAt;
  std::vector<std::string> currencies;
  std::vector<RevenuePointDto> series;
  std::vector<RevenueTotalDto> totals;
  std::vector<RevenueByPlanDto> byPlan;
  std::vector<RevenueByMethodDto> byMethod;
  std::vector<RevenueByProviderDto> byProvider;
  std::vector<RevenueBySectionDto> bySection;
  std::vector<MrrDto> mrr;
};
BOOST_DESCRIBE_STRUCT(RevenueReportDto, (),
                      (from, to, granularity, refreshedAt, currencies, series, totals, byPlan, byMethod, byProvider,
                       bySection, mrr))

struct SubscriberPointDto {
  std::string period;
  std::int64_t active = 0;  // at the end of the period's last day inside the range
  std::int64_t started = 0;
  std::int64_t new_ = 0;
  std::int64_t cancelled = 0, ended = 0, trialsStarted = 0, trialsConverted = 0;
};
// "new" is a C++ keyword: the member new_ is written as "new" (reports_routes.cpp).
BOOST_DESCRIBE_STRUCT(SubscriberPointDto, (), (period, active, started, new_, cancelled, ended, trialsStarted, trialsConverted))

struct SubscriberTotalsDto {
  std::int64_t activeAtStart = 0, activeAtEnd = 0, started = 0, new_ = 0, cancelled = 0, ended = 0, trialsStarted = 0,
               trialsEnded = 0, trialsConverted = 0;
  std::optional<double> conversionRate, churnRate;  // conversion 0..1; churn per 30 days (docs/reports.md); null when undefined
};
BOOST_DESCRIBE_STRUCT(SubscriberTotalsDto, (),
                      (activeAtStart, activeAtEnd, started, new_, cancelled, ended, trialsStarted, trialsEnded,
                       trialsConverted, conversionRate, churnRate))

struct ArpuDto {
  std::string currency;
  std::int64_t amount = 0;
};
BOOST_DESCRIBE_STRUCT(ArpuDto, (), (currency, amount))

struct CohortDto {
  std::string month;  // YYYY-MM
  std::int64_t customers = 0;
  std::vector<std::int64_t> active;
};
BOOST_DESCRIBE_STRUCT(CohortDto, (), (month, customers, active))

struct SubscribersReportDto {
  std::string from, to, granularity;
  std::optional<std::string> refreshedAt;
  std::vector<SubscriberPointDto> series;
  SubscriberTotalsDto totals;
  std::vector<ArpuDto> arpu;
  std::vector<CohortDto> cohorts;
};
BOOST_DESCRIBE_STRUCT(SubscribersReportDto, (), (from, to, granularity, refreshedAt, series, totals, arpu, cohorts))

struct RefreshDto {
  bool ran = false;                        // false: another run held the claim (it refreshes now)
  std::int64_t days = 0;                   // days refreshed by this run
  std::optional<std::string> refreshedAt;  // the last finished run's start
};
BOOST_DESCRIBE_STRUCT(RefreshDto, (), (ran, days, refreshedAt))

// GET /backend/admin/reports/operations: what went wrong in the last 24 hours (live counts).
struct OperationsDto {
  std::string since;
  std::int64_t failedMediaJobs = 0;
  std::int64_t failedMail = 0;   // given up after every attempt
  std::int64_t waitingMail = 0;  // not sent yet (queued or retrying)
};
BOOST_DESCRIBE_STRUCT(OperationsDto, (), (since, failedMediaJobs, failedMail, waitingMail))

}  // namespace portal::reports
