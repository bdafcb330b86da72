#include "core/utc_time.hpp"

#include <charconv>
#include <cstdio>

namespace portal::core {
namespace {

// The `width` digits at `at` as a number; false when one is not a digit.
bool digits(std::string_view text, std::size_t at, std::size_t width, int& out) {
  if (at + width > text.size()) return false;
  for (std::size_t i = at; i < at + width; ++i)
    if (text[i] < '0' || text[i] > '9') return false;
  return std::from_chars(text.data() + at, text.data() + at + width, out).ec == std::errc{};
}

// Nothing, "Z", or "." digits "Z".
bool utc_tail(std::string_view rest) {
  if (rest.empty() || rest == "Z") return true;
  if (rest.front() != '.' || rest.size() < 3 || rest.back() != 'Z') return false;
  for (char c : rest.substr(1, rest.size() - 2))
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

std::string utc_text(UtcTime t) {
  using namespace std::chrono;
  const auto secs = floor<seconds>(t);
  const auto day = floor<days>(secs);
  const year_month_day ymd{day};
  const hh_mm_ss hms{secs - day};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()), static_cast<int>(hms.hours().count()),
                static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()));
  return buf;
}

std::optional<std::chrono::sys_days> parse_day(std::string_view text) {
  using namespace std::chrono;
  int y = 0, mo = 0, d = 0;
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !digits(text, 0, 4, y) || !digits(text, 5, 2, mo) ||
      !digits(text, 8, 2, d))
    return std::nullopt;
  const year_month_day ymd{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
  if (!ymd.ok()) return std::nullopt;
  return sys_days{ymd};
}

std::string day_text(std::chrono::sys_days day) {
  return utc_text(day).substr(0, 10);
}

std::optional<UtcTime> parse_utc(std::string_view text) {
  using namespace std::chrono;
  int h = 0, mi = 0, s = 0;
  if (text.size() < 19 || text[10] != 'T' || text[13] != ':' || text[16] != ':') return std::nullopt;
  const auto day = parse_day(text.substr(0, 10));
  if (!day || !digits(text, 11, 2, h) || !digits(text, 14, 2, mi) || !digits(text, 17, 2, s) || !utc_tail(text.substr(19)))
    return std::nullopt;
  if (h > 23 || mi > 59 || s > 59) return std::nullopt;
  return *day + hours{h} + minutes{mi} + seconds{s};
}

}  // namespace portal::core
