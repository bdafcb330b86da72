#include "domains/reports/report_days.hpp"

#include <cstdio>

namespace portal::reports {
namespace chr = std::chrono;

std::optional<chr::sys_days> parse_day(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
  const chr::year_month_day ymd{chr::year{std::stoi(text.substr(0, 4))},
                                chr::month{unsigned(std::stoi(text.substr(5, 2)))},
                                chr::day{unsigned(std::stoi(text.substr(8, 2)))}};
  if (!ymd.ok()) return std::nullopt;
  return chr::sys_days(ymd);
}

std::string format_day(chr::sys_days d) {
  const chr::year_month_day ymd{d};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()));
  return buf;
}

std::string format_month(chr::year_month m) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u", int(m.year()), unsigned(m.month()));
  return buf;
}

std::string add_months(const std::string& month, int n) {
  const auto first = parse_day(month + "-01");
  if (!first) return month;
  const chr::year_month_day ymd{*first};
  return format_month(chr::year_month{ymd.year(), ymd.month()} + chr::months{n});
}

}  // namespace portal::reports
