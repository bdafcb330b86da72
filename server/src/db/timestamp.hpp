#pragma once
// Times are stored as ISO-8601 UTC text ("2024-05-01T12:00:00Z") in both
// dialects: it sorts as text and reads the same in SQLite and PostgreSQL.
#include <chrono>
#include <ctime>
#include <string>

namespace portal::db {

inline std::string utc_timestamp(std::chrono::system_clock::time_point t = std::chrono::system_clock::now()) {
  std::time_t secs = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace portal::db
