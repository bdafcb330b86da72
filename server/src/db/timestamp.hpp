#pragma once
// Times are stored as ISO-8601 UTC text ("2024-05-01T12:00:00Z") in both dialects: it sorts as text and reads the
// same in SQLite and PostgreSQL. The form is core's (core/utc_time.hpp).
#include <chrono>
#include <string>

#include "core/utc_time.hpp"

namespace portal::db {

inline std::string utc_timestamp(std::chrono::system_clock::time_point t = std::chrono::system_clock::now()) {
  return core::utc_text(t);
}

}  // namespace portal::db
