#pragma once
// The days and months of the reports (reports_service.cpp, usage_service.cpp, usage_source.cpp,
// royalties_service.cpp): a UTC day "YYYY-MM-DD" or month "YYYY-MM" read and written, and the most days a
// range may hold.
#include <chrono>
#include <optional>
#include <string>

#include "core/utc_time.hpp"

namespace portal::reports {

inline constexpr int kMaxDays = 1100;

// A day is read and written by core's one parser and formatter (core/utc_time.hpp). format_day stays as a name
// only for usage_source.cpp, which is being converted elsewhere; new code calls core::day_text.
using core::parse_day;
inline std::string format_day(std::chrono::sys_days d) { return core::day_text(d); }
std::string format_month(std::chrono::year_month m);
// The month `n` months after `month` (YYYY-MM; n may be negative); `month` unchanged when malformed.
std::string add_months(const std::string& month, int n);

}  // namespace portal::reports
