#include "domains/reports/report_days.hpp"

#include <cstdio>

namespace portal::reports {
namespace chr = std::chrono;

std::string format_month(chr::year_month m) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u", int(m.year()), unsigned(m.month()));
  return buf;
}

std::string add_months(const std::string& month, int n) {
  const auto first = core::parse_day(month + "-01");
  if (!first) return month;
  const chr::year_month_day ymd{*first};
  return format_month(chr::year_month{ymd.year(), ymd.month()} + chr::months{n});
}

}  // namespace portal::reports
