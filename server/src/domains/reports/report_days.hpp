#pragma once
// The days and months of the reports (reports_service.cpp, usage_service.cpp, usage_source.cpp,
// royalties_service.cpp): a UTC day "YYYY-MM-DD" or month "YYYY-MM" read and written, and the most days a
// range may hold.
#include <chrono>
#include <optional>
#include <string>

namespace portal::reports {

inline constexpr int kMaxDays = 1100;

// nullopt when the text is not a valid day YYYY-MM-DD.
std::optional<std::chrono::sys_days> parse_day(const std::string& text);
std::string format_day(std::chrono::sys_days d);
std::string format_month(std::chrono::year_month m);
// The month `n` months after `month` (YYYY-MM; n may be negative); `month` unchanged when malformed.
std::string add_months(const std::string& month, int n);

}  // namespace portal::reports
