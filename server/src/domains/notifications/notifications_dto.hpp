#pragma once
// The notifications' four calls on the wire (GET /backend/notifications, its unread count, mark one or all read).
#include <boost/describe/class.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace portal::notifications {

struct NotificationDto {
  std::string id;
  std::string kind;
  std::map<std::string, std::string> params;
  std::string target;  // a portal path (no language prefix)
  bool read = false;
  std::string createdAt;
  std::optional<std::string> readAt;
};
BOOST_DESCRIBE_STRUCT(NotificationDto, (), (id, kind, params, target, read, createdAt, readAt))

// GET /backend/notifications: one page, newest first.
struct NotificationPageDto {
  std::vector<NotificationDto> items;
  std::int64_t total = 0;
  std::int64_t unread = 0;
  std::int64_t offset = 0;
  std::int64_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(NotificationPageDto, (), (items, total, unread, offset, limit))

struct UnreadCountDto {
  std::int64_t unread = 0;
};
BOOST_DESCRIBE_STRUCT(UnreadCountDto, (), (unread))

// Mark read: how many changed (0 when already read) and what is left unread.
struct MarkedReadDto {
  std::int64_t updated = 0;
  std::int64_t unread = 0;
};
BOOST_DESCRIBE_STRUCT(MarkedReadDto, (), (updated, unread))

}  // namespace portal::notifications
