#pragma once
// The inverse of db::utc_timestamp (db/timestamp.hpp): "2026-11-28T10:00:00Z" back to a time point (a fraction of
// a second is ignored); nullopt for other text. core::parse_utc (core/utc_time.hpp).
#include <chrono>
#include <optional>
#include <string_view>

#include "core/utc_time.hpp"

namespace portal::db {

inline std::optional<std::chrono::system_clock::time_point> parse_utc_timestamp(std::string_view text) {
  return core::parse_utc(text);
}

}  // namespace portal::db
