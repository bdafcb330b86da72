#pragma once
// Notification storage. Every call takes the tenant id first and blocks: run
// it on the database pool.
#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "domains/notifications/notifications_types.hpp"

namespace portal::notifications {

class NotificationsRepository {
 public:
  explicit NotificationsRepository(db::Database& db) : db_(db) {}

  // A record with the same non-empty source for that user is kept as it was.
  void insert(db::Session& s, std::int64_t tenant_id, const NotificationRecord& n, const std::string& source);
  void insert(std::int64_t tenant_id, const NotificationRecord& n, const std::string& source);

  std::vector<NotificationRecord> page(std::int64_t tenant_id, const std::string& user_uuid, std::int64_t limit,
                                       std::int64_t offset);
  std::int64_t count(std::int64_t tenant_id, const std::string& user_uuid);
  std::int64_t unread(std::int64_t tenant_id, const std::string& user_uuid);
  bool exists(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id);
  // How many changed (0: already read, or not the user's).
  std::int64_t mark_read(std::int64_t tenant_id, const std::string& user_uuid, const std::string& id,
                         const std::string& now);
  std::int64_t mark_all_read(std::int64_t tenant_id, const std::string& user_uuid, const std::string& now);

 private:
  db::Database& db_;
};

}  // namespace portal::notifications
