#pragma once
// The inverse of db::utc_timestamp (db/timestamp.hpp): "2026-11-28T10:00:00Z" back to a time point (a fraction of
// a second is ignored); nullopt for other text.
#include <chrono>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace portal::db {

inline std::optional<std::chrono::system_clock::time_point> parse_utc_timestamp(std::string_view text) {
  if (text.size() < 20 || text[4] != '-' || text[10] != 'T') return std::nullopt;
  std::tm tm{};
  const std::string copy(text);
  const char* end = strptime(copy.c_str(), "%Y-%m-%dT%H:%M:%S", &tm);
  if (!end || (*end != 'Z' && *end != '.')) return std::nullopt;
  return std::chrono::system_clock::from_time_t(timegm(&tm));
}

}  // namespace portal::db
