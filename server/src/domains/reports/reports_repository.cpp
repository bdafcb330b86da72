#include "domains/reports/reports_repository.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cstdio>

#include "core/utc_time.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/reports/reports_sql.hpp"

namespace portal::reports {
namespace json = boost::json;

BOOST_DESCRIBE_STRUCT(RevenueRow, (), (day, currency, method, provider, purpose, content_type, plan_id, gross, payments, refunds,
                                       refund_count))
BOOST_DESCRIBE_STRUCT(SubscriberRow, (), (day, plan_id, started, new_subs, cancelled, ended, paid_started, paid_ended,
                                          trials_started, trials_ended, trials_converted))
BOOST_DESCRIBE_STRUCT(CohortRow, (), (cohort_month, month, customers))

std::string next_day(const std::string& day) {
  return core::day_text(core::parse_day(day).value_or(std::chrono::sys_days{}) + std::chrono::days{1});
}

namespace {

// The columns of sql::kPlans: the definition names the plan, its price and cycle.
struct PlanRow {
  std::int64_t id = 0;
  std::string definition;
};
BOOST_DESCRIBE_STRUCT(PlanRow, (), (id, definition))

std::vector<std::string> days_of(db::Database& db, std::string_view statement, std::int64_t tenant_id,
                                 const std::string& since) {
  return db::read_values<std::string>(db.query(statement, {tenant_id, since}));
}
}  // namespace

RefreshSource revenue_source(std::string dialect) {
  return {"revenue",
          [](db::Database& db, std::int64_t tenant_id, const std::string& since) {
            return days_of(db, sql::kRevenueDirtyDays, tenant_id, since);
          },
          [insert = sql::insert_revenue_day(dialect)](db::Session& s, std::int64_t tenant_id, const std::string& day) {
            s.execute(sql::kDeleteRevenueDay, {tenant_id, day});
            s.execute(insert, {tenant_id, day, day, next_day(day)});
          }};
}

RefreshSource subscribers_source() {
  return {"subscribers",
          [](db::Database& db, std::int64_t tenant_id, const std::string& since) {
            return days_of(db, sql::kSubscribersDirtyDays, tenant_id, since);
          },
          [](db::Session& s, std::int64_t tenant_id, const std::string& day) {
            s.execute(sql::kDeleteSubscribersDay, {tenant_id, day});
            s.execute(sql::kInsertSubscribersDay, {tenant_id, day, day, next_day(day)});
          }};
}

namespace {
// The first day of the month after a YYYY-MM month.
std::string next_month(const std::string& month) {
  int y = std::stoi(month.substr(0, 4)), m = std::stoi(month.substr(5, 2)) + 1;
  if (m > 12) m = 1, ++y;
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d", y, m);
  return buf;
}
}  // namespace

RefreshSource cohorts_source(const core::Clock& clock) {
  return {"cohorts",
          [&clock](db::Database& db, std::int64_t tenant_id, const std::string& since) {
            std::vector<std::string> months;
            const auto from =
                db::read_value<std::optional<std::string>>(db.query(sql::kCohortsDirtyFrom, {tenant_id, since}));
            if (!from || !*from) return months;
            const std::string now = db::utc_timestamp(clock.now()).substr(0, 7);
            for (std::string m = **from; m <= now && months.size() < 1200; m = next_month(m))
              months.push_back(m + "-01");
            return months;
          },
          [](db::Session& s, std::int64_t tenant_id, const std::string& day) {
            const std::string month = day.substr(0, 7);
            s.execute(sql::kDeleteCohortMonth, {tenant_id, month});
            s.execute(sql::kInsertCohortMonth, {tenant_id, month, month + "-01", next_month(month) + "-01"});
          }};
}

std::vector<CohortRow> ReportsRepository::cohorts(std::int64_t tenant_id, const std::string& from_month,
                                                  const std::string& to_month) {
  return db::read_rows<CohortRow>(db_.query(sql::kCohortRows, {tenant_id, from_month, to_month}));
}

std::vector<RevenueRow> ReportsRepository::revenue(std::int64_t tenant_id, const std::string& from,
                                                   const std::string& to) {
  return db::read_rows<RevenueRow>(db_.query(sql::kRevenueRows, {tenant_id, from, to}));
}

std::vector<SubscriberRow> ReportsRepository::subscribers(std::int64_t tenant_id, const std::string& to) {
  return db::read_rows<SubscriberRow>(db_.query(sql::kSubscriberRows, {tenant_id, to}));
}

std::vector<PlanInfo> ReportsRepository::plans(std::int64_t tenant_id) {
  std::vector<PlanInfo> out;
  for (const auto& r : db::read_rows<PlanRow>(db_.query(sql::kPlans, {tenant_id}))) {
    PlanInfo p;
    p.id = r.id;
    try {
      const auto doc = json::parse(r.definition);
      const auto& o = doc.as_object();
      if (const auto* n = o.if_contains("name"); n && n->is_string()) p.name = n->as_string();
      if (const auto* c = o.if_contains("billingCycle"); c && c->is_string()) p.cycle = c->as_string();
      if (const auto* a = o.if_contains("attributes"); a && a->is_object())
        for (const auto& [k, v] : a->as_object())
          if (v.is_string()) p.attributes.emplace_back(std::string(k), std::string(v.as_string()));
      if (const auto* price = o.if_contains("price"); price && price->is_object()) {
        if (const auto* a = price->as_object().if_contains("amount"); a && a->is_number()) p.price = a->to_number<std::int64_t>();
        if (const auto* c = price->as_object().if_contains("currency"); c && c->is_string()) p.currency = c->as_string();
      }
    } catch (const std::exception&) {
      // a definition that does not parse names no plan: its figures stay, without a name or price
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::optional<std::string> ReportsRepository::refreshed_at(std::int64_t tenant_id) {
  return db::read_value<std::optional<std::string>>(db_.query(sql::kRefreshedAt, {tenant_id})).value_or(std::nullopt);
}

void ReportsRepository::forget_refreshes(std::int64_t tenant_id) { db_.execute(sql::kForgetRefreshState, {tenant_id}); }

OperationsCounts ReportsRepository::operations(std::int64_t tenant_id, const std::string& since) {
  OperationsCounts out;
  out.failed_media_jobs = db::read_value<std::int64_t>(db_.query(sql::kFailedMediaJobsSince, {tenant_id, since})).value_or(0);
  out.failed_mail = db::read_value<std::int64_t>(db_.query(sql::kFailedMailSince, {tenant_id, since})).value_or(0);
  out.waiting_mail = db::read_value<std::int64_t>(db_.query(sql::kWaitingMail, {tenant_id})).value_or(0);
  return out;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(CohortRow, sql::kCohortRows);
PORTAL_ROW_READS(RevenueRow, sql::kRevenueRows);
PORTAL_ROW_READS(SubscriberRow, sql::kSubscriberRows);
PORTAL_ROW_READS(PlanRow, sql::kPlans);
}  // namespace portal::reports
