#pragma once
// The days of a report's range (reports_service.cpp, usage_service.cpp): a UTC day "YYYY-MM-DD" read
// and written, and the most days a range may hold.
#include <chrono>
#include <optional>
#include <string>

namespace portal::reports {

inline constexpr int kMaxDays = 1100;

// nullopt when the text is not a valid day YYYY-MM-DD.
std::optional<std::chrono::sys_days> parse_day(const std::string& text);
std::string format_day(std::chrono::sys_days d);

}  // namespace portal::reports
