#include "domains/reports/reports_repository.hpp"

#include <boost/json.hpp>
#include <chrono>
#include <cstdio>

#include "db/timestamp.hpp"
#include "domains/reports/reports_sql.hpp"

namespace portal::reports {
namespace json = boost::json;

std::string next_day(const std::string& day) {
  int y = 0;
  unsigned m = 0, d = 0;
  std::sscanf(day.c_str(), "%d-%u-%u", &y, &m, &d);
  const std::chrono::sys_days next =
      std::chrono::sys_days(std::chrono::year_month_day{std::chrono::year{y}, std::chrono::month{m}, std::chrono::day{d}}) +
      std::chrono::days{1};
  const std::chrono::year_month_day ymd{next};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()));
  return buf;
}

namespace {
std::vector<std::string> days_of(db::Database& db, std::string_view statement, std::int64_t tenant_id,
                                 const std::string& since) {
  std::vector<std::string> days;
  for (const auto& r : db.query(statement, {tenant_id, since})) days.push_back(r.text(0));
  return days;
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
            auto rows = db.query(sql::kCohortsDirtyFrom, {tenant_id, since});
            if (rows.empty() || rows[0].is_null(0)) return months;
            const std::string now = db::utc_timestamp(clock.now()).substr(0, 7);
            for (std::string m = rows[0].text(0); m <= now && months.size() < 1200; m = next_month(m))
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
  std::vector<CohortRow> out;
  for (const auto& r : db_.query(sql::kCohortRows, {tenant_id, from_month, to_month}))
    out.push_back({r.text(0), r.text(1), r.integer(2)});
  return out;
}

std::vector<RevenueRow> ReportsRepository::revenue(std::int64_t tenant_id, const std::string& from,
                                                   const std::string& to) {
  std::vector<RevenueRow> out;
  for (const auto& r : db_.query(sql::kRevenueRows, {tenant_id, from, to}))
    out.push_back({r.text(0), r.text(1), r.text(2), r.text(3), r.text(5), r.integer(4), r.integer(6), r.integer(7),
                   r.integer(8), r.integer(9)});
  return out;
}

std::vector<SubscriberRow> ReportsRepository::subscribers(std::int64_t tenant_id, const std::string& to) {
  std::vector<SubscriberRow> out;
  for (const auto& r : db_.query(sql::kSubscriberRows, {tenant_id, to}))
    out.push_back({r.text(0), r.integer(1), r.integer(2), r.integer(3), r.integer(4), r.integer(5), r.integer(6),
                   r.integer(7), r.integer(8), r.integer(9), r.integer(10)});
  return out;
}

std::vector<PlanInfo> ReportsRepository::plans(std::int64_t tenant_id) {
  std::vector<PlanInfo> out;
  for (const auto& r : db_.query(sql::kPlans, {tenant_id})) {
    PlanInfo p;
    p.id = r.integer(0);
    try {
      const auto doc = json::parse(r.text(1));
      const auto& o = doc.as_object();
      if (const auto* n = o.if_contains("name"); n && n->is_string()) p.name = n->as_string();
      if (const auto* c = o.if_contains("billingCycle"); c && c->is_string()) p.cycle = c->as_string();
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
  auto rows = db_.query(sql::kRefreshedAt, {tenant_id});
  if (rows.empty()) return std::nullopt;
  return rows[0].optional_text(0);
}

}  // namespace portal::reports
