#pragma once
// A user's notifications with their read state (issue 15; docs/decisions.md
// "Notifications"): rows as stored (the four calls' wire shapes: notifications_dto.hpp). No SQL or HTTP types.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace portal::notifications {

inline constexpr std::int64_t kDefaultPageSize = 20;
inline constexpr std::int64_t kMaxPageSize = 100;

// As stored.
struct NotificationRecord {
  std::string id;  // time-ordered, 16 hex digits
  std::string user_uuid;
  std::string kind;
  std::map<std::string, std::string> params;
  std::string target;
  std::string created_at;
  std::optional<std::string> read_at;
};

}  // namespace portal::notifications
