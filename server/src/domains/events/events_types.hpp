#pragma once
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace portal::events {

struct Event {
  std::string id;
  std::string name;             // e.g. "pageView", "instantPlay"
  boost::json::object payload;  // what the client sent
  std::optional<std::string> user_id;
  std::string created_at;       // ISO-8601 UTC
};

inline constexpr std::size_t kMaxNameLength = 64;
inline constexpr std::size_t kMaxPayloadBytes = 16 * 1024;

}  // namespace portal::events
