#pragma once
// UTC times as the portal writes and reads them: ISO-8601 text, "2026-11-28T10:00:00Z", which sorts and compares as
// text in both databases and goes over the wire as is. The one formatter and parser, on C++20's calendar (no locale,
// no time zone, no strptime). db/timestamp.hpp names them for the stored columns.
#include <boost/system/result.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace portal::core {

using UtcTime = std::chrono::system_clock::time_point;

// "2026-11-28T10:00:00Z" (whole seconds, rounded down).
std::string utc_text(UtcTime t);

// The time of "YYYY-MM-DDTHH:MM:SS", followed by nothing, "Z", or a fraction of a second (ignored) and "Z";
// nullopt for any other text or a date that does not exist.
std::optional<UtcTime> parse_utc(std::string_view text);

// A time a rule cannot do without (a stored column it computes a wait from): parse_utc's, or the caller's domain
// error Error::invalid(field, ...) naming the field, never a stand-in time.
template <class Error>
boost::system::result<UtcTime, Error> required_utc(std::string_view text, std::string field) {
  if (auto at = parse_utc(text)) return *at;
  return Error::invalid(std::move(field), "is not a UTC time: \"" + std::string(text) + "\"");
}

// A day as "YYYY-MM-DD", and back (nullopt for other text or a day that does not exist).
std::string day_text(std::chrono::sys_days day);
std::optional<std::chrono::sys_days> parse_day(std::string_view text);

}  // namespace portal::core
