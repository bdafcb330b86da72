#pragma once
// A user's notifications (issue 15): the other domains write them through
// Notifier (notifier.hpp); the user lists them newest first, counts the unread
// ones for the header badge, and marks one or all read. Expected failures are
// Result errors; blocking (database pool). Knows no HTTP.
#include <atomic>
#include <cstdint>
#include <string>

#include "core/clock.hpp"
#include "domains/notifications/notifications_errors.hpp"
#include "domains/notifications/notifications_dto.hpp"
#include "domains/notifications/notifications_types.hpp"
#include "domains/notifications/notifier.hpp"

namespace portal::notifications {

class NotificationsRepository;

// A new time-ordered id: 16 hex digits that sort after every id this process
// made before (microseconds since the epoch, times 256, plus a random byte
// that keeps two instances apart).
std::string next_id();
// Whether text has the shape next_id() makes.
bool is_notification_id(std::string_view text);

class NotificationsService final : public Notifier {
 public:
  NotificationsService(NotificationsRepository& repository, const core::Clock& clock)
      : repository_(repository), clock_(clock) {}

  void notify(db::Session& s, std::int64_t tenant_id, const Note& note) override;
  void notify(std::int64_t tenant_id, const Note& note) noexcept override;

  // One page, newest first. invalid_field naming limit (1..100) or offset (>= 0).
  Result<NotificationPageDto> list(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t limit,
                                         std::int64_t offset);
  UnreadCountDto unread(std::int64_t tenant_id, const std::string& user_uuid);
  // notification_not_found for an id that is not the user's; reading
  // twice is fine (updated 0).
  Result<MarkedReadDto> mark_read(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id);
  MarkedReadDto mark_all_read(std::int64_t tenant_id, const std::string& user_uuid);

 private:
  NotificationRecord record_of(const Note& note) const;

  NotificationsRepository& repository_;
  const core::Clock& clock_;
};

}  // namespace portal::notifications
